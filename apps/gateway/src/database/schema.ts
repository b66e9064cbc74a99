import { sql } from 'drizzle-orm';
import type { CloseSnapshot } from '@livevote/rules';
import type { Language } from '@livevote/i18n';
import type { Translated } from '@livevote/contracts';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow();
const at = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    /** Last TOTP time step accepted: a code of that step or earlier is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameShort: text('name_short').notNull().default(''),
    address: jsonb('address').$type<AccountAddress>().notNull().default({}),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    /** New meetings' primary language (docs/i18n.md). */
    language: text('language').$type<Language>().notNull().default('en'),
    subscription: jsonb('subscription')
      .$type<AccountSubscription>()
      .notNull()
      .default({ product: 'standard', status: 'active' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_name_idx').on(t.name)],
);

export interface AccountAddress {
  address?: string;
  city?: string;
  prov?: string;
  postal?: string;
  country?: string;
}

export interface AccountSubscription {
  product: string;
  status: string;
}

export const accountUsers = pgTable(
  'account_users',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Roles beyond managing the account (docs/team.md): `owner`, `scrutineer`, or `clerk` alone. */
    roles: jsonb('roles').$type<AccountRole[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('account_users_user_idx').on(t.userId),
  ],
);

export type AccountRole = 'owner' | 'scrutineer' | 'clerk';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The sign-in this token descends from by rotation; a replay revokes the whole family. */
    familyId: uuid('family_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Set when a cookie refresh replaced this token: presenting it again is a replay. */
    rotatedAt: at('rotated_at'),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Invitations to an account's team (docs/team.md); the token is stored hashed only. */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: jsonb('roles').$type<AccountRole[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    invitedAt: at('invited_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('account_invitations_token_hash_key').on(t.tokenHash),
    index('account_invitations_account_idx').on(t.accountId, t.email),
  ],
);

export interface MeetingCorporation {
  legalName?: string;
  legalNameShort?: string;
}

export interface MeetingContact {
  email?: string;
  name?: string;
  preferredName?: string;
}

export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shortCode: text('short_code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    corporation: jsonb('corporation')
      .$type<MeetingCorporation>()
      .notNull()
      .default({}),
    quorumMinimum: doublePrecision('quorum_minimum').notNull().default(0),
    meetingDate: at('meeting_date').notNull(),
    expiryDate: at('expiry_date'),
    location: text('location').notNull().default(''),
    addresses: jsonb('addresses').$type<string[]>().notNull().default([]),
    contact: jsonb('contact').$type<MeetingContact>().notNull().default({}),
    meetingTimezone: text('meeting_timezone').notNull().default('UTC'),
    /** The meeting's primary language, `languages[0]` (docs/i18n.md). */
    language: text('language').$type<Language>().notNull().default('en'),
    /** The languages of the meeting's content, the primary first (docs/i18n.md). */
    languages: jsonb('languages').$type<Language[]>().notNull().default(['en']),
    /** name, description and location in the other languages (docs/i18n.md). */
    translations: jsonb('translations')
      .$type<
        Translated<{ name: string; description: string; location: string }>
      >()
      .notNull()
      .default({}),
    duration: integer('duration').notNull().default(60),
    options: jsonb('options')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    portalRevocationsClosedAt: at('portal_revocations_closed_at'),
    nominationExpiryDate: at('nomination_expiry_date'),
    meetingReminderFrequency: integer('meeting_reminder_frequency')
      .notNull()
      .default(0),
    meetingStartingReminder: integer('meeting_starting_reminder')
      .notNull()
      .default(0),
    managerSummaryReportFrequency: text('manager_summary_report_frequency')
      .notNull()
      .default('daily'),
    alternateManagerEmails: jsonb('alternate_manager_emails')
      .$type<string[]>()
      .notNull()
      .default([]),
    defaultProxyHolders: jsonb('default_proxy_holders')
      .$type<string[]>()
      .notNull()
      .default([]),
    /** Electronic proxies are verified as they are submitted (docs/proxies.md). */
    autoVerifyElectronicProxies: boolean('auto_verify_electronic_proxies')
      .notNull()
      .default(false),
    /** A proxy counts toward the quorum only while its holder is checked in. */
    proxyHolderMustAttend: boolean('proxy_holder_must_attend')
      .notNull()
      .default(false),
    // quorum, starting and publishing results (docs/verdicts.md)
    quorumBasis: text('quorum_basis')
      .$type<'units' | 'shares'>()
      .notNull()
      .default('units'),
    /** A percentage of the eligible members; null: quorumMinimum counts. */
    quorumPercent: doublePrecision('quorum_percent'),
    quorumIncludesProxies: boolean('quorum_includes_proxies')
      .notNull()
      .default(true),
    requireQuorumToStart: boolean('require_quorum_to_start')
      .notNull()
      .default(false),
    requireSignOff: boolean('require_sign_off').notNull().default(false),
    oneLiveMatter: boolean('one_live_matter').notNull().default(true),
    /** Categories voters file their questions under (docs/hybrid-meetings.md). */
    questionCategories: jsonb('question_categories')
      .$type<string[]>()
      .notNull()
      .default([]),
    /** The settings' texts voters read (question categories) in the other languages. */
    settingsTranslations: jsonb('settings_translations')
      .$type<Translated<{ questionCategories: string[] }>>()
      .notNull()
      .default({}),
    /** The report's and the big screen's languages: `primary` or `all` (docs/i18n.md). */
    displayLanguages: text('display_languages')
      .$type<'primary' | 'all'>()
      .notNull()
      .default('primary'),
    /** Floor ballots count only once two managers entered the same sheet (docs/hybrid-meetings.md). */
    floorDoubleEntry: boolean('floor_double_entry').notNull().default(false),
    /** User ids of the scrutineers named for the meeting; none: any scrutineer of the account. */
    scrutineers: jsonb('scrutineers').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetings_short_code_key').on(t.shortCode),
    index('meetings_account_idx').on(t.accountId),
  ],
);

