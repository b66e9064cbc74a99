import { z } from 'zod';

/** ISO 8601 datetime with an offset on input; responses are always UTC with milliseconds. */
export const IsoDateTimeInput = z.iso.datetime({ offset: true });
export const IsoDateTime = z.string();

export const Uuid = z.uuid();

/** `limit` of the list endpoints: default 50, 1..100 (spec section 8). */
export const ListLimit = z.coerce.number().int().min(1).max(100).default(50);

export const SearchText = z.string().max(200).optional();

export const ProblemFieldError = z.object({
  path: z.string(),
  message: z.string(),
});

/** RFC 9457 problem details (CONTRACT section 2). */
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
