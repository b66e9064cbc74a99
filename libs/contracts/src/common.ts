import { z } from 'zod';

/** ISO 8601 datetime with an offset on input; responses are always UTC with milliseconds. */
export const IsoDateTimeInput = z.iso.datetime({ offset: true });
export const IsoDateTime = z.string();

export const Uuid = z.uuid();

/** The languages of libs/i18n (`LANGUAGES`), for a meeting's default and a voter's own. */
export const LANGUAGE_CODES = ['en', 'fr'] as const;
export const LanguageCode = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof LanguageCode>;

/** `limit` of the list endpoints: default 50, 1..100 (spec section 8). */
export const ListLimit = z.coerce.number().int().min(1).max(100).default(50);

export const SearchText = z.string().max(200).optional();

/** Free-form JSON fields (a member's customData, a webcast's meta): how deep and how large. */
export const FREE_JSON_MAX_DEPTH = 10;
export const FREE_JSON_MAX_CHARS = 16_384;

/** Whether objects and arrays nest deeper than `limit`; iterative, so any depth is safe. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, depth] = item;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Bounds a free-form JSON field so that storing and serialising it stays cheap. */
export function boundedJson<T extends z.ZodType>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (nestsDeeperThan(value, FREE_JSON_MAX_DEPTH)) {
      ctx.addIssue({
        code: 'custom',
        message: `Nests more than ${FREE_JSON_MAX_DEPTH} levels deep.`,
      });
      return;
    }
    if (JSON.stringify(value).length > FREE_JSON_MAX_CHARS)
      ctx.addIssue({
        code: 'custom',
        message: `Longer than ${FREE_JSON_MAX_CHARS} characters as JSON.`,
      });
  });
}

export const ProblemFieldError = z.object({
  path: z.string(),
  message: z.string(),
});

/** RFC 9457 problem details (docs/decisions.md, "Errors and input"). */
export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(ProblemFieldError).optional(),
  correlationId: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
