import { z } from 'zod';
import { IsoDateTime } from './common';
import { translationsOf } from './translations';

/** Nominations for a meeting's elections (docs/elections.md, "Nominations"). */

export const MAX_NOMINATION_STATEMENT = 2000;
/** Nominations one member may have standing (submitted or accepted) at once. */
export const MAX_STANDING_NOMINATIONS = 3;

export const NOMINATION_STATUSES = [
  'submitted',
  'accepted',
  'rejected',
  'withdrawn',
] as const;
export const NominationStatus = z.enum(NOMINATION_STATUSES);
export type NominationStatus = z.infer<typeof NominationStatus>;

const NO_CONTROL = /^[^\p{Cc}]*$/u;

/** A scheme (`https://`), `www.` or an e-mail address: what mail clients turn into links. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|@/i;

const NominationStatement = z
  .string()
  .trim()
  .max(
    MAX_NOMINATION_STATEMENT,
    `At most ${MAX_NOMINATION_STATEMENT.toLocaleString('en')} characters.`,
  )
  .refine(
    (text) => !/[\p{Cc}]/u.test(text.replace(/[\n\r\t]/g, '')),
    'No control characters.',
  );

/** A nomination's statement in the meeting's other languages (docs/i18n.md). */
export const NominationTranslations = translationsOf({
  statement: NominationStatement,
});
export type NominationTranslations = z.infer<typeof NominationTranslations>;

/** `POST /portal/v1/Meetings/{shortCode}/nominations`: a voter nominates a candidate. */
export const SubmitNominationRequest = z.strictObject({
  /** The candidate's name, as the ballot will show it. */
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(NO_CONTROL, 'No control characters.')
    // the name goes out in the nominee's mail and on ballots: never a link
    .refine(
      (name) => !LINK_LIKE.test(name),
      'A name, not a link or an e-mail address.',
    ),
  statement: NominationStatement,
  /** The statement in the meeting's other languages (docs/i18n.md). */
  translations: NominationTranslations.optional(),
  /** The nominee's address: they get a confirmation that they were nominated. */
  nomineeEmail: z.email().max(320).optional(),
  /** The nominee has agreed to stand. */
  consent: z.literal(true),
});
export type SubmitNominationRequest = z.infer<typeof SubmitNominationRequest>;

export const Nomination = z.strictObject({
  key: z.string(),
  memberKey: z.string(),
  unit: z.string(),
  name: z.string(),
  statement: z.string(),
  /** The statement in the meeting's other languages (docs/i18n.md). */
  translations: NominationTranslations,
  status: NominationStatus,
  /** The manager's reason, when rejected; else null. */
  rejectReason: z.string().nullable(),
  submittedAt: IsoDateTime,
});
export type Nomination = z.infer<typeof Nomination>;

export const NominationList = z.array(Nomination);

/** `GET /v1/Meetings/{shortCode}/nominations?status=`: every status when absent. */
export const ListNominationsQuery = z.strictObject({
  status: NominationStatus.optional(),
});
export type ListNominationsQuery = z.infer<typeof ListNominationsQuery>;

/** `POST /v1/Meetings/{shortCode}/nominations/{key}/reject`. */
export const RejectNominationRequest = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .regex(NO_CONTROL, 'No control characters.'),
});
export type RejectNominationRequest = z.infer<typeof RejectNominationRequest>;