/** Vote weight: exact decimal in the database, a JS number in the code. */
const shares = (name: string) =>
  numeric(name, { precision: 20, scale: 6, mode: 'number' });

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    mailAddress1: text('mail_address1').notNull().default(''),
    mailAddress2: text('mail_address2').notNull().default(''),
    mailCity: text('mail_city').notNull().default(''),
    mailProv: text('mail_prov').notNull().default(''),
    mailPostal: text('mail_postal').notNull().default(''),
    mailCountry: text('mail_country').notNull().default(''),
    customData: jsonb('custom_data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    controlNumber: text('control_number').notNull(),
    eligible: boolean('eligible').notNull().default(true),
    shares: shares('shares').notNull().default(1),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /**
     * What `searchText` matches: the unit and its voters' names and e-mails, one per line.
     * Kept by triggers on members and voters (drizzle/0014_member_search.sql); never written
     * by the gateway.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_meeting_unit_key').on(t.meetingId, t.unit),
    uniqueIndex('members_meeting_control_number_key').on(
      t.meetingId,
      t.controlNumber,
    ),
    // the member list's natural unit order (2 before 10), so a page is an index range, not a
    // sort of the whole meeting (members.repository.ts; docs/benchmarks-history.md)
    index('members_meeting_natural_unit_idx').on(
      t.meetingId,
      sql`(nullif(substring(${t.unit} from '^[0-9]+'), '')::numeric)`,
      t.unit,
      t.id,
    ),
    // the `%text%` searches of the member list and the not-voted list (pg_trgm)
    index('members_search_text_trgm_idx').using(
      'gin',
      t.searchText.op('gin_trgm_ops'),
    ),
  ],
);

export type RsvpAnswer = 'in_person' | 'online' | 'no';
/** What the mail server said of a message: took it, refused the address, or was not reached. */
export type MailDeliveryStatus = 'sent' | 'bounced' | 'failed';

export interface CommunicationPreferences {
  disableAllEmails?: boolean;
  disableConsentReminders?: boolean;
}

export const voters = pgTable(
  'voters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    isPanelist: boolean('is_panelist').notNull().default(false),
    /** A rehearsal voter: votes like any voter, but nothing it does counts (docs/test-voters.md). */
    isTestVoter: boolean('is_test_voter').notNull().default(false),
    /** RSVP in person: the seed's `attending`, kept with `rsvp` in one statement. */
    attending: boolean('attending').notNull().default(false),
    inAttendance: boolean('in_attendance').notNull().default(false),
    /** The portal's "will you attend?" answer; null until given (docs/hybrid-meetings.md). */
    rsvp: text('rsvp').$type<RsvpAnswer>(),
    rsvpAt: at('rsvp_at'),
    /** Shown as text and QR at the door: 64 random bits, unique (docs/hybrid-meetings.md). */
    checkInCode: text('check_in_code')
      .notNull()
      .default(sql`upper(substr(md5(gen_random_uuid()::text), 1, 16))`),
    /** Checked in at the desk now; null when never, or checked out. */
    checkedInAt: at('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    communicationPreferences: jsonb('communication_preferences')
      .$type<CommunicationPreferences>()
      .notNull()
      .default({ disableAllEmails: false, disableConsentReminders: false }),
    lastInviteDate: at('last_invite_date'),
    /** The last invite's fate at the mail server, and when it was tried (docs/mail.md). */
    inviteStatus: text('invite_status').$type<MailDeliveryStatus>(),
    inviteAttemptedAt: at('invite_attempted_at'),
    inviteError: text('invite_error'),
    /** The voter's own language; null: the browser's, else the meeting's (docs/i18n.md). */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voters_member_email_key').on(
      t.memberId,
      sql`lower(${t.email})`,
    ),
    index('voters_meeting_email_idx').on(t.meetingId, sql`lower(${t.email})`),
    uniqueIndex('voters_check_in_code_key').on(t.checkInCode),
    index('voters_meeting_checked_in_idx')
      .on(t.meetingId)
      .where(sql`${t.checkedInAt} is not null`),
    index('voters_meeting_test_idx')
      .on(t.meetingId)
      .where(sql`${t.isTestVoter}`),
  ],
);

