import type { CastBallotRequest } from '@livevote/contracts';
import type { BallotBody } from '@livevote/rules';
import type {
  AskQuestionRequest,
  SubmitNominationRequest,
  HolderSplit,
  MemberProxy,
  PortalRegisterRequest,
  PortalVoterUpdate,
  RsvpAnswer,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { request } from './http-client';
import { portalRoutes as routes } from './portal-routes';
import { createClient } from './route';

const { call, open } = createClient(request);

/** The voter portal API (`/portal/v1`): the routes of portal-routes.ts. */
export const portalApi = {
  startSession: (shortCode: string, inviteToken: string) =>
    call(routes.startSession, { shortCode }, { body: { inviteToken } }),
  register: (shortCode: string, body: PortalRegisterRequest) =>
    call(routes.register, { shortCode }, { body }),
  /** The voter's own language (null: the browser's, else the meeting's). */
  updateVoter: (
    shortCode: string,
    body: PortalVoterUpdate,
    voterToken: string,
  ) =>
    call(routes.updateVoter, { shortCode }, { body, accessToken: voterToken }),
  getMeeting: (shortCode: string, voterToken: string) =>
    call(routes.getMeeting, { shortCode }, { accessToken: voterToken }),
  /** The member's own ballots, one a matter it voted on: one request, never a 404 per matter. */
  ownBallots: (shortCode: string, voterToken: string) =>
    call(routes.ownBallots, { shortCode }, { accessToken: voterToken }),
  /** The meeting's name and date for the way in, before any sign-in. */
  entry: (shortCode: string) => call(routes.entry, { shortCode }),
  /** `idempotencyKey` stays the same across retries of one choice, so a retry is harmless. */
  castBallot: (
    shortCode: string,
    matterKey: string,
    body: BallotBody,
    voterToken: string,
    idempotencyKey: string,
  ) =>
    call(
      routes.castBallot,
      { shortCode, matterKey },
      {
        // `{choices}`, `{allocations}` or `{ranking}`, by the matter's voting method
        body: body as CastBallotRequest,
        accessToken: voterToken,
        headers: { 'Idempotency-Key': idempotencyKey },
      },
    ),

  /** The voter's link into the video room; null when the meeting has no webcast. */
  webcast: async (shortCode: string, voterToken: string) => {
    const webcast = await call(
      routes.webcast,
      { shortCode },
      { accessToken: voterToken },
    );
    return webcast ?? null;
  },
  rsvp: (shortCode: string, voterToken: string) =>
    call(routes.rsvp, { shortCode }, { accessToken: voterToken }),
  setRsvp: (shortCode: string, attending: RsvpAnswer, voterToken: string) =>
    call(
      routes.setRsvp,
      { shortCode },
      { body: { attending }, accessToken: voterToken },
    ),
  checkInCode: (shortCode: string, voterToken: string) =>
    call(routes.checkInCode, { shortCode }, { accessToken: voterToken }),
  documents: (shortCode: string, voterToken: string) =>
    call(routes.documents, { shortCode }, { accessToken: voterToken }),
  /** A document's bytes: the download needs the voter token, so it cannot be a plain link. */
  async downloadDocument(
    shortCode: string,
    documentKey: string,
    voterToken: string,
  ): Promise<Blob> {
    const response = await open(
      routes.downloadDocument,
      { shortCode, documentKey },
      { accessToken: voterToken, headers: { Accept: '*/*' } },
    );
    return response.blob();
  },
  /** The member's receipts and what became of each (docs/verifiability.md). */
  receipts: (shortCode: string, voterToken: string) =>
    call(routes.receipts, { shortCode }, { accessToken: voterToken }),
  emailReceipt: (shortCode: string, receipt: string, voterToken: string) =>
    call(
      routes.emailReceipt,
      { shortCode, receipt },
      { accessToken: voterToken },
    ),
  publishedCount: (shortCode: string, matterKey: string, voterToken: string) =>
    call(
      routes.publishedCount,
      { shortCode, matterKey },
      { accessToken: voterToken },
    ),
  ownQuestions: (shortCode: string, voterToken: string) =>
    call(routes.ownQuestions, { shortCode }, { accessToken: voterToken }),
  askQuestion: (
    shortCode: string,
    body: AskQuestionRequest,
    voterToken: string,
  ) =>
    call(routes.askQuestion, { shortCode }, { body, accessToken: voterToken }),

  ownNominations: (shortCode: string, voterToken: string) =>
    call(routes.ownNominations, { shortCode }, { accessToken: voterToken }),
  submitNomination: (
    shortCode: string,
    body: SubmitNominationRequest,
    voterToken: string,
  ) =>
    call(
      routes.submitNomination,
      { shortCode },
      { body, accessToken: voterToken },
    ),
  withdrawNomination: (
    shortCode: string,
    nominationKey: string,
    voterToken: string,
  ) =>
    call(
      routes.withdrawNomination,
      { shortCode, nominationKey },
      { accessToken: voterToken },
    ),

  proxyForm: (shortCode: string, voterToken: string) =>
    call(routes.proxyForm, { shortCode }, { accessToken: voterToken }),
  /** The member's latest proxy, or null when it never gave one. */
  async ownProxy(
    shortCode: string,
    voterToken: string,
  ): Promise<MemberProxy | null> {
    const proxy = await call(
      routes.ownProxy,
      { shortCode },
      { accessToken: voterToken },
    );
    return proxy ?? null;
  },
  submitProxy: (
    shortCode: string,
    body: SubmitProxyRequest,
    voterToken: string,
  ) =>
    call(routes.submitProxy, { shortCode }, { body, accessToken: voterToken }),
  withdrawProxy: (shortCode: string, voterToken: string) =>
    call(routes.withdrawProxy, { shortCode }, { accessToken: voterToken }),

  holderSession: (shortCode: string, holderToken: string) =>
    call(routes.holderSession, { shortCode }, { body: { holderToken } }),
  holderView: (shortCode: string, sessionToken: string) =>
    call(routes.holderView, { shortCode }, { accessToken: sessionToken }),
  holderPresence: (shortCode: string, present: boolean, sessionToken: string) =>
    call(
      routes.holderPresence,
      { shortCode },
      { body: { present }, accessToken: sessionToken },
    ),
  holderCast: (
    shortCode: string,
    matterKey: string,
    split: HolderSplit[],
    sessionToken: string,
  ) =>
    call(
      routes.holderCast,
      { shortCode, matterKey },
      { body: { split }, accessToken: sessionToken },
    ),
};
