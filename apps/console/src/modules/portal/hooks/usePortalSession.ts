import type {
  PortalRegisterRequest,
  PortalSessionResponse,
  PortalVoter,
} from '@livevote/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { portalApi } from '../../../api/portal-api';
import {
  clearVoterSession,
  loadVoterSession,
  saveVoterSession,
} from '../utils/voter-session-store';

export interface PortalSession {
  session?: PortalSessionResponse;
  /** Trading the invite link for a session. */
  joining: boolean;
  inviteError: unknown;
  register: ReturnType<typeof useRegister>;
  signOut: () => void;
  /** Keeps the voter as the gateway now has it (their language). */
  voterChanged: (voter: PortalVoter) => void;
}

function useRegister(
  shortCode: string,
  onSession: (session: PortalSessionResponse) => void,
) {
  return useMutation({
    mutationFn: (body: PortalRegisterRequest) =>
      portalApi.register(shortCode, body),
    onSuccess: onSession,
  });
}

/**
 * The voter's way in: the personal invite link (`?invite=`, removed from the address once
 * used), a session from earlier in this tab, or the control-number form.
 */
export function usePortalSession(shortCode: string): PortalSession {
  const [searchParams, setSearchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  const [session, setSession] = useState(() =>
    invite ? undefined : loadVoterSession(shortCode),
  );
  const accept = (next: PortalSessionResponse) => {
    saveVoterSession(shortCode, next);
    setSession(next);
  };
  const join = useMutation({
    mutationFn: (token: string) => portalApi.startSession(shortCode, token),
    onSuccess: (next) => {
      accept(next);
      setSearchParams({}, { replace: true });
    },
  });
  const register = useRegister(shortCode, accept);
  const started = useRef<string>(null);

  const { mutate } = join;
  useEffect(() => {
    if (!invite || started.current === invite) return;
    started.current = invite;
    mutate(invite);
  }, [invite, mutate]);

  return {
    session,
    joining: join.isPending || (Boolean(invite) && join.isIdle),
    inviteError: join.error,
    register,
    signOut: () => {
      clearVoterSession(shortCode);
      setSession(undefined);
    },
    voterChanged: (voter) => {
      if (session) accept({ ...session, voter });
    },
  };
}