export type LiveStatus = 'pending' | 'live' | 'closed';
export type VotingMethod = 'plurality' | 'cumulative' | 'ranked';

export const matters = pgTable(
  'matters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('multiple-choice'),
    name: text('name').notNull(),
    header: text('header').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    /** Who moved and seconded the motion, for the minutes (docs/report.md). */
    movedBy: text('moved_by'),
    secondedBy: text('seconded_by'),
    options: jsonb('options').$type<string[]>().notNull(),
    /** name, header, snippet and option labels in the other languages (docs/i18n.md). */
    translations: jsonb('translations')
      .$type<
        Translated<{
          name: string;
          header: string;
          snippet: string;
          options: string[];
        }>
      >()
      .notNull()
      .default({}),
    choices: integer('choices').notNull().default(1),
    /** How ballots are marked and counted (docs/elections.md); `choices` is the seats of an election. */
    votingMethod: text('voting_method')
      .$type<VotingMethod>()
      .notNull()
      .default('plurality'),
    /** An election built from nominations: each option's candidate and statement, in option order. */
    candidates: jsonb('candidates')
      .$type<
        {
          name: string;
          statement: string;
          nominationId: string;
          /** The statement in the other languages (docs/i18n.md); absent on older rows. */
          translations?: Translated<{ statement: string }>;
        }[]
      >()
      .notNull()
      .default([]),
    eligibility: jsonb('eligibility')
      .$type<string[]>()
      .notNull()
      .default(['all']),
    allowProxyVote: boolean('allow_proxy_vote').notNull().default(true),
    order: integer('order').notNull(),
    exclusions: jsonb('exclusions').$type<string[]>().notNull().default([]),
    autoCloseWhenAllVoted: boolean('auto_close_when_all_voted')
      .notNull()
      .default(false),
    /** Per-option rows are withheld until the matter closes (docs/security.md). */
    secretBallot: boolean('secret_ballot').notNull().default(true),
    /** The published count lists each receipt's choices too (docs/verifiability.md). */
    openVerification: boolean('open_verification').notNull().default(false),
    liveStatus: text('live_status')
      .$type<LiveStatus>()
      .notNull()
      .default('pending'),
    liveStartedAt: at('live_started_at'),
    liveEndsAt: at('live_ends_at'),
    liveClosedAt: at('live_closed_at'),
    /** Bumped by every start, extend and stop: a deadline job of an older generation is stale. */
    liveGeneration: integer('live_generation').notNull().default(0),
    /** The figures of its last close (libs/rules, close-snapshot.ts); null until it first closes. */
    closeSnapshot: jsonb('close_snapshot').$type<CloseSnapshot>(),
    // the majority rule and the result (docs/verdicts.md)
    threshold: jsonb('threshold')
      .$type<{ numerator: number; denominator: number; strict: boolean }>()
      .notNull()
      .default({ numerator: 1, denominator: 2, strict: true }),
    thresholdBasis: text('threshold_basis')
      .$type<'shares' | 'units' | 'both'>()
      .notNull()
      .default('shares'),
    thresholdBase: text('threshold_base')
      .$type<'cast' | 'present' | 'eligible'>()
      .notNull()
      .default('cast'),
    /** Quorum when the matter last started, and who started it without quorum. */
    quorumAtOpen: jsonb('quorum_at_open').$type<Record<string, unknown>>(),
    /** The result of the last close; current only while resultGeneration = liveGeneration. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    resultGeneration: integer('result_generation'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('matters_meeting_idx').on(t.meetingId, t.order),
    // closes whose result is still to be worked out (results/matter-results.ts sweeps them)
    index('matters_awaiting_result_idx')
      .on(t.id)
      .where(
        sql`${t.liveStatus} = 'closed' and ${t.resultGeneration} is distinct from ${t.liveGeneration}`,
      ),
  ],
);

export type BallotMethod = 'live' | 'proxy' | 'other';

/** One ballot per member and matter; a later ballot replaces the earlier one. */
export const ballots = pgTable(
  'ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    method: text('method').$type<BallotMethod>().notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    /** A cumulative ballot's votes, one per choice; null for other methods (docs/elections.md). */
    votes: jsonb('votes').$type<number[]>(),
    weight: shares('weight').notNull(),
    idempotencyKey: text('idempotency_key'),
    castAt: at('cast_at').notNull(),
    /** The ballot_events row of the cast that made this ballot (the voter's receipt). */
    receiptId: uuid('receipt_id'),
    /** What this ballot replaced, written by the upsert itself so tally deltas are exact. */
    prevMethod: text('prev_method').$type<BallotMethod>(),
    prevChoices: jsonb('prev_choices').$type<string[]>(),
    prevVotes: jsonb('prev_votes').$type<number[]>(),
    prevWeight: shares('prev_weight'),
    /** Set on a proxy holder's ballots: the proxy it was cast under (docs/proxies.md). */
    proxyId: uuid('proxy_id').references(() => proxies.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ballots_matter_member_key').on(t.matterId, t.memberId),
    index('ballots_member_idx').on(t.memberId),
    index('ballots_voter_idx').on(t.voterId),
    // the quorum's and the verdict's "represented by a proxy ballot" probe each member here; the
    // member index would read every ballot of the member, one a matter (docs/benchmarks-history.md,
    // "The quorum at 20,000 members")
    index('ballots_proxy_member_idx')
      .on(t.memberId)
      .where(sql`${t.method} = 'proxy'`),
    // who is present in person probes the members' ballots in the room (libs/rules presence.ts):
    // a handful a meeting, so the probe is one small set, not a read of every ballot
    // (docs/benchmarks-history.md, "Who is present: ballots online and in the room")
    index('ballots_floor_member_idx')
      .on(t.memberId)
      .where(sql`${t.method} = 'other'`),
  ],
);

/**
 * A test voter's standing ballot on a matter, one a matter and test voter: apart from
 * `ballots`, so nothing that counts reads it and it never replaces a member's ballot
 * (docs/test-voters.md). `proxy_id` is always null: the precedence rule of libs/rules reads
 * these rows as it reads `ballots`.
 */
export const testBallots = pgTable(
  'test_ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => voters.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    method: text('method').$type<BallotMethod>().notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    votes: jsonb('votes').$type<number[]>(),
    weight: shares('weight').notNull(),
    idempotencyKey: text('idempotency_key'),
    castAt: at('cast_at').notNull(),
    /** The test_ballot_events row of the cast that made this ballot (its receipt). */
    receiptId: uuid('receipt_id'),
    proxyId: uuid('proxy_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_ballots_matter_voter_key').on(t.matterId, t.voterId),
    index('test_ballots_voter_idx').on(t.voterId),
  ],
);

