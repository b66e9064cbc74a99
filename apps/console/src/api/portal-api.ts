import type {
  BallotReceipt,
  HolderCastResponse,
  HolderSessionResponse,
  HolderSplit,
  HolderView,
  MemberProxy,
  OwnBallot,
  PortalMeeting,
  PortalRegisterRequest,
  PortalSessionResponse,
  PortalVoter,
  PortalVoterUpdate,
  ProxyForm,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { ApiError, requestJson } from './http-client';

const base = (shortCode: string) =>
  `/portal/v1/Meetings/${encodeURIComponent(shortCode)}`;

/** The voter portal API (`/portal/v1`). */
export const portalApi = {
  startSession: (shortCode: string, inviteToken: string) =>
    requestJson<PortalSessionResponse>(`${base(shortCode)}/session`, {
      method: 'POST',
      body: { inviteToken },
    }),
  register: (shortCode: string, body: PortalRegisterRequest) =>
    requestJson<PortalSessionResponse>(`${base(shortCode)}/register`, {
      method: 'POST',
      body,
    }),
  /** The voter's own language (null: the browser's, else the meeting's). */
  updateVoter: (
    shortCode: string,
    body: PortalVoterUpdate,
    voterToken: string,
  ) =>
    requestJson<PortalVoter>(`${base(shortCode)}/voter`, {
      method: 'PATCH',
      body,
      accessToken: voterToken,
    }),
  getMeeting: (shortCode: string, voterToken: string) =>
    requestJson<PortalMeeting>(base(shortCode), { accessToken: voterToken }),
  /** The member's own ballot on the matter, or null when there is none. */
  async ownBallot(
    shortCode: string,
    matterKey: string,
    voterToken: string,
  ): Promise<OwnBallot | null> {
    try {
      return await requestJson<OwnBallot>(
        `${base(shortCode)}/matters/${encodeURIComponent(matterKey)}/ballot`,
        { accessToken: voterToken },
      );
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) return null;
      throw caught;
    }
  },
  /** `idempotencyKey` stays the same across retries of one choice, so a retry is harmless. */
  castBallot: (
    shortCode: string,
    matterKey: string,
    choices: string[],
    voterToken: string,
    idempotencyKey: string,
  ) =>
    requestJson<BallotReceipt>(
      `${base(shortCode)}/matters/${encodeURIComponent(matterKey)}/ballots`,
      {
        method: 'POST',
        body: { choices },
        accessToken: voterToken,
        headers: { 'Idempotency-Key': idempotencyKey },
      },
    ),

  proxyForm: (shortCode: string, voterToken: string) =>
    requestJson<ProxyForm>(`${base(shortCode)}/proxy-form`, {
      accessToken: voterToken,
    }),
  /** The member's latest proxy, or null when it never gave one. */
  async ownProxy(
    shortCode: string,
    voterToken: string,
  ): Promise<MemberProxy | null> {
    try {
      return await requestJson<MemberProxy>(`${base(shortCode)}/proxy`, {
        accessToken: voterToken,
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) return null;
      throw caught;
    }
  },
  submitProxy: (
    shortCode: string,
    body: SubmitProxyRequest,
    voterToken: string,
  ) =>
    requestJson<MemberProxy>(`${base(shortCode)}/proxy`, {
      method: 'POST',
      body,
      accessToken: voterToken,
    }),
  withdrawProxy: (shortCode: string, voterToken: string) =>
    requestJson<void>(`${base(shortCode)}/proxy`, {
      method: 'DELETE',
      accessToken: voterToken,
    }),

  holderSession: (shortCode: string, holderToken: string) =>
    requestJson<HolderSessionResponse>(`${base(shortCode)}/holder/session`, {
      method: 'POST',
      body: { holderToken },
    }),
  holderView: (shortCode: string, sessionToken: string) =>
    requestJson<HolderView>(`${base(shortCode)}/holder/proxies`, {
      accessToken: sessionToken,
    }),
  holderPresence: (shortCode: string, present: boolean, sessionToken: string) =>
    requestJson<HolderView>(`${base(shortCode)}/holder/presence`, {
      method: 'PUT',
      body: { present },
      accessToken: sessionToken,
    }),
  holderCast: (
    shortCode: string,
    matterKey: string,
    split: HolderSplit[],
    sessionToken: string,
  ) =>
    requestJson<HolderCastResponse>(
      `${base(shortCode)}/holder/matters/${encodeURIComponent(matterKey)}/ballots`,
      { method: 'POST', body: { split }, accessToken: sessionToken },
    ),
};
