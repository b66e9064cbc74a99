import type {
  AskQuestionRequest,
  BallotReceipt,
  EmailReceiptResponse,
  PublishedCount,
  ReceiptStatus,
  HolderCastResponse,
  HolderSessionResponse,
  HolderSplit,
  HolderView,
  MemberProxy,
  PortalCheckInCode,
  PortalDocument,
  PortalRsvp,
  RsvpAnswer,
  OwnQuestion,
  OwnQuestions,
  OwnBallots,
  PortalEntry,
  PortalMeeting,
  PortalRegisterRequest,
  PortalSessionResponse,
  PortalVoter,
  PortalVoterUpdate,
  ProxyForm,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { ApiError, request, requestJson } from './http-client';

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
  /** The member's own ballots, one a matter it voted on: one request, never a 404 per matter. */
  ownBallots: (shortCode: string, voterToken: string) =>
    requestJson<OwnBallots>(`${base(shortCode)}/ballots`, {
      accessToken: voterToken,
    }),
  /** The meeting's name and date for the way in, before any sign-in. */
  entry: (shortCode: string) =>
    requestJson<PortalEntry>(`${base(shortCode)}/entry`),
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

  rsvp: (shortCode: string, voterToken: string) =>
    requestJson<PortalRsvp>(`${base(shortCode)}/rsvp`, {
      accessToken: voterToken,
    }),
  setRsvp: (shortCode: string, attending: RsvpAnswer, voterToken: string) =>
    requestJson<PortalRsvp>(`${base(shortCode)}/rsvp`, {
      method: 'PUT',
      body: { attending },
      accessToken: voterToken,
    }),
  checkInCode: (shortCode: string, voterToken: string) =>
    requestJson<PortalCheckInCode>(`${base(shortCode)}/check-in-code`, {
      accessToken: voterToken,
    }),
  documents: (shortCode: string, voterToken: string) =>
    requestJson<PortalDocument[]>(`${base(shortCode)}/documents`, {
      accessToken: voterToken,
    }),
  /** A document's bytes: the download needs the voter token, so it cannot be a plain link. */
  async downloadDocument(
    shortCode: string,
    documentKey: string,
    voterToken: string,
  ): Promise<Blob> {
    const response = await request(
      `${base(shortCode)}/documents/${encodeURIComponent(documentKey)}`,
      { accessToken: voterToken, headers: { Accept: '*/*' } },
    );
    return response.blob();
  },
  /** The member's receipts and what became of each (docs/verifiability.md). */
  receipts: (shortCode: string, voterToken: string) =>
    requestJson<ReceiptStatus[]>(`${base(shortCode)}/receipts`, {
      accessToken: voterToken,
    }),
  emailReceipt: (shortCode: string, receipt: string, voterToken: string) =>
    requestJson<EmailReceiptResponse>(
      `${base(shortCode)}/receipts/${encodeURIComponent(receipt)}/email`,
      { method: 'POST', accessToken: voterToken },
    ),
  publishedCount: (shortCode: string, matterKey: string, voterToken: string) =>
    requestJson<PublishedCount>(
      `${base(shortCode)}/matters/${encodeURIComponent(matterKey)}/published`,
      { accessToken: voterToken },
    ),
  ownQuestions: (shortCode: string, voterToken: string) =>
    requestJson<OwnQuestions>(`${base(shortCode)}/questions`, {
      accessToken: voterToken,
    }),
  askQuestion: (
    shortCode: string,
    body: AskQuestionRequest,
    voterToken: string,
  ) =>
    requestJson<OwnQuestion>(`${base(shortCode)}/questions`, {
      method: 'POST',
      body,
      accessToken: voterToken,
    }),

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
