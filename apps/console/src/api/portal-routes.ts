import {
  AskQuestionRequest,
  BallotReceipt,
  CastBallotRequest,
  EmailReceiptResponse,
  HolderCastRequest,
  HolderCastResponse,
  HolderPresenceRequest,
  HolderSessionRequest,
  HolderSessionResponse,
  HolderView,
  MemberProxy,
  Nomination,
  NominationList,
  OwnBallots,
  OwnQuestion,
  OwnQuestions,
  PortalCheckInCode,
  PortalDocument,
  PortalEntry,
  PortalMeeting,
  PortalRegisterRequest,
  PortalRsvp,
  PortalSessionRequest,
  PortalSessionResponse,
  PortalVoter,
  PortalVoterUpdate,
  PortalWebcast,
  ProxyForm,
  PublishedCount,
  ReceiptStatus,
  RsvpRequest,
  SubmitNominationRequest,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { z } from 'zod';
import type { Route } from './route';

const meeting = '/portal/v1/Meetings/:shortCode';

/** The routes of the voter portal API (`/portal/v1`) the console calls, typed by libs/contracts. */
export const portalRoutes = {
  startSession: {
    method: 'POST',
    path: `${meeting}/session`,
    body: PortalSessionRequest,
    answer: PortalSessionResponse,
  },
  register: {
    method: 'POST',
    path: `${meeting}/register`,
    body: PortalRegisterRequest,
    answer: PortalSessionResponse,
  },
  updateVoter: {
    method: 'PATCH',
    path: `${meeting}/voter`,
    body: PortalVoterUpdate,
    answer: PortalVoter,
  },
  getMeeting: { method: 'GET', path: meeting, answer: PortalMeeting },
  ownBallots: { method: 'GET', path: `${meeting}/ballots`, answer: OwnBallots },
  entry: { method: 'GET', path: `${meeting}/entry`, answer: PortalEntry },
  castBallot: {
    method: 'POST',
    path: `${meeting}/matters/:matterKey/ballots`,
    body: CastBallotRequest,
    answer: BallotReceipt,
  },

  rsvp: { method: 'GET', path: `${meeting}/rsvp`, answer: PortalRsvp },
  setRsvp: {
    method: 'PUT',
    path: `${meeting}/rsvp`,
    body: RsvpRequest,
    answer: PortalRsvp,
  },
  checkInCode: {
    method: 'GET',
    path: `${meeting}/check-in-code`,
    answer: PortalCheckInCode,
  },
  /** The voter's own link into the video room (docs/webcast.md); 204 without a webcast. */
  webcast: {
    method: 'GET',
    path: `${meeting}/webcast`,
    answer: PortalWebcast.optional(),
  },
  documents: {
    method: 'GET',
    path: `${meeting}/documents`,
    answer: z.array(PortalDocument),
  },
  /** The document's bytes, saved as they come. */
  downloadDocument: {
    method: 'GET',
    path: `${meeting}/documents/:documentKey`,
    answer: null,
  },
  receipts: {
    method: 'GET',
    path: `${meeting}/receipts`,
    answer: z.array(ReceiptStatus),
  },
  emailReceipt: {
    method: 'POST',
    path: `${meeting}/receipts/:receipt/email`,
    answer: EmailReceiptResponse,
  },
  publishedCount: {
    method: 'GET',
    path: `${meeting}/matters/:matterKey/published`,
    answer: PublishedCount,
  },
  ownQuestions: {
    method: 'GET',
    path: `${meeting}/questions`,
    answer: OwnQuestions,
  },
  askQuestion: {
    method: 'POST',
    path: `${meeting}/questions`,
    body: AskQuestionRequest,
    answer: OwnQuestion,
  },

  ownNominations: {
    method: 'GET',
    path: `${meeting}/nominations`,
    answer: NominationList,
  },
  submitNomination: {
    method: 'POST',
    path: `${meeting}/nominations`,
    body: SubmitNominationRequest,
    answer: Nomination,
  },
  withdrawNomination: {
    method: 'DELETE',
    path: `${meeting}/nominations/:nominationKey`,
    answer: null,
  },

  proxyForm: {
    method: 'GET',
    path: `${meeting}/proxy-form`,
    answer: ProxyForm,
  },
  /** 204 (undefined) when the member never gave a proxy. */
  ownProxy: {
    method: 'GET',
    path: `${meeting}/proxy`,
    answer: MemberProxy.optional(),
  },
  submitProxy: {
    method: 'POST',
    path: `${meeting}/proxy`,
    body: SubmitProxyRequest,
    answer: MemberProxy,
  },
  withdrawProxy: { method: 'DELETE', path: `${meeting}/proxy`, answer: null },

  holderSession: {
    method: 'POST',
    path: `${meeting}/holder/session`,
    body: HolderSessionRequest,
    answer: HolderSessionResponse,
  },
  holderView: {
    method: 'GET',
    path: `${meeting}/holder/proxies`,
    answer: HolderView,
  },
  holderPresence: {
    method: 'PUT',
    path: `${meeting}/holder/presence`,
    body: HolderPresenceRequest,
    answer: HolderView,
  },
  holderCast: {
    method: 'POST',
    path: `${meeting}/holder/matters/:matterKey/ballots`,
    body: HolderCastRequest,
    answer: HolderCastResponse,
  },
} as const satisfies Record<string, Route>;
