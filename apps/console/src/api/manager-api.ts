import type {
  AuditEntryView,
  PublishedCount,
  Account,
  BallotReceipt,
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
  HolderCastResponse,
  HolderSplit,
  HolderView,
  ImportMembersResponse,
  InviteResult,
  Matter,
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
  PersonalLink,
  PutWebcastRequest,
  RecordBallotRequest,
  ProxyHolderSummary,
  ProxyStatus,
  PendingFloorBallot,
  Question,
  QuestionStatus,
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
import { ApiError } from './http-client';
import type { ManagerSession } from './manager-session';

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

const enc = encodeURIComponent;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Filters of the audit log: a kind or family, and a time range (ISO instants). */
export interface AuditFilter {
  kind?: string;
  from?: string;
  to?: string;
  limit?: number;
}

/** The management API (`/v1`) for a signed-in manager, typed over libs/contracts. */
export function createManagerApi(session: ManagerSession) {
  const meeting = (shortCode: string) => `/v1/Meetings/${enc(shortCode)}`;

  return {
    listAccounts: (searchText?: string) =>
      session.json<Account[]>(`/v1/Accounts${query({ searchText })}`),
    getAccount: (accountKey: string) =>
      session.json<Account>(`/v1/Accounts/${enc(accountKey)}`),

    listMeetings: (accountKey: string, searchText?: string) =>
      session.json<Meeting[]>(
        `/v1/Accounts/${enc(accountKey)}/meetings${query({ searchText })}`,
      ),
    createMeeting: (accountKey: string, body: CreateMeetingRequest) =>
      session.json<Meeting>(`/v1/Accounts/${enc(accountKey)}/meetings`, {
        method: 'POST',
        body,
      }),
    getMeeting: (shortCode: string) =>
      session.json<Meeting>(meeting(shortCode)),
    patchMeeting: (shortCode: string, body: PatchMeetingRequest) =>
      session.json<Meeting>(meeting(shortCode), { method: 'PATCH', body }),
    getSettings: (shortCode: string) =>
      session.json<MeetingSettings>(`${meeting(shortCode)}/settings`),
    patchSettings: (shortCode: string, body: PatchMeetingSettingsRequest) =>
      session.json<MeetingSettings>(`${meeting(shortCode)}/settings`, {
        method: 'PATCH',
        body,
      }),
    getStats: (shortCode: string) =>
      session.json<MeetingStats>(`${meeting(shortCode)}/stats`),

    listCheckIns: (shortCode: string) =>
      session.json<CheckInList>(`${meeting(shortCode)}/check-ins`),
    checkIn: (shortCode: string, body: CheckInRequest) =>
      session.json<CheckInResult>(`${meeting(shortCode)}/check-ins`, {
        method: 'POST',
        body,
      }),
    checkOut: (shortCode: string, voterKey: string) =>
      session.json<CheckInResult>(
        `${meeting(shortCode)}/check-ins/${enc(voterKey)}`,
        { method: 'DELETE' },
      ),

    async listMembers(
      shortCode: string,
      params: ListMembersParams = {},
    ): Promise<MembersPage> {
      const response = await session.request(
        `${meeting(shortCode)}/members${query({ ...params })}`,
      );
      const members = (await response.json()) as Member[];
      const total = Number(response.headers.get('X-Total-Count'));
      return {
        members,
        total: Number.isFinite(total) ? total : members.length,
      };
    },
    createMember: (shortCode: string, body: CreateMemberRequest) =>
      session.json<Member>(`${meeting(shortCode)}/members`, {
        method: 'POST',
        body,
      }),
    patchMember: (
      shortCode: string,
      memberKey: string,
      body: UpdateMemberRequest,
    ) =>
      session.json<Member>(`${meeting(shortCode)}/members/${enc(memberKey)}`, {
        method: 'PATCH',
        body,
      }),
    deleteMember: (shortCode: string, memberKey: string) =>
      session.json<void>(`${meeting(shortCode)}/members/${enc(memberKey)}`, {
        method: 'DELETE',
      }),
    createVoter: (
      shortCode: string,
      memberKey: string,
      body: CreateVoterRequest,
    ) =>
      session.json<Voter>(
        `${meeting(shortCode)}/members/${enc(memberKey)}/voters`,
        { method: 'POST', body },
      ),
    patchVoter: (
      shortCode: string,
      memberKey: string,
      email: string,
      body: UpdateVoterRequest,
    ) =>
      session.json<Voter>(
        `${meeting(shortCode)}/members/${enc(memberKey)}/voters/${enc(email)}`,
        { method: 'PATCH', body },
      ),
    /** The voter's personal portal link (as in its invite); nothing is sent. */
    personalLink: (shortCode: string, memberKey: string, email: string) =>
      session.json<PersonalLink>(
        `${meeting(shortCode)}/members/${enc(memberKey)}/voters/${enc(email)}/personal-link`,
        { method: 'POST' },
      ),
    /** Voters connected to the portal now, by unit (never how they voted). */
    connected: (shortCode: string) =>
      session.json<ConnectedVoters>(`${meeting(shortCode)}/connected`),
    importMembers: (shortCode: string, csv: string, dryRun: boolean) =>
      session.json<ImportMembersResponse>(
        `${meeting(shortCode)}/members/import${query({ dryRun: String(dryRun) })}`,
        { method: 'POST', rawBody: csv, contentType: 'text/csv' },
      ),
    inviteVoter: (shortCode: string, memberKey: string, email: string) =>
      session.json<InviteResult>(
        `${meeting(shortCode)}/members/${enc(memberKey)}/voters/${enc(email)}/invite`,
        { method: 'POST' },
      ),
    inviteAll: (shortCode: string) =>
      session.json<BulkInviteResult>(`${meeting(shortCode)}/invites`, {
        method: 'POST',
      }),

    listMatters: (shortCode: string) =>
      session.json<Matter[]>(`${meeting(shortCode)}/matters`),
    createMatter: (shortCode: string, body: CreateMatterRequest) =>
      session.json<Matter>(`${meeting(shortCode)}/matters`, {
        method: 'POST',
        body,
      }),
    patchMatter: (
      shortCode: string,
      matterKey: string,
      body: UpdateMatterRequest,
    ) =>
      session.json<Matter>(`${meeting(shortCode)}/matters/${enc(matterKey)}`, {
        method: 'PATCH',
        body,
      }),
    deleteMatter: (shortCode: string, matterKey: string) =>
      session.json<void>(`${meeting(shortCode)}/matters/${enc(matterKey)}`, {
        method: 'DELETE',
      }),
    matterStats: (shortCode: string, matterKey: string) =>
      session.json<MatterTallyRow[]>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/stats`,
      ),
    /** Who voted (never how). */
    matterVoters: (shortCode: string, matterKey: string) =>
      session.json<MatterVoterRecord[]>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/voters`,
      ),
    /** One page of the units that may vote on the matter and have not (never how anyone voted). */
    async notVoted(
      shortCode: string,
      matterKey: string,
      params: ListMembersParams = {},
    ): Promise<NotVotedPage> {
      const response = await session.request(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/not-voted${query({ ...params })}`,
      );
      const units = (await response.json()) as NotVotedUnit[];
      const total = Number(response.headers.get('X-Total-Count'));
      return {
        units,
        total: Number.isFinite(total) ? total : units.length,
      };
    },
    matterAction: (
      shortCode: string,
      matterKey: string,
      body: MatterActionRequest,
    ) =>
      session.json<void>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/action`,
        { method: 'POST', body },
      ),

    /** A ballot a manager enters for a member (a paper ballot: method `proxy`). */
    recordBallot: (
      shortCode: string,
      matterKey: string,
      body: RecordBallotRequest,
      idempotencyKey: string,
    ) =>
      session.json<BallotReceipt>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/ballots`,
        {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        },
      ),
    /** The meeting's webcast, or null before one is set up. */
    async getWebcast(shortCode: string): Promise<Webcast | null> {
      try {
        return await session.json<Webcast>(`${meeting(shortCode)}/webcast`);
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 404) return null;
        throw caught;
      }
    },
    putWebcast: (shortCode: string, body: PutWebcastRequest) =>
      session.json<Webcast>(`${meeting(shortCode)}/webcast`, {
        method: 'PUT',
        body,
      }),
    launchWebcast: (shortCode: string) =>
      session.json<WebcastLaunch>(`${meeting(shortCode)}/webcast/launch`, {
        method: 'POST',
      }),
    listDocuments: (shortCode: string) =>
      session.json<MeetingDocument[]>(`${meeting(shortCode)}/documents`),
    uploadDocument(shortCode: string, file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      return session.json<UploadedDocument>(
        `${meeting(shortCode)}/documents/upload`,
        { method: 'POST', rawBody: form },
      );
    },
    /** `forVoters: false` keeps it out of the portal (a proxy's scan). */
    registerDocument: (
      shortCode: string,
      uploaded: UploadedDocument,
      forVoters = true,
    ) =>
      session.json<MeetingDocument[]>(`${meeting(shortCode)}/documents`, {
        method: 'POST',
        body: forVoters ? uploaded : { ...uploaded, forVoters },
      }),
    deleteDocument: (shortCode: string, documentKey: string) =>
      session.json<void>(
        `${meeting(shortCode)}/documents/${enc(documentKey)}`,
        { method: 'DELETE' },
      ),

    listProxies: (
      shortCode: string,
      filter: { status?: ProxyStatus; holder?: string } = {},
    ) =>
      session.json<MemberProxy[]>(
        `${meeting(shortCode)}/proxies${query({ ...filter })}`,
      ),
    enterPaperProxy: (shortCode: string, body: PaperProxyRequest) =>
      session.json<MemberProxy>(`${meeting(shortCode)}/proxies`, {
        method: 'POST',
        body,
      }),
    verifyProxy: (shortCode: string, proxyKey: string) =>
      session.json<MemberProxy>(
        `${meeting(shortCode)}/proxies/${enc(proxyKey)}/verify`,
        { method: 'POST' },
      ),
    rejectProxy: (shortCode: string, proxyKey: string, reason: string) =>
      session.json<MemberProxy>(
        `${meeting(shortCode)}/proxies/${enc(proxyKey)}/reject`,
        { method: 'POST', body: { reason } },
      ),
    listProxyHolders: (shortCode: string) =>
      session.json<ProxyHolderSummary[]>(`${meeting(shortCode)}/proxy-holders`),
    setHolderPresence: (
      shortCode: string,
      holderKey: string,
      present: boolean,
    ) =>
      session.json<ProxyHolderSummary>(
        `${meeting(shortCode)}/proxy-holders/${enc(holderKey)}/presence`,
        { method: 'PUT', body: { present } },
      ),
    /** What a default holder holds (the chair votes for default holders). */
    defaultHolderView: (shortCode: string, holderKey: string) =>
      session.json<HolderView>(
        `${meeting(shortCode)}/proxy-holders/${enc(holderKey)}/proxies`,
      ),
    castForDefaultHolder: (
      shortCode: string,
      holderKey: string,
      matterKey: string,
      split: HolderSplit[],
    ) =>
      session.json<HolderCastResponse>(
        `${meeting(shortCode)}/proxy-holders/${enc(holderKey)}/matters/${enc(matterKey)}/ballots`,
        { method: 'POST', body: { split } },
      ),

    recordFloorBallot: (
      shortCode: string,
      matterKey: string,
      body: FloorBallotRequest,
    ) =>
      session.json<FloorBallotResponse>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/floor-ballots`,
        { method: 'POST', body },
      ),
    pendingFloorBallots: (shortCode: string, matterKey: string) =>
      session.json<PendingFloorBallot[]>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/floor-ballots/pending`,
      ),
    discardFloorEntry: (
      shortCode: string,
      matterKey: string,
      entryKey: string,
    ) =>
      session.json<void>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/floor-ballots/pending/${enc(entryKey)}`,
        { method: 'DELETE' },
      ),

    listQuestions: (shortCode: string, status?: QuestionStatus) =>
      session.json<Question[]>(
        `${meeting(shortCode)}/questions${query({ status })}`,
      ),
    moderateQuestion: (
      shortCode: string,
      questionKey: string,
      body: ModerateQuestionRequest,
    ) =>
      session.json<Question>(
        `${meeting(shortCode)}/questions/${enc(questionKey)}`,
        { method: 'PATCH', body },
      ),

    createScreenToken: (shortCode: string) =>
      session.json<ScreenTokenResponse>(`${meeting(shortCode)}/screen-tokens`, {
        method: 'POST',
      }),
    listScreenTokens: (shortCode: string) =>
      session.json<ScreenTokenSummary[]>(`${meeting(shortCode)}/screen-tokens`),
    revokeScreenToken: (shortCode: string, key: string) =>
      session.json<void>(`${meeting(shortCode)}/screen-tokens/${enc(key)}`, {
        method: 'DELETE',
      }),

    signOffStatus: (shortCode: string) =>
      session.json<SignOffStatus>(`${meeting(shortCode)}/sign-off`),
    signOff: (shortCode: string, matterKey: string) =>
      session.json<void>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/sign-off`,
        { method: 'POST' },
      ),
    /** The counted receipts of a closed matter (docs/verifiability.md). */
    publishedCount: (shortCode: string, matterKey: string) =>
      session.json<PublishedCount>(
        `${meeting(shortCode)}/matters/${enc(matterKey)}/published`,
      ),
    /** The audit log as JSON Lines (the console's view) or as a file to save. */
    async auditLog(
      shortCode: string,
      filter: AuditFilter,
    ): Promise<AuditEntryView[]> {
      const response = await session.request(
        `${meeting(shortCode)}/audit${query({ ...filter, format: 'jsonl' })}`,
      );
      return (await response.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AuditEntryView);
    },
    async auditFile(
      shortCode: string,
      format: 'csv' | 'jsonl',
      filter: AuditFilter,
    ): Promise<{ blob: Blob; fileName: string }> {
      const response = await session.request(
        `${meeting(shortCode)}/audit${query({ ...filter, format })}`,
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
      const response = await session.request(
        `${meeting(shortCode)}/report.${format}${query({ matter: matterKey })}`,
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
