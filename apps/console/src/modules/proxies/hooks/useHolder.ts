import { HolderSessionResponse, type HolderSplit } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { portalApi } from '../../../api/portal-api';
import { useLanguage } from '../../../i18n/use-language';
import { queryKeys } from '../../../api/query-keys';

const key = (shortCode: string) => `livevote.holder.${shortCode}`;

function load(shortCode: string): HolderSessionResponse | undefined {
  try {
    const raw = window.sessionStorage.getItem(key(shortCode));
    const stored = raw
      ? HolderSessionResponse.safeParse(JSON.parse(raw))
      : undefined;
    const session = stored?.success ? stored.data : undefined;
    return session && Date.parse(session.expiresAt) > Date.now() + 60_000
      ? session
      : undefined;
  } catch {
    return undefined;
  }
}

function save(shortCode: string, session: HolderSessionResponse): void {
  try {
    window.sessionStorage.setItem(key(shortCode), JSON.stringify(session));
  } catch {
    // without storage the session lasts as long as the page
  }
}

/** The holder's way in: the link's `?token=` (removed once traded), or this tab's session. */
export function useHolderSession(shortCode: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [session, setSession] = useState(() =>
    token ? undefined : load(shortCode),
  );
  const start = useMutation({
    mutationFn: (holderToken: string) =>
      portalApi.holderSession(shortCode, holderToken),
    onSuccess: (next) => {
      save(shortCode, next);
      setSession(next);
      setSearchParams({}, { replace: true });
    },
  });
  const started = useRef<string>(null);
  const { mutate } = start;
  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    mutate(token);
  }, [token, mutate]);
  return {
    session,
    joining: start.isPending || (Boolean(token) && start.isIdle),
    error: start.error,
  };
}

/** What the holder holds, kept fresh while the page is open (matters open and close). */
export function useHolderView(
  shortCode: string,
  session: HolderSessionResponse,
) {
  // the view answers in the page's language (Accept-Language, docs/i18n.md): asked again on a change
  const language = useLanguage();
  return useQuery({
    queryKey: [
      ...queryKeys.holderView(shortCode, session.holder.key),
      language,
    ],
    queryFn: () => portalApi.holderView(shortCode, session.token),
    refetchInterval: 3000,
  });
}

export function useHolderCast(
  shortCode: string,
  session: HolderSessionResponse,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      matterKey,
      split,
    }: {
      matterKey: string;
      split: HolderSplit[];
    }) => portalApi.holderCast(shortCode, matterKey, split, session.token),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.holderView(shortCode, session.holder.key),
      }),
  });
}

export function useHolderPresence(
  shortCode: string,
  session: HolderSessionResponse,
) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationFn: (present: boolean) =>
      portalApi.holderPresence(shortCode, present, session.token),
    onSuccess: (view) =>
      queryClient.setQueryData(
        [...queryKeys.holderView(shortCode, session.holder.key), language],
        view,
      ),
  });
}
