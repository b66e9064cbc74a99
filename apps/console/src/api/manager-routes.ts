import {
  DisableMfaRequest,
  EnrolMfaRequest,
  MfaSecretResponse,
  TieBreakRequest,
  Account,
  AccountUser,
  CreateInvitationRequest,
  Invitation,
  PatchAccountUserRequest,
  BallotReceipt,
  BulkInviteRequest,
  BulkInviteResult,
  CheckInList,
  CheckInRequest,
  CheckInResult,
  ConnectedVoters,
  CreateMatterRequest,
  CreateMeetingRequest,
  CreateMemberRequest,
  CreateVoterRequest,
  FloorBallotRequest,
  FloorBallotResponse,
  HolderCastRequest,
  HolderCastResponse,
  HolderPresenceRequest,
  HolderView,
  ImportMembersResponse,
  InviteResult,
  Matter,
  Nomination,
  NominationList,
  RejectNominationRequest,
  MatterActionRequest,
  MatterTallyRow,
  MatterVoterRecord,
  Meeting,
  MeetingDocument,
  MeetingSettings,
  MeetingStats,
  Member,
  MemberProxy,
  ModerateQuestionRequest,
  NotVotedUnit,
  PaperProxyRequest,
  PatchMeetingRequest,
  PatchMeetingSettingsRequest,
  PendingFloorBallot,
  PersonalLink,
  ProxyHolderSummary,
  PublishedCount,
  PutWebcastRequest,
  Question,
  RecordBallotRequest,
  RegisterDocumentRequest,
  RejectProxyRequest,
  ScreenTokenResponse,
  ScreenTokenSummary,
  SignOffStatus,
  UpdateMatterRequest,
  UpdateMemberRequest,
  UpdateVoterRequest,
  UploadedDocument,
  Voter,
  Webcast,
  WebcastLaunch,
} from '@livevote/contracts';
import { z } from 'zod';
import type { Route } from './route';

const meeting = '/v1/Meetings/:shortCode';
const member = `${meeting}/members/:memberKey`;
const voter = `${member}/voters/:email`;
const matter = `${meeting}/matters/:matterKey`;
const holder = `${meeting}/proxy-holders/:holderKey`;