/** Every accepted cast of a test voter, with its receipt; not chained, deleted with the voter. */
export const testBallotEvents = pgTable(
  'test_ballot_events',
  {
    id: uuid('id').primaryKey(),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => voters.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    method: text('method').$type<BallotMethod>().notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    votes: jsonb('votes').$type<number[]>(),
    weight: shares('weight').notNull(),
    idempotencyKey: text('idempotency_key'),
    castAt: at('cast_at').notNull(),
    receipt: text('receipt').notNull(),
  },
  (t) => [
    uniqueIndex('test_ballot_events_idempotency_key').on(
      t.voterId,
      t.idempotencyKey,
      t.matterId,
    ),
    index('test_ballot_events_matter_idx').on(t.matterId),
    uniqueIndex('test_ballot_events_receipt_key').on(t.receipt),
  ],
);

/**
 * Whoever members appoint to vote for them: one of the meeting's defaultProxyHolders (by name)
 * or a person named on the form (by e-mail). `present`: checked in for the quorum.
 */
export const proxyHolders = pgTable(
  'proxy_holders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    isDefault: boolean('is_default').notNull(),
    present: boolean('present').notNull().default(false),
    /** When the holder's notice went out: one per address and meeting (docs/proxies.md). */
    notifiedAt: at('notified_at'),
    /** The last notice's fate at the mail server, and when it was tried (docs/mail.md). */
    noticeStatus: text('notice_status').$type<MailDeliveryStatus>(),
    noticeAttemptedAt: at('notice_attempted_at'),
    noticeError: text('notice_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proxy_holders_default_key')
      .on(t.meetingId, t.name)
      .where(sql`${t.isDefault}`),
    uniqueIndex('proxy_holders_email_key')
      .on(t.meetingId, sql`lower(${t.email})`)
      .where(sql`not ${t.isDefault}`),
  ],
);

