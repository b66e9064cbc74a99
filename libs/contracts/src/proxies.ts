import { z } from 'zod';
import { MailDelivery } from './mail-delivery';
import { IsoDateTime, LanguageCode } from './common';
import {
  BallotAllocations,
  BallotChoices as Choices,
  BallotRanking,
  ballotBodyFields,
  matterMethodFields,
  oneBallotBody,
} from './ballot-body';

/** Where a proxy is in its life; see the project's docs/proxies.md. */
export const PROXY_STATUSES = [
  'submitted',
  'verified',
  'rejected',
  'withdrawn',
  'revoked',
] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];

export const PROXY_SOURCES = ['electronic', 'paper'] as const;
export type ProxySource = (typeof PROXY_SOURCES)[number];

const PersonName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}*$/u, 'No control characters.');

/** A scheme (`https://`, `hxxp://`), `www.` or an e-mail address: what mail clients link. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|@/i;

/**
 * A name a voter types that goes out in mail to someone else: never a link (docs/proxies.md,
 * "Limits"). Default holders are matched against the meeting's settings instead.
 */
const TypedName = PersonName.refine(
  (name) => !LINK_LIKE.test(name),
  'A name, not a link or an e-mail address.',
);

/**
 * A matter's direction: the ballot the holder must cast (`choices`, `allocations` or `ranking`,
 * in the matter's voting method), or `choices: null` for the holder's discretion.
 */
export const ProxyDirection = z
  .strictObject({
    matterKey: z.string().min(1).max(64),
    choices: Choices.nullable().optional(),
    allocations: BallotAllocations.optional(),
    ranking: BallotRanking.optional(),
  })
  .superRefine(oneBallotBody);
export type ProxyDirection = z.infer<typeof ProxyDirection>;

/** One of the meeting's defaultProxyHolders (by name), or a person named on the form. */
export const ProxyHolderInput = z.discriminatedUnion('isDefault', [
  z.strictObject({ isDefault: z.literal(true), name: PersonName }),
  z.strictObject({
    isDefault: z.literal(false),
    name: TypedName,
    email: z.email().max(320),
  }),
]);
export type ProxyHolderInput = z.infer<typeof ProxyHolderInput>;

/** The voter's proxy form: `agree` is the signature's consent, `signedName` the typed name. */
export const SubmitProxyRequest = z.strictObject({
  holder: ProxyHolderInput,
  directions: z.array(ProxyDirection).max(200),
  signedName: TypedName,
  agree: z.literal(true),
});
export type SubmitProxyRequest = z.infer<typeof SubmitProxyRequest>;

/** A paper proxy a manager enters; `scanKey` is a document of the meeting (its `key`). */
export const PaperProxyRequest = z.strictObject({
  memberKey: z.string().min(1).max(64),
  holder: ProxyHolderInput,
  directions: z.array(ProxyDirection).max(200),
  signedName: TypedName,
  scanKey: z.string().min(1).max(64).optional(),
});
export type PaperProxyRequest = z.infer<typeof PaperProxyRequest>;

/** What the portal's proxy form offers a member: holders to pick and matters to direct. */
export const ProxyForm = z.strictObject({
  defaultProxyHolders: z.array(z.string()),
  /** Proxies are taken (and can be withdrawn) until this instant. */
  closesAt: IsoDateTime,
  open: z.boolean(),
  /** The language of the matters' texts: the voter's (docs/i18n.md). */
  language: LanguageCode,
  /**
   * The matters that take proxy votes and that the member may vote on, in order; `name`,
   * `header` and candidates' statements in `language`, `options` canonical (directions name
   * them) and `optionLabels` showing them in `language`.
   */
  matters: z.array(
    z.strictObject({
      matterKey: z.string(),
      name: z.string(),
      header: z.string(),
      options: z.array(z.string()),
      optionLabels: z.array(z.string()),
      choices: z.number(),
      ...matterMethodFields,
    }),
  ),
});
export type ProxyForm = z.infer<typeof ProxyForm>;

export const RejectProxyRequest = z.strictObject({
  reason: z.string().trim().min(1).max(1000),
});
export type RejectProxyRequest = z.infer<typeof RejectProxyRequest>;

export const ListProxiesQuery = z.object({
  status: z.enum(PROXY_STATUSES).optional(),
  /** A holder's key. */
  holder: z.string().min(1).max(64).optional(),
});
export type ListProxiesQuery = z.infer<typeof ListProxiesQuery>;

