import {
  AuditEntryView,
  type AccountRole,
  type CreateInvitationRequest,
  type DisableMfaRequest,
  type EnrolMfaRequest,
  type BulkInviteRequest,
  type CheckInRequest,
  type CreateMatterRequest,
  type CreateMeetingRequest,
  type CreateMemberRequest,
  type CreateVoterRequest,
  type FloorBallotRequest,
  type HolderSplit,
  type MatterActionRequest,
  type Member,
  type ModerateQuestionRequest,
  type NotVotedUnit,
  type PaperProxyRequest,
  type PatchMeetingRequest,
  type PatchMeetingSettingsRequest,
  type ProxyStatus,
  type PutWebcastRequest,
  type QuestionStatus,
  type NominationStatus,
  type RejectNominationRequest,
  type RecordBallotRequest,
  type TieBreakRequest,
  type UpdateMatterRequest,
  type UpdateMemberRequest,
  type UpdateVoterRequest,
  type RegisterDocumentRequest,
  type UploadedDocument,
  type Webcast,
} from '@livevote/contracts';
import { managerRoutes as routes } from './manager-routes';
import type { ManagerSession } from './manager-session';
import { createClient, parseJsonAnswer, readAnswer, type Route } from './route';

export type ReportFormat = 'pdf' | 'csv';

export interface MembersPage {
  members: Member[];
  total: number;
}

export interface NotVotedPage {
  units: NotVotedUnit[];
  total: number;
}

export interface ListMembersParams {
  searchText?: string;
  /** `property:value`, comma-separated (e.g. `unit:101`). */
  filters?: string;
  page?: number;
  size?: number;
}

/** Filters of the audit log: a kind or family, a person, and a time range (ISO instants). */
export interface AuditFilter {
  kind?: string;
  /** A user's key or e-mail, or `system` for the gateway itself. */
  actor?: string;
  from?: string;
  to?: string;
  limit?: number;
}

/** One line of the audit log's JSON Lines. */
const auditLine = {
  ...routes.audit,
  answer: AuditEntryView,
} as const satisfies Route;

/** The total a paged list announces, else the length of the page it sent. */
function totalOf(response: Response, pageLength: number): number {
  const total = Number(response.headers.get('X-Total-Count'));
  return Number.isFinite(total) ? total : pageLength;
}

