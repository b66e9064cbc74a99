import { z } from 'zod';
import { ballotAnswerFields } from './ballot-body';
import { IsoDateTime, IsoDateTimeInput } from './common';
import { Figures, ThresholdBasis, Verdict } from './results';

/** Receipts, the published count, the hash chain and the audit log (docs/verifiability.md). */

/** Crockford's base32: digits and capitals without I, L, O and U. */
export const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 random bits each: 80 bits. */
export const RECEIPT_LENGTH = 16;
export const RECEIPT_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/**
 * A receipt as a person may type it: any case, with dashes or spaces between groups, and the
 * letters Crockford's base32 reads as digits (I and L as 1, O as 0). Null when it cannot be one.
 */
export function normalizeReceipt(input: string): string | null {
  if (input.length > 64) return null;
  const code = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return RECEIPT_PATTERN.test(code) ? code : null;
}

/** A receipt in groups of four, for people: `7K3M-Q9XD-...`. */
export function formatReceipt(receipt: string): string {
  return receipt.match(/.{1,4}/g)?.join('-') ?? receipt;
}

/** A link of a meeting's hash chain: its position (from 1) and SHA-256 hash (hex). */
export const ChainHead = z.strictObject({
  position: z.number().int(),
  hash: z.string(),
});
export type ChainHead = z.infer<typeof ChainHead>;

/** Who stands behind a ballot (libs/rules, proxy-precedence.ts). */
export const BallotKindName = z.enum([
  'live',
  'holder',
  'early',
  'paper',
  'floor',
]);

export const ReceiptState = z.enum(['counts', 'replaced', 'withdrawn']);
export type ReceiptState = z.infer<typeof ReceiptState>;

/**
 * One reason why a receipt's ballot counts or not (docs/verifiability.md); clients word it in
 * their own language (`receiptWords` in libs/i18n).
 */
export const ReceiptReason = z.strictObject({
  code: z.enum([
    'counts',
    'counted',
    'replaced_same_kind',
    'replaced_precedence',
    'replaced_later',
    'withdrawn',
    'proxy_revoked',
  ]),
  /** When it happened (the replacement, withdrawal or revocation), when known. */
  at: IsoDateTime.nullable(),
});
export type ReceiptReason = z.infer<typeof ReceiptReason>;

/** `GET /portal/v1/Meetings/{shortCode}/receipts/{receipt}`: which ballot of the member counts now, and why. */
export const ReceiptStatus = z.strictObject({
  receipt: z.string(),
  matterKey: z.string(),
  matterName: z.string(),
  kind: BallotKindName,
  ...ballotAnswerFields,
  castAt: IsoDateTime,
  state: ReceiptState,
  /** The ballot that counts now for the member on the matter, when it is another one. */
  current: z
    .strictObject({
      kind: BallotKindName,
      castAt: IsoDateTime,
      /** Its receipt, when the member may see it (every ballot of the member's own). */
      receipt: z.string().nullable(),
    })
    .nullable(),
  /** The member's proxy, when this ballot was its holder's. */
  proxy: z
    .strictObject({
      status: z.string(),
      revokedAt: IsoDateTime.nullable(),
    })
    .nullable(),
  /** Why, as codes: the first says which ballot stands, a second that the proxy was revoked. */
  reasons: z.array(ReceiptReason),
  /** The reasons in one or two sentences, in the reader's language (docs/i18n.md). */
  explanation: z.string(),
  /** Whether the matter's published count can be seen (then this receipt is in it when it counts). */
  published: z.boolean(),
});
export type ReceiptStatus = z.infer<typeof ReceiptStatus>;

/** `GET /portal/v1/Meetings/{shortCode}/receipts`: every receipt of the member, newest first. */
export const ReceiptList = z.array(ReceiptStatus);
export type ReceiptList = z.infer<typeof ReceiptList>;

export const EmailReceiptResponse = z.strictObject({
  sentAt: IsoDateTime,
  to: z.string(),
});
export type EmailReceiptResponse = z.infer<typeof EmailReceiptResponse>;

/** One counted ballot in the published count: never who cast it. */
export const PublishedReceipt = z.strictObject({
  receipt: z.string(),
  /** In the matter's basis: shares (`shares`, `both`), or 1 (`units`). */
  weight: z.number(),
  /** Only when the matter has `openVerification` (and `allocations` or `ranking` for those methods). */
  choices: z.array(z.string()).optional(),
  allocations: ballotAnswerFields.allocations,
  ranking: ballotAnswerFields.ranking,
});
export type PublishedReceipt = z.infer<typeof PublishedReceipt>;