export type ProxySource = 'electronic' | 'paper';
export type ProxyStatus =
  'submitted' | 'verified' | 'rejected' | 'withdrawn' | 'revoked';

/**
 * A matter's direction on a proxy: the ballot the holder must cast, in the matter's voting
 * method (`choices`, or `allocations` / `ranking`), or `choices: null` for the holder's discretion.
 */
export interface ProxyDirection {
  matterKey: string;
  choices?: string[] | null;
  allocations?: { option: string; votes: number }[];
  ranking?: string[];
}

/** Proxies as given, every version kept; at most one per member is standing (submitted or verified). */
export const proxies = pgTable(
  'proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => proxyHolders.id, { onDelete: 'cascade' }),
    /** The holder as the form named them. */
    holderName: text('holder_name').notNull(),
    holderEmail: text('holder_email'),
    directions: jsonb('directions').$type<ProxyDirection[]>().notNull(),
    source: text('source').$type<ProxySource>().notNull(),
    status: text('status').$type<ProxyStatus>().notNull(),
    rejectReason: text('reject_reason'),
    signedName: text('signed_name').notNull(),
    /** Electronic: the voter who signed, and from where. */
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    /** Paper: the manager who entered it, and the scan (a meeting document). */
    recordedBy: uuid('recorded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    scanDocumentId: uuid('scan_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    submittedAt: at('submitted_at').notNull(),
    verifiedAt: at('verified_at'),
    verifiedBy: uuid('verified_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    rejectedAt: at('rejected_at'),
    withdrawnAt: at('withdrawn_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proxies_standing_member_key')
      .on(t.memberId)
      .where(sql`${t.status} in ('submitted', 'verified')`),
    index('proxies_meeting_status_idx').on(t.meetingId, t.status),
    index('proxies_holder_idx').on(t.holderId),
    index('proxies_member_idx').on(t.memberId, t.submittedAt),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type')
      .notNull()
      .default('application/octet-stream'),
    /** Listed in the portal; a paper proxy's scan is registered with false (docs/proxies.md). */
    forVoters: boolean('for_voters').notNull().default(true),
    /** The title in the other languages (docs/i18n.md). */
    translations: jsonb('translations')
      .$type<Translated<{ name: string }>>()
      .notNull()
      .default({}),
    /** For readers of this language only; null: for all. */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_meeting_idx').on(t.meetingId)],
);

export const webcasts = pgTable(
  'webcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    castProvider: text('cast_provider').notNull(),
    castId: bigint('cast_id', { mode: 'number' }).notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    rehearsalAt: at('rehearsal_at'),
    rehearsalTimezone: text('rehearsal_timezone'),
    rehearsalDuration: integer('rehearsal_duration'),
    recordingsAt: at('recordings_at'),
    reportsAt: at('reports_at'),
    status: text('status').notNull().default('not-started'),
    /** When the provider's event that set `status` happened: older events change nothing. */
    statusAt: at('status_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webcasts_meeting_key').on(t.meetingId),
    // a provider's event finds its webcast by the room's id there
    index('webcasts_cast_idx').on(t.castId),
  ],
);

/**
 * A voter as the video provider knows it (docs/webcast.md): a panelist or a registrant, its
 * id there and its personal link. `voterId` turns null when the voter is deleted, until the
 * sync has removed it at the provider too.
 */
export const webcastAttendees = pgTable(
  'webcast_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webcastId: uuid('webcast_id')
      .notNull()
      .references(() => webcasts.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    role: text('role').$type<'panelist' | 'attendee'>().notNull(),
    providerId: text('provider_id').notNull(),
    joinUrl: text('join_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webcast_attendees_voter_key').on(t.webcastId, t.voterId),
    index('webcast_attendees_voter_idx').on(t.voterId),
  ],
);

/** Provider events already applied, by the provider's identity of the event: replays change nothing. */
export const webcastEvents = pgTable(
  'webcast_events',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventKey] })],
);

