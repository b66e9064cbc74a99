import { z } from 'zod';
import { boundedJson, IsoDateTime, IsoDateTimeInput } from './common';
import { TimeZone } from './meetings';

/** video = webinar at the provider; video-meeting = meeting at the provider (spec 2.10). */
export const CAST_PROVIDERS = ['video', 'video-meeting'] as const;
export const CastProvider = z.enum(CAST_PROVIDERS);
export type CastProvider = z.infer<typeof CastProvider>;

/** not-started until the session begins at the provider, started while it runs, ended after (docs/webcast.md). */
export const WEBCAST_STATUSES = ['not-started', 'started', 'ended'] as const;
export type WebcastStatus = (typeof WEBCAST_STATUSES)[number];

/** Video providers a gateway can be configured with (`WEBCAST_PROVIDER`). */
export const WEBCAST_PROVIDERS = ['jitsi', 'zoom'] as const;
export type WebcastProviderName = (typeof WEBCAST_PROVIDERS)[number];

/** Key of `meta` that holds the provider's room; set by the gateway, never by a client. */
export const WEBCAST_ROOM_META_KEY = 'room';
/** Key of `meta` that holds the rehearsal at the provider (docs/webcast.md); the gateway's too. */
export const WEBCAST_REHEARSAL_META_KEY = 'rehearsal';

const PROVIDER_META_KEYS = [WEBCAST_ROOM_META_KEY, WEBCAST_REHEARSAL_META_KEY];

const ClientMeta = z
  .record(z.string().max(100), z.unknown())
  .superRefine((meta, ctx) => {
    for (const key of PROVIDER_META_KEYS)
      if (Object.hasOwn(meta, key))
        ctx.addIssue({
          code: 'custom',
          message: `meta.${key} is set by the webcast provider.`,
          path: [key],
        });
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

/**
 * `GET /portal/v1/Meetings/{shortCode}/webcast`: the signed-in voter's way into the video room.
 * `joinUrl` is personal (a registrant's link, or the panelist's); null until the provider has
 * registered the voter.
 */
export const PortalWebcast = z.strictObject({
  castProvider: CastProvider,
  status: z.enum(WEBCAST_STATUSES),
  role: z.enum(['panelist', 'attendee']),
  joinUrl: z.string().nullable(),
  /** True when `joinUrl` is the voter's own (Zoom); false for a room everyone shares (Jitsi). */
  personal: z.boolean(),
  /** The rehearsal's link, for panelists only, while one is scheduled. */
  rehearsal: z
    .strictObject({
      at: IsoDateTime,
      duration: z.number(),
      timezone: z.string(),
      joinUrl: z.string().nullable(),
    })
    .nullable(),
});
export type PortalWebcast = z.infer<typeof PortalWebcast>;
