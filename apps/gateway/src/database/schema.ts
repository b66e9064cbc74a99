import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('account_users_user_idx').on(t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetings_short_code_key').on(t.shortCode),
    index('meetings_account_idx').on(t.accountId),
  ],
);