/**
 * `GET .../matters/{matterKey}/published`: the counted receipts of a closed matter (sorted by
 * code), their totals, and the head of the meeting's hash chain at the close.
 */
export const PublishedCount = z.strictObject({
  matterKey: z.string(),
  name: z.string(),
  options: z.array(z.string()),
  exclusions: z.array(z.string()),
  weightBasis: ThresholdBasis,
  openVerification: z.boolean(),
  closedAt: IsoDateTime.nullable(),
  /** Null until published (after sign-off where the meeting requires it). */
  publishedAt: IsoDateTime.nullable(),
  receipts: z.array(PublishedReceipt),
  totals: z.strictObject({
    /** Counted ballots and the sum of their shares. */
    units: z.number(),
    shares: z.number(),
    /** Per option, every method together (the result's totals). */
    options: z.array(
      z.strictObject({
        vote: z.string(),
        units: z.number(),
        shares: z.number(),
      }),
    ),
    /** The members the base was measured against at the close, to recount the verdict. */
    eligible: Figures,
    present: Figures,
  }),
  verdict: Verdict,
  chainHead: ChainHead.nullable(),
});
export type PublishedCount = z.infer<typeof PublishedCount>;

/** What the audit log records, by family (docs/verifiability.md). */
export const AUDIT_KINDS = [
  'meeting.create',
  'meeting.update',
  'meeting.settings',
  'meeting.scrutineers',
  'matter.create',
  'matter.update',
  'matter.delete',
  'matter.start',
  'matter.reopen',
  'matter.extend',
  'matter.stop',
  'member.create',
  'member.update',
  'member.delete',
  'members.import',
  'voter.create',
  'voter.update',
  'voter.delete',
  'voter.personal_link',
  'proxy.paper',
  'proxy.verify',
  'proxy.reject',
  'ballot.record',
  'holder.cast',
  'floor.ballot',
  'check_in.create',
  'check_in.delete',
  'result.sign_off',
  'nomination.submit',
  'nomination.withdraw',
  'nomination.accept',
  'nomination.reject',
  'result.tie_break',
  'question.approve',
  'question.answer',
  'question.dismiss',
  'question.screen',
  'question.reply',
  'screen_token.create',
  'screen_token.revoke',
  'team.add',
  'team.remove',
  'team.roles',
  'account.update',
  'team.invite',
  'team.invite_revoke',
  'team.join',
  'voter.invite',
  'holder.presence',
  'holder.notice',
  'document.create',
  'document.delete',
  'webcast.create',
  'webcast.update',
  'webcast.start',
  'webcast.status',
  'webcast.recordings',
  'demo.seed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_FORMATS = ['jsonl', 'csv'] as const;

/** `GET /v1/Meetings/{shortCode}/audit`: filters; JSON Lines unless `format=csv`. */
export const AuditQuery = z
  .strictObject({
    format: z.enum(AUDIT_FORMATS).default('jsonl'),
    /** A kind (`matter.start`) or a family (`matter`). */
    kind: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'A kind such as matter.start, or matter.')
      .max(64)
      .optional(),
    /** Who acted: a user's or voter's key or a user's e-mail, or `system` for the gateway itself. */
    actor: z
      .union([z.uuid(), z.email().max(320), z.literal('system')], {
        error: 'A user key, an e-mail address, or system.',
      })
      .optional(),
    from: IsoDateTimeInput.optional(),
    to: IsoDateTimeInput.optional(),
    /** The newest so many, default all. */
    limit: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .refine(
    (query) =>
      !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to),
    { path: ['to'], message: 'Must be later than from.' },
  );
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditActorView = z.strictObject({
  type: z.enum(['user', 'partner', 'voter', 'system']),
  id: z.string().nullable(),
  email: z.string().nullable(),
  /** The user's or voter's name as it was when they acted (null for older entries and others). */
  name: z.string().nullable(),
});

/** One line of the audit export. */
export const AuditEntryView = z.strictObject({
  id: z.string(),
  at: IsoDateTime,
  kind: z.string(),
  actor: AuditActorView,
  clientIp: z.string().nullable(),
  subject: z.record(z.string(), z.unknown()),
  changes: z.record(z.string(), z.unknown()),
  /** Its link in the meeting's hash chain, once sealed. */
  chain: ChainHead.nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;