/** Every accepted cast, append-only: the audit trail, the receipts and the idempotency keys. */
export const ballotEvents = pgTable(
  'ballot_events',
  {
    id: uuid('id').primaryKey(),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    recordedBy: uuid('recorded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    method: text('method').$type<BallotMethod>().notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    /** A cumulative ballot's votes, one per choice; null for other methods. */
    votes: jsonb('votes').$type<number[]>(),
    weight: shares('weight').notNull(),
    idempotencyKey: text('idempotency_key'),
    castAt: at('cast_at').notNull(),
    /** A proxy holder's cast: the proxy. With no choices, the holder withdrew that vote. */
    proxyId: uuid('proxy_id').references(() => proxies.id, {
      onDelete: 'cascade',
    }),
    /** The receipt code of an accepted ballot (docs/verifiability.md); null for a withdrawal. */
    receipt: text('receipt'),
  },
  (t) => [
    // member first: it also serves every look-up by member (receipts, a member's removal), so
    // the batch statement maintains one index fewer a ballot (docs/benchmarks-history.md, "Ingest after
    // removing per-ballot cost"); then the key: the batch's replay probe looks up by member and
    // key only (docs/decisions.md, "The ballot batches have connections of their own"), and
    // with the matter second it read every event of the member, as many as a voter re-casting
    // in a loop chose to make
    uniqueIndex('ballot_events_idempotency_key').on(
      t.memberId,
      t.idempotencyKey,
      t.matterId,
    ),
    index('ballot_events_matter_idx').on(t.matterId, t.castAt),
    // removing a voter sets its events' voter_id to null: without this index each removal
    // scanned every meeting's events (docs/benchmarks-history.md, "Removing voters")
    index('ballot_events_voter_idx').on(t.voterId),
    // the same for a removed proxy (its events cascade) and a removed user (set null); partial:
    // most events have neither, so a live ballot writes neither index
    index('ballot_events_proxy_idx')
      .on(t.proxyId)
      .where(sql`${t.proxyId} is not null`),
    index('ballot_events_recorded_by_idx')
      .on(t.recordedBy)
      .where(sql`${t.recordedBy} is not null`),
    uniqueIndex('ballot_events_receipt_key')
      .on(t.receipt)
      .where(sql`${t.receipt} is not null`),
  ],
);

/** Who did something the audit log keeps: a manager, a partner application, a voter in the portal, or the gateway itself. */
export type AuditActor =
  | { type: 'user'; id: string; email: string | null; name?: string }
  | { type: 'partner'; clientId: string }
  | { type: 'voter'; id: string; memberId: string; name?: string }
  | { type: 'system' };

/**
 * Every manager and chair action on a meeting, append-only (a trigger refuses UPDATE and
 * DELETE; docs/verifiability.md): who, when, from where, and what changed.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: jsonb('actor').$type<AuditActor>().notNull(),
    /** The client address as TRUST_PROXY reads it (docs/security.md); null outside a request. */
    clientIp: text('client_ip'),
    /** What it acted on: `{ type, key, label }`. */
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull(),
    /** Before and after of the fields it changed, or the figures of the action; never secrets. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('audit_entries_meeting_idx').on(t.meetingId, t.at)],
);

/**
 * The hash chain of a meeting over its ballot events and audit entries, in the order the
 * sealer appended them: each link's hash covers the previous one (docs/verifiability.md).
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').$type<'ballot' | 'audit'>().notNull(),
    sourceId: uuid('source_id').notNull(),
    /** SHA-256 (hex) of the entry's content. */
    digest: text('digest').notNull(),
    /** SHA-256 (hex) over the previous link's hash, the position and the digest. */
    hash: text('hash').notNull(),
    sealedAt: at('sealed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.position] }),
    uniqueIndex('audit_chain_source_key').on(t.sourceId),
  ],
);