/** The routes of the management API (`/v1`) the console calls, typed by libs/contracts. */
export const managerRoutes = {
  mfaSecret: {
    method: 'POST',
    path: '/auth/mfa/secret',
    answer: MfaSecretResponse,
  },
  enrolMfa: {
    method: 'POST',
    path: '/auth/mfa',
    body: EnrolMfaRequest,
    answer: null,
  },
  disableMfa: {
    method: 'POST',
    path: '/auth/mfa/off',
    body: DisableMfaRequest,
    answer: null,
  },

  listAccounts: {
    method: 'GET',
    path: '/v1/Accounts',
    answer: z.array(Account),
  },
  getAccount: {
    method: 'GET',
    path: '/v1/Accounts/:accountKey',
    answer: Account,
  },

  listTeam: {
    method: 'GET',
    path: '/v1/Accounts/:accountKey/users',
    answer: z.array(AccountUser),
  },
  setRoles: {
    method: 'PATCH',
    path: '/v1/Accounts/:accountKey/users/:email',
    body: PatchAccountUserRequest,
    answer: AccountUser,
  },
  removeFromTeam: {
    method: 'DELETE',
    path: '/v1/Accounts/:accountKey/users/:email',
    answer: null,
  },
  listInvitations: {
    method: 'GET',
    path: '/v1/Accounts/:accountKey/invitations',
    answer: z.array(Invitation),
  },
  invite: {
    method: 'POST',
    path: '/v1/Accounts/:accountKey/invitations',
    body: CreateInvitationRequest,
    answer: Invitation,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/v1/Accounts/:accountKey/invitations/:invitationKey',
    answer: null,
  },

  listMeetings: {
    method: 'GET',
    path: '/v1/Accounts/:accountKey/meetings',
    answer: z.array(Meeting),
  },
  createMeeting: {
    method: 'POST',
    path: '/v1/Accounts/:accountKey/meetings',
    body: CreateMeetingRequest,
    answer: Meeting,
  },
  getMeeting: { method: 'GET', path: meeting, answer: Meeting },
  patchMeeting: {
    method: 'PATCH',
    path: meeting,
    body: PatchMeetingRequest,
    answer: Meeting,
  },
  getSettings: {
    method: 'GET',
    path: `${meeting}/settings`,
    answer: MeetingSettings,
  },
  patchSettings: {
    method: 'PATCH',
    path: `${meeting}/settings`,
    body: PatchMeetingSettingsRequest,
    answer: MeetingSettings,
  },
  getStats: { method: 'GET', path: `${meeting}/stats`, answer: MeetingStats },

  listCheckIns: {
    method: 'GET',
    path: `${meeting}/check-ins`,
    answer: CheckInList,
  },
  checkIn: {
    method: 'POST',
    path: `${meeting}/check-ins`,
    body: CheckInRequest,
    answer: CheckInResult,
  },
  checkOut: {
    method: 'DELETE',
    path: `${meeting}/check-ins/:voterKey`,
    answer: CheckInResult,
  },

  listMembers: {
    method: 'GET',
    path: `${meeting}/members`,
    answer: z.array(Member),
  },
  createMember: {
    method: 'POST',
    path: `${meeting}/members`,
    body: CreateMemberRequest,
    answer: Member,
  },
  patchMember: {
    method: 'PATCH',
    path: member,
    body: UpdateMemberRequest,
    answer: Member,
  },
  deleteMember: { method: 'DELETE', path: member, answer: null },
  createVoter: {
    method: 'POST',
    path: `${member}/voters`,
    body: CreateVoterRequest,
    answer: Voter,
  },
  patchVoter: {
    method: 'PATCH',
    path: voter,
    body: UpdateVoterRequest,
    answer: Voter,
  },
  personalLink: {
    method: 'POST',
    path: `${voter}/personal-link`,
    answer: PersonalLink,
  },
  connected: {
    method: 'GET',
    path: `${meeting}/connected`,
    answer: ConnectedVoters,
  },
  /** The body is CSV text, sent raw. */
  importMembers: {
    method: 'POST',
    path: `${meeting}/members/import`,
    answer: ImportMembersResponse,
  },
  inviteVoter: {
    method: 'POST',
    path: `${voter}/invite`,
    answer: InviteResult,
  },
  inviteAll: {
    method: 'POST',
    path: `${meeting}/invites`,
    body: BulkInviteRequest,
    answer: BulkInviteResult,
  },

  listMatters: {
    method: 'GET',
    path: `${meeting}/matters`,
    answer: z.array(Matter),
  },
  createMatter: {
    method: 'POST',
    path: `${meeting}/matters`,
    body: CreateMatterRequest,
    answer: Matter,
  },
  patchMatter: {
    method: 'PATCH',
    path: matter,
    body: UpdateMatterRequest,
    answer: Matter,
  },
  deleteMatter: { method: 'DELETE', path: matter, answer: null },
  matterStats: {
    method: 'GET',
    path: `${matter}/stats`,
    answer: z.array(MatterTallyRow),
  },
  matterVoters: {
    method: 'GET',
    path: `${matter}/voters`,
    answer: z.array(MatterVoterRecord),
  },
  notVoted: {
    method: 'GET',
    path: `${matter}/not-voted`,
    answer: z.array(NotVotedUnit),
  },
  matterAction: {
    method: 'POST',
    path: `${matter}/action`,
    body: MatterActionRequest,
    answer: null,
  },
  recordBallot: {
    method: 'POST',
    path: `${matter}/ballots`,
    body: RecordBallotRequest,
    answer: BallotReceipt,
  },

  /** 204 (undefined) before a webcast is set up. */
  getWebcast: {
    method: 'GET',
    path: `${meeting}/webcast`,
    answer: Webcast.optional(),
  },
  putWebcast: {
    method: 'PUT',
    path: `${meeting}/webcast`,
    body: PutWebcastRequest,
    answer: Webcast,
  },
  launchWebcast: {
    method: 'POST',
    path: `${meeting}/webcast/launch`,
    answer: WebcastLaunch,
  },

  listDocuments: {
    method: 'GET',
    path: `${meeting}/documents`,
    answer: z.array(MeetingDocument),
  },
  /** The body is the file as multipart form data. */
  uploadDocument: {
    method: 'POST',
    path: `${meeting}/documents/upload`,
    answer: UploadedDocument,
  },
  registerDocument: {
    method: 'POST',
    path: `${meeting}/documents`,
    body: RegisterDocumentRequest,
    answer: z.array(MeetingDocument),
  },
  deleteDocument: {
    method: 'DELETE',
    path: `${meeting}/documents/:documentKey`,
    answer: null,
  },

  listProxies: {
    method: 'GET',
    path: `${meeting}/proxies`,
    answer: z.array(MemberProxy),
  },
  enterPaperProxy: {
    method: 'POST',
    path: `${meeting}/proxies`,
    body: PaperProxyRequest,
    answer: MemberProxy,
  },
  verifyProxy: {
    method: 'POST',
    path: `${meeting}/proxies/:proxyKey/verify`,
    answer: MemberProxy,
  },
  rejectProxy: {
    method: 'POST',
    path: `${meeting}/proxies/:proxyKey/reject`,
    body: RejectProxyRequest,
    answer: MemberProxy,
  },
  listProxyHolders: {
    method: 'GET',
    path: `${meeting}/proxy-holders`,
    answer: z.array(ProxyHolderSummary),
  },
  setHolderPresence: {
    method: 'PUT',
    path: `${holder}/presence`,
    body: HolderPresenceRequest,
    answer: ProxyHolderSummary,
  },
  resendHolderLink: {
    method: 'POST',
    path: `${holder}/notice`,
    answer: InviteResult,
  },
  defaultHolderView: {
    method: 'GET',
    path: `${holder}/proxies`,
    answer: HolderView,
  },
  castForDefaultHolder: {
    method: 'POST',
    path: `${holder}/matters/:matterKey/ballots`,
    body: HolderCastRequest,
    answer: HolderCastResponse,
  },

  recordFloorBallot: {
    method: 'POST',
    path: `${matter}/floor-ballots`,
    body: FloorBallotRequest,
    answer: FloorBallotResponse,
  },
  pendingFloorBallots: {
    method: 'GET',
    path: `${matter}/floor-ballots/pending`,
    answer: z.array(PendingFloorBallot),
  },
  discardFloorEntry: {
    method: 'DELETE',
    path: `${matter}/floor-ballots/pending/:entryKey`,
    answer: null,
  },

  listQuestions: {
    method: 'GET',
    path: `${meeting}/questions`,
    answer: z.array(Question),
  },
  moderateQuestion: {
    method: 'PATCH',
    path: `${meeting}/questions/:questionKey`,
    body: ModerateQuestionRequest,
    answer: Question,
  },

  listNominations: {
    method: 'GET',
    path: `${meeting}/nominations`,
    answer: NominationList,
  },
  acceptNomination: {
    method: 'POST',
    path: `${meeting}/nominations/:nominationKey/accept`,
    answer: Nomination,
  },
  rejectNomination: {
    method: 'POST',
    path: `${meeting}/nominations/:nominationKey/reject`,
    body: RejectNominationRequest,
    answer: Nomination,
  },

  createScreenToken: {
    method: 'POST',
    path: `${meeting}/screen-tokens`,
    answer: ScreenTokenResponse,
  },
  listScreenTokens: {
    method: 'GET',
    path: `${meeting}/screen-tokens`,
    answer: z.array(ScreenTokenSummary),
  },
  revokeScreenToken: {
    method: 'DELETE',
    path: `${meeting}/screen-tokens/:key`,
    answer: null,
  },

  signOffStatus: {
    method: 'GET',
    path: `${meeting}/sign-off`,
    answer: SignOffStatus,
  },
  signOff: { method: 'POST', path: `${matter}/sign-off`, answer: null },
  tieBreak: {
    method: 'POST',
    path: `${matter}/tie-break`,
    body: TieBreakRequest,
    answer: null,
  },
  publishedCount: {
    method: 'GET',
    path: `${matter}/published`,
    answer: PublishedCount,
  },
  /** JSON Lines or CSV: read line by line or saved as a file. */
  audit: { method: 'GET', path: `${meeting}/audit`, answer: null },
  /** A file (PDF or CSV), saved as it comes. */
  report: {
    method: 'GET',
    path: `${meeting}/report.:format`,
    answer: null,
  },
} as const satisfies Record<string, Route>;