/** The management API (`/v1`) for a signed-in manager: the routes of manager-routes.ts. */
export function createManagerApi(session: ManagerSession) {
  const { call, open } = createClient((path, { accessToken: _, ...options }) =>
    session.request(path, options),
  );

  return {
    listAccounts: (searchText?: string) =>
      call(routes.listAccounts, {}, { query: { searchText } }),
    getAccount: (accountKey: string) => call(routes.getAccount, { accountKey }),

    listTeam: (accountKey: string) => call(routes.listTeam, { accountKey }),
    setRoles: (accountKey: string, email: string, roles: AccountRole[]) =>
      call(routes.setRoles, { accountKey, email }, { body: { roles } }),
    removeFromTeam: (accountKey: string, email: string) =>
      call(routes.removeFromTeam, { accountKey, email }),
    listInvitations: (accountKey: string) =>
      call(routes.listInvitations, { accountKey }),
    invite: (accountKey: string, body: CreateInvitationRequest) =>
      call(routes.invite, { accountKey }, { body }),
    revokeInvitation: (accountKey: string, invitationKey: string) =>
      call(routes.revokeInvitation, { accountKey, invitationKey }),

    listMeetings: (accountKey: string, searchText?: string) =>
      call(routes.listMeetings, { accountKey }, { query: { searchText } }),
    createMeeting: (accountKey: string, body: CreateMeetingRequest) =>
      call(routes.createMeeting, { accountKey }, { body }),
    getMeeting: (shortCode: string) => call(routes.getMeeting, { shortCode }),
    patchMeeting: (shortCode: string, body: PatchMeetingRequest) =>
      call(routes.patchMeeting, { shortCode }, { body }),
    getSettings: (shortCode: string) => call(routes.getSettings, { shortCode }),
    patchSettings: (shortCode: string, body: PatchMeetingSettingsRequest) =>
      call(routes.patchSettings, { shortCode }, { body }),
    getStats: (shortCode: string) => call(routes.getStats, { shortCode }),

    listCheckIns: (shortCode: string) =>
      call(routes.listCheckIns, { shortCode }),
    checkIn: (shortCode: string, body: CheckInRequest) =>
      call(routes.checkIn, { shortCode }, { body }),
    checkOut: (shortCode: string, voterKey: string) =>
      call(routes.checkOut, { shortCode, voterKey }),

    async listMembers(
      shortCode: string,
      params: ListMembersParams = {},
    ): Promise<MembersPage> {
      const response = await open(
        routes.listMembers,
        { shortCode },
        { query: { ...params } },
      );
      const members = await readAnswer(routes.listMembers, response);
      return { members, total: totalOf(response, members.length) };
    },
    createMember: (shortCode: string, body: CreateMemberRequest) =>
      call(routes.createMember, { shortCode }, { body }),
    patchMember: (
      shortCode: string,
      memberKey: string,
      body: UpdateMemberRequest,
    ) => call(routes.patchMember, { shortCode, memberKey }, { body }),
    deleteMember: (shortCode: string, memberKey: string) =>
      call(routes.deleteMember, { shortCode, memberKey }),
    createVoter: (
      shortCode: string,
      memberKey: string,
      body: CreateVoterRequest,
    ) => call(routes.createVoter, { shortCode, memberKey }, { body }),
    patchVoter: (
      shortCode: string,
      memberKey: string,
      email: string,
      body: UpdateVoterRequest,
    ) => call(routes.patchVoter, { shortCode, memberKey, email }, { body }),
    /** The voter's personal portal link (as in its invite); nothing is sent. */
    personalLink: (shortCode: string, memberKey: string, email: string) =>
      call(routes.personalLink, { shortCode, memberKey, email }),
    /** Voters connected to the portal now, by unit (never how they voted). */
    connected: (shortCode: string) => call(routes.connected, { shortCode }),
    importMembers: (shortCode: string, csv: string, dryRun: boolean) =>
      call(
        routes.importMembers,
        { shortCode },
        {
          query: { dryRun: String(dryRun) },
          rawBody: csv,
          contentType: 'text/csv',
        },
      ),
    inviteVoter: (shortCode: string, memberKey: string, email: string) =>
      call(routes.inviteVoter, { shortCode, memberKey, email }),
    inviteAll: (shortCode: string, to: BulkInviteRequest['to'] = 'uninvited') =>
      call(routes.inviteAll, { shortCode }, { body: { to } }),

    listMatters: (shortCode: string) => call(routes.listMatters, { shortCode }),
    createMatter: (shortCode: string, body: CreateMatterRequest) =>
      call(routes.createMatter, { shortCode }, { body }),
    patchMatter: (
      shortCode: string,
      matterKey: string,
      body: UpdateMatterRequest,
    ) => call(routes.patchMatter, { shortCode, matterKey }, { body }),
    deleteMatter: (shortCode: string, matterKey: string) =>
      call(routes.deleteMatter, { shortCode, matterKey }),
    matterStats: (shortCode: string, matterKey: string) =>
      call(routes.matterStats, { shortCode, matterKey }),
    /** Who voted (never how). */
    matterVoters: (shortCode: string, matterKey: string) =>
      call(routes.matterVoters, { shortCode, matterKey }),
    /** One page of the units that may vote on the matter and have not (never how anyone voted). */
    async notVoted(
      shortCode: string,
      matterKey: string,
      params: ListMembersParams = {},
    ): Promise<NotVotedPage> {
      const response = await open(
        routes.notVoted,
        { shortCode, matterKey },
        { query: { ...params } },
      );
      const units = await readAnswer(routes.notVoted, response);
      return { units, total: totalOf(response, units.length) };
    },
    matterAction: (
      shortCode: string,
      matterKey: string,
      body: MatterActionRequest,
    ) => call(routes.matterAction, { shortCode, matterKey }, { body }),

    /** A ballot a manager enters for a member (a paper ballot: method `proxy`). */
    recordBallot: (
      shortCode: string,
      matterKey: string,
      body: RecordBallotRequest,
      idempotencyKey: string,
    ) =>
      call(
        routes.recordBallot,
        { shortCode, matterKey },
        { body, headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    /** The meeting's webcast; null before a webcast is set up (the gateway answers 204). */
    mfaSecret: () => call(routes.mfaSecret, {}),
    enrolMfa: (body: EnrolMfaRequest) => call(routes.enrolMfa, {}, { body }),
    disableMfa: (body: DisableMfaRequest) =>
      call(routes.disableMfa, {}, { body }),
    async getWebcast(shortCode: string): Promise<Webcast | null> {
      return (await call(routes.getWebcast, { shortCode })) ?? null;
    },
    putWebcast: (shortCode: string, body: PutWebcastRequest) =>
      call(routes.putWebcast, { shortCode }, { body }),
    launchWebcast: (shortCode: string) =>
      call(routes.launchWebcast, { shortCode }),
    listDocuments: (shortCode: string) =>
      call(routes.listDocuments, { shortCode }),
    uploadDocument(shortCode: string, file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(routes.uploadDocument, { shortCode }, { rawBody: form });
    },
    /**
     * `forVoters: false` keeps it out of the portal (a proxy's scan); `texts` gives its title
     * in the meeting's other language and the readers it is for (docs/i18n.md).
     */
    registerDocument: (
      shortCode: string,
      uploaded: UploadedDocument,
      forVoters = true,
      texts: Pick<RegisterDocumentRequest, 'translations' | 'language'> = {},
    ) =>
      call(
        routes.registerDocument,
        { shortCode },
        {
          body: {
            ...uploaded,
            ...(forVoters ? {} : { forVoters }),
            ...texts,
          },
        },
      ),
    deleteDocument: (shortCode: string, documentKey: string) =>
      call(routes.deleteDocument, { shortCode, documentKey }),

    listProxies: (
      shortCode: string,
      filter: { status?: ProxyStatus; holder?: string } = {},
    ) => call(routes.listProxies, { shortCode }, { query: { ...filter } }),
    enterPaperProxy: (shortCode: string, body: PaperProxyRequest) =>
      call(routes.enterPaperProxy, { shortCode }, { body }),
    verifyProxy: (shortCode: string, proxyKey: string) =>
      call(routes.verifyProxy, { shortCode, proxyKey }),
    rejectProxy: (shortCode: string, proxyKey: string, reason: string) =>
      call(routes.rejectProxy, { shortCode, proxyKey }, { body: { reason } }),
    listProxyHolders: (shortCode: string) =>
      call(routes.listProxyHolders, { shortCode }),
    setHolderPresence: (
      shortCode: string,
      holderKey: string,
      present: boolean,
    ) =>
      call(
        routes.setHolderPresence,
        { shortCode, holderKey },
        { body: { present } },
      ),
    /** A named holder's link, sent again. */
    resendHolderLink: (shortCode: string, holderKey: string) =>
      call(routes.resendHolderLink, { shortCode, holderKey }),
    /** What a default holder holds (the chair votes for default holders). */
    defaultHolderView: (shortCode: string, holderKey: string) =>
      call(routes.defaultHolderView, { shortCode, holderKey }),
    castForDefaultHolder: (
      shortCode: string,
      holderKey: string,
      matterKey: string,
      split: HolderSplit[],
    ) =>
      call(
        routes.castForDefaultHolder,
        { shortCode, holderKey, matterKey },
        { body: { split } },
      ),

    recordFloorBallot: (
      shortCode: string,
      matterKey: string,
      body: FloorBallotRequest,
    ) => call(routes.recordFloorBallot, { shortCode, matterKey }, { body }),
    pendingFloorBallots: (shortCode: string, matterKey: string) =>
      call(routes.pendingFloorBallots, { shortCode, matterKey }),
    discardFloorEntry: (
      shortCode: string,
      matterKey: string,
      entryKey: string,
    ) => call(routes.discardFloorEntry, { shortCode, matterKey, entryKey }),

    listQuestions: (shortCode: string, status?: QuestionStatus) =>
      call(routes.listQuestions, { shortCode }, { query: { status } }),
    moderateQuestion: (
      shortCode: string,
      questionKey: string,
      body: ModerateQuestionRequest,
    ) => call(routes.moderateQuestion, { shortCode, questionKey }, { body }),

    listNominations: (shortCode: string, status?: NominationStatus) =>
      call(routes.listNominations, { shortCode }, { query: { status } }),
    acceptNomination: (shortCode: string, nominationKey: string) =>
      call(routes.acceptNomination, { shortCode, nominationKey }),
    rejectNomination: (
      shortCode: string,
      nominationKey: string,
      body: RejectNominationRequest,
    ) => call(routes.rejectNomination, { shortCode, nominationKey }, { body }),

    createScreenToken: (shortCode: string) =>
      call(routes.createScreenToken, { shortCode }),
    listScreenTokens: (shortCode: string) =>
      call(routes.listScreenTokens, { shortCode }),
    revokeScreenToken: (shortCode: string, key: string) =>
      call(routes.revokeScreenToken, { shortCode, key }),

    signOffStatus: (shortCode: string) =>
      call(routes.signOffStatus, { shortCode }),
    signOff: (shortCode: string, matterKey: string) =>
      call(routes.signOff, { shortCode, matterKey }),
    /** The chair's decision on a tied election; the result arrives on the live channel. */
    tieBreak: (shortCode: string, matterKey: string, body: TieBreakRequest) =>
      call(routes.tieBreak, { shortCode, matterKey }, { body }),
    /** The counted receipts of a closed matter (docs/verifiability.md). */
    publishedCount: (shortCode: string, matterKey: string) =>
      call(routes.publishedCount, { shortCode, matterKey }),
    /** The audit log as JSON Lines (the console's view) or as a file to save. */
    async auditLog(
      shortCode: string,
      filter: AuditFilter,
    ): Promise<AuditEntryView[]> {
      const response = await open(
        routes.audit,
        { shortCode },
        { query: { ...filter, format: 'jsonl' } },
      );
      return (await response.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => parseJsonAnswer(auditLine, line));
    },
    async auditFile(
      shortCode: string,
      format: 'csv' | 'jsonl',
      filter: AuditFilter,
    ): Promise<{ blob: Blob; fileName: string }> {
      const response = await open(
        routes.audit,
        { shortCode },
        { query: { ...filter, format } },
      );
      return {
        blob: await response.blob(),
        fileName: `${shortCode}-audit.${format}`,
      };
    },
    /** The results report (docs/verdicts.md) as a file: of the meeting, or of one matter. */
    async reportFile(
      shortCode: string,
      format: ReportFormat,
      matterKey?: string,
    ): Promise<{ blob: Blob; fileName: string }> {
      const response = await open(
        routes.report,
        { shortCode, format },
        { query: { matter: matterKey } },
      );
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const fileName =
        /filename="([^"]+)"/.exec(disposition)?.[1] ??
        `${shortCode}-results.${format}`;
      return { blob: await response.blob(), fileName };
    },
  };
}

export type ManagerApi = ReturnType<typeof createManagerApi>;