/** A partner application (OAuth client); its id is the client_id. */
export const partnerClients = pgTable('partner_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** argon2id of the client secret. */
  secretHash: text('secret_hash').notNull(),
  /** Matched as exact strings. */
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/** Authorization codes, stored as sha256 of the code; single use. */
export const partnerAuthorizationCodes = pgTable(
  'partner_authorization_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => partnerClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    /** PKCE S256 challenge; when set, the exchange needs the verifier. */
    codeChallenge: text('code_challenge'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_authorization_codes_hash_key').on(t.codeHash)],
);

/** One grant per code exchange: the token family that rotation and revocation act on. */
export const partnerGrants = pgTable(
  'partner_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => partnerClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id').references(() => partnerAuthorizationCodes.id, {
      onDelete: 'set null',
    }),
    scope: text('scope').notNull(),
    /** When the customer approved (the code was issued); a later password change ends the grant. */
    approvedAt: at('approved_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('partner_grants_code_idx').on(t.codeId),
    index('partner_grants_user_idx').on(t.userId),
  ],
);

export type PartnerTokenKind = 'access' | 'refresh';

/** Access and refresh tokens of a grant, stored as sha256 of the token. */
export const partnerTokens = pgTable(
  'partner_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => partnerGrants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PartnerTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Refresh tokens: when exchanged for a new pair; presenting it again is reuse. */
    rotatedAt: at('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_tokens_hash_key').on(t.tokenHash),
    index('partner_tokens_grant_idx').on(t.grantId),
  ],
);

/**
 * Written by a trigger on meetings (see the partner_oauth migration) when expiry_date moves
 * later once early voting had opened: the campaign status `extended`.
 */
export const meetingEarlyVotingExtensions = pgTable(
  'meeting_early_voting_extensions',
  {
    meetingId: uuid('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** expiry_date before the first extension. */
    originalExpiryDate: at('original_expiry_date').notNull(),
    extendedAt: at('extended_at').notNull(),
  },
);

export type ScheduledMailKind = 'reminder' | 'starting' | 'summary';
export type ScheduledMailStatus =
  'sending' | 'sent' | 'retry' | 'failed' | 'cancelled';

/**
 * Every scheduled e-mail (reminders, "meeting is starting", manager summaries), one row per
 * kind, meeting, recipient and period: the row is claimed before the message is sent, so a
 * second node or a restart never sends it again; failures wait here for their retry.
 */
export const scheduledMail = pgTable(
  'scheduled_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ScheduledMailKind>().notNull(),
    /** The voter's id, or a manager's lower-cased address. */
    recipient: text('recipient').notNull(),
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'cascade',
    }),
    email: text('email').notNull(),
    /** The reminder round's instant, the meeting date, or the summary's local date. */
    period: text('period').notNull(),
    dueAt: at('due_at').notNull(),
    status: text('status')
      .$type<ScheduledMailStatus>()
      .notNull()
      .default('sending'),
    /** Attempts started; a result is recorded only by the attempt that claimed the row. */
    attempts: integer('attempts').notNull().default(1),
    /** While sending: after this, a crashed sender's claim may be taken over. */
    leaseUntil: at('lease_until'),
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_mail_send_key').on(
      t.meetingId,
      t.kind,
      t.recipient,
      t.period,
    ),
    index('scheduled_mail_meeting_status_idx').on(t.meetingId, t.status),
    index('scheduled_mail_voter_idx').on(t.voterId),
  ],
);

