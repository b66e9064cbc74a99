import { z } from 'zod';
import { boundedJson, IsoDateTime, IsoDateTimeInput } from './common';
import { TimeZone } from './meetings';

/** video = webinar at the provider; video-meeting = meeting at the provider (spec 2.10). */
export const CAST_PROVIDERS = ['video', 'video-meeting'] as const;
export const CastProvider = z.enum(CAST_PROVIDERS);
export type CastProvider = z.infer<typeof CastProvider>;

export const WEBCAST_STATUSES = ['not-started', 'started'] as const;

/** Key of `meta` that holds the provider's room; set by the gateway, never by a client. */
export const WEBCAST_ROOM_META_KEY = 'room';

const ClientMeta = z
  .record(z.string().max(100), z.unknown())
  .refine((meta) => !Object.hasOwn(meta, WEBCAST_ROOM_META_KEY), {
    message: `meta.${WEBCAST_ROOM_META_KEY} is set by the webcast provider.`,
    path: [WEBCAST_ROOM_META_KEY],
  });

/** PUT replaces: an omitted (or null) optional field is cleared. */
export const PutWebcastRequest = z.strictObject({
  castProvider: CastProvider,
  rehearsalAt: IsoDateTimeInput.nullable().optional(),
  rehearsalTimezone: TimeZone.nullable().optional(),
  rehearsalDuration: z.number().int().min(1).max(1440).nullable().optional(),
  recordingsAt: IsoDateTimeInput.nullable().optional(),
  reportsAt: IsoDateTimeInput.nullable().optional(),
  meta: boundedJson(ClientMeta).nullable().optional(),
});
export type PutWebcastRequest = z.infer<typeof PutWebcastRequest>;

/** A meeting's webcast. */
export const Webcast = z.strictObject({
  key: z.string(),
  castProvider: CastProvider,
  castId: z.number(),
  meta: z.record(z.string(), z.unknown()),
  rehearsalAt: IsoDateTime.nullable(),
  rehearsalTimezone: z.string().nullable(),
  rehearsalDuration: z.number().nullable(),
  recordingsAt: IsoDateTime.nullable(),
  reportsAt: IsoDateTime.nullable(),
  status: z.enum(WEBCAST_STATUSES),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Webcast = z.infer<typeof Webcast>;

/** A webcast's launch answer. */
export const WebcastLaunch = z.strictObject({
  startUrl: z.string(),
  meetingCapacity: z.number(),
  webinarCapacity: z.number(),
  isInUse: z.boolean(),
  capacityWarning: z.boolean(),
});
export type WebcastLaunch = z.infer<typeof WebcastLaunch>;