export const ProxyHolderRef = z.strictObject({
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ProxyHolderRef = z.infer<typeof ProxyHolderRef>;

export const MemberProxy = z.strictObject({
  key: z.string(),
  memberKey: z.string(),
  unit: z.string(),
  holder: ProxyHolderRef,
  directions: z.array(ProxyDirection),
  source: z.enum(PROXY_SOURCES),
  status: z.enum(PROXY_STATUSES),
  rejectReason: z.string().nullable(),
  signedName: z.string(),
  submittedAt: IsoDateTime,
  verifiedAt: IsoDateTime.nullable(),
  revokedAt: IsoDateTime.nullable(),
  withdrawnAt: IsoDateTime.nullable(),
  /** Paper proxies: the scan's document key. */
  scanKey: z.string().nullable(),
});
export type MemberProxy = z.infer<typeof MemberProxy>;

/** A holder with what it holds now (verified proxies), for the manager's lists. */
export const ProxyHolderSummary = ProxyHolderRef.extend({
  present: z.boolean(),
  /** The last link sent to a named holder and what the mail server said; null when never. */
  notice: MailDelivery.nullable(),
  proxies: z.number(),
  shares: z.number(),
});
export type ProxyHolderSummary = z.infer<typeof ProxyHolderSummary>;

export const HolderPresenceRequest = z.strictObject({
  present: z.boolean(),
});
export type HolderPresenceRequest = z.infer<typeof HolderPresenceRequest>;

export const HolderSessionRequest = z.strictObject({
  holderToken: z.string().min(1).max(4096),
});
export type HolderSessionRequest = z.infer<typeof HolderSessionRequest>;

export const HolderSessionResponse = z.strictObject({
  /** The holder's session token (Bearer) for the holder routes of the portal. */
  token: z.string(),
  expiresAt: IsoDateTime,
  holder: ProxyHolderRef,
});
export type HolderSessionResponse = z.infer<typeof HolderSessionResponse>;

const Weight = z.strictObject({ count: z.number(), shares: z.number() });

/** One proxy a holder holds (verified), with the member's directions. */
export const HeldProxy = z.strictObject({
  key: z.string(),
  unit: z.string(),
  shares: z.number(),
  directions: z.array(ProxyDirection),
});
export type HeldProxy = z.infer<typeof HeldProxy>;

/** A holder's own discretionary vote on a matter: how many of its proxies went to which choices. */
export const HolderSplit = z
  .strictObject({
    ...ballotBodyFields,
    count: z.number().int().min(1).max(100_000),
  })
  .superRefine(oneBallotBody);
export type HolderSplit = z.infer<typeof HolderSplit>;

export const HolderMatter = z.strictObject({
  matterKey: z.string(),
  /** name and header in the view's `language` (docs/i18n.md). */
  name: z.string(),
  header: z.string(),
  /** The canonical options: what a split names. */
  options: z.array(z.string()),
  /** Each option in the view's `language`, in the same order (docs/i18n.md). */
  optionLabels: z.array(z.string()),
  choices: z.number(),
  ...matterMethodFields,
  order: z.number(),
  liveStatus: z.enum(['pending', 'live', 'closed']),
  /** When voting closes while it is live (the holder page's countdown); null otherwise. */
  liveEndsAt: IsoDateTime.nullable(),
  allowProxyVote: z.boolean(),
  /** Directed proxies, counted as the members directed when the matter opens. */
  directed: Weight,
  /** Proxies at the holder's discretion that the holder may cast now. */
  discretionary: Weight,
  /** The holder's discretionary votes as cast, in the holder's list order. */
  cast: z.array(HolderSplit),
});
export type HolderMatter = z.infer<typeof HolderMatter>;

export const HolderView = z.strictObject({
  /** The language of the meeting's own texts in this answer: the reader's (docs/i18n.md). */
  language: LanguageCode,
  holder: ProxyHolderRef.extend({ present: z.boolean() }),
  meeting: z.strictObject({
    shortCode: z.string(),
    /** In the view's `language`. */
    name: z.string(),
    meetingDate: IsoDateTime,
    meetingTimezone: z.string(),
    /** The meeting's primary language. */
    language: LanguageCode,
  }),
  /** Verified proxies held, in the order discretionary votes are assigned. */
  proxies: z.array(HeldProxy),
  totals: z.strictObject({
    proxies: z.number(),
    shares: z.number(),
    directed: z.number(),
    discretionary: z.number(),
  }),
  matters: z.array(HolderMatter),
  /** The gateway's clock as it answered: countdowns run on the server's time. */
  serverTime: IsoDateTime,
});
export type HolderView = z.infer<typeof HolderView>;

export const HolderCastRequest = z.strictObject({
  split: z.array(HolderSplit).max(50),
});
export type HolderCastRequest = z.infer<typeof HolderCastRequest>;

export const HolderCastResponse = z.strictObject({
  matterKey: z.string(),
  /** Ballots now standing for the holder's discretionary proxies on the matter. */
  cast: z.number(),
  /** Earlier discretionary votes the holder took back (a smaller split). */
  withdrawn: z.number(),
  castAt: IsoDateTime,
  /** The receipt of each ballot this cast wrote, by unit (docs/verifiability.md). */
  receipts: z.array(z.strictObject({ unit: z.string(), receipt: z.string() })),
});
export type HolderCastResponse = z.infer<typeof HolderCastResponse>;