export type FloorEntryStatus =
  'pending' | 'counted' | 'replaced' | 'discarded' | 'lapsed';

/**
 * Floor ballots typed by clerks in double-entry mode (docs/hybrid-meetings.md): an entry waits
 * as `pending` until the other entry of the same sheet, by another manager, agrees; then both
 * are `counted` and the ballot is written. `generation` is the matter's live generation when
 * entered: entries of an earlier opening have lapsed.
 */
export const floorEntries = pgTable(
  'floor_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    entry: integer('entry').$type<1 | 2>().notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    /** A cumulative sheet's votes, one per choice; null for other methods. */
    votes: jsonb('votes').$type<number[]>(),
    recordedBy: uuid('recorded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<FloorEntryStatus>().notNull(),
    /** The ballot_events row of the counted ballot. */
    ballotId: uuid('ballot_id'),
    resolvedAt: at('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('floor_entries_pending_key')
      .on(t.matterId, t.memberId, t.entry)
      .where(sql`${t.status} = 'pending'`),
    index('floor_entries_matter_idx').on(t.matterId, t.status),
  ],
);

export type NominationStatus =
  'submitted' | 'accepted' | 'rejected' | 'withdrawn';

/**
 * Candidates that members nominate for the meeting's elections until `nominationExpiryDate`
 * (docs/elections.md, "Nominations"); accepted ones become an election's options.
 */
export const nominations = pgTable(
  'nominations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The voter who submitted it. */
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    statement: text('statement').notNull(),
    /** The statement in the other languages (docs/i18n.md). */
    translations: jsonb('translations')
      .$type<Translated<{ statement: string }>>()
      .notNull()
      .default({}),
    nomineeEmail: text('nominee_email'),
    /** When the nominee's confirmation went out; null when none was asked or it is pending. */
    nomineeNotifiedAt: at('nominee_notified_at'),
    status: text('status').$type<NominationStatus>().notNull(),
    rejectReason: text('reject_reason'),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    /** When a manager accepted or rejected it, or the member withdrew it. */
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('nominations_meeting_idx').on(t.meetingId, t.status, t.decidedAt),
    index('nominations_member_idx').on(t.memberId, t.status),
  ],
);

export type QuestionStatus = 'new' | 'approved' | 'answered' | 'dismissed';

/** Voters' questions to the chair, moderated in the control room (docs/hybrid-meetings.md). */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id').references(() => voters.id, {
      onDelete: 'set null',
    }),
    /** The asker's name when asked: the queue still says who asked once the voter is gone. */
    voterName: text('voter_name').notNull(),
    category: text('category').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<QuestionStatus>().notNull().default('new'),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    moderatedBy: uuid('moderated_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Shown on the meeting's big screen; at most one question of a meeting at a time. */
    onScreen: boolean('on_screen').notNull().default(false),
    askedAt: at('asked_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_meeting_idx').on(t.meetingId, t.askedAt),
    index('questions_voter_idx').on(t.voterId),
    index('questions_member_status_idx').on(t.memberId, t.status),
    uniqueIndex('questions_on_screen_key')
      .on(t.meetingId)
      .where(sql`${t.onScreen}`),
  ],
);

/**
 * Read-only credentials for a meeting's big screens (docs/live-protocol.md): the token is a
 * signed JWT naming this row (`jti`), refused once the row is revoked, expired or gone.
 */
export const screenTokens = pgTable(
  'screen_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Coalesced: written at most about once a minute while a screen uses the token. */
    lastSeenAt: at('last_seen_at'),
  },
  (t) => [
    index('screen_tokens_meeting_idx').on(t.meetingId, t.createdAt),
    index('screen_tokens_created_by_idx').on(t.createdBy),
  ],
);
