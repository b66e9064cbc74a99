import { z } from 'zod';
import { IsoDateTime } from './common';

/** The portal's "will you attend?" (docs/hybrid-meetings.md, "RSVP"). */
export const RSVP_ANSWERS = ['in_person', 'online', 'no'] as const;
export const RsvpAnswer = z.enum(RSVP_ANSWERS);
export type RsvpAnswer = z.infer<typeof RsvpAnswer>;

const Text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, 'No control characters.');

/**
 * What the registrar enters or scans: a check-in code as printed (any case, spaces and dashes
 * allowed; the gateway says plainly when it is not one of the meeting's).
 */
export const CheckInCodeInput = Text(200);

/**
 * `POST /v1/Meetings/{shortCode}/check-ins`: a voter's code (scanned or typed), a voter
 * picked from the desk's search, or a walk-in registered by the unit's control number.
 */
export const CheckInRequest = z
  .strictObject({
    code: CheckInCodeInput.optional(),
    voterKey: z.string().min(1).max(64).optional(),
    controlNumber: z.string().trim().min(1).max(64).optional(),
    name: Text(200).optional(),
    email: z.email().max(320).optional(),
  })
  .superRefine((body, ctx) => {
    const walkIn = [body.controlNumber, body.name, body.email];
    const forms = [
      body.code !== undefined,
      body.voterKey !== undefined,
      walkIn.some((field) => field !== undefined),
    ].filter(Boolean).length;
    if (forms !== 1)
      ctx.addIssue({
        code: 'custom',
        message:
          'Give exactly one of: code; voterKey; controlNumber with name and email.',
      });
    else if (walkIn.some((field) => field !== undefined))
      walkIn.forEach((field, i) => {
        if (field === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [['controlNumber', 'name', 'email'][i]],
            message: 'Required for a walk-in.',
          });
      });
  });
export type CheckInRequest = z.infer<typeof CheckInRequest>;

/** A voter as the desk sees them. */
export const DeskVoter = z.strictObject({
  voterKey: z.string(),
  name: z.string(),
  email: z.string(),
  memberKey: z.string(),
  unit: z.string(),
  shares: z.number(),
  rsvp: RsvpAnswer.nullable(),
  /** Checked in at the desk now; null when not (or checked out). */
  checkedInAt: IsoDateTime.nullable(),
});
export type DeskVoter = z.infer<typeof DeskVoter>;

/** How many are in the room now: voters, and their units. */
export const CheckInCounts = z.strictObject({
  voters: z.number().int(),
  units: z.number().int(),
});
export type CheckInCounts = z.infer<typeof CheckInCounts>;

/** `GET .../check-ins`: who is checked in now (by unit), and the counts. */
export const CheckInList = z.strictObject({
  counts: CheckInCounts,
  checkedIn: z.array(DeskVoter),
});
export type CheckInList = z.infer<typeof CheckInList>;

/** Answer of a check-in (201) and of a check-out (200). */
export const CheckInResult = z.strictObject({
  voter: DeskVoter,
  counts: CheckInCounts,
  /** The voter was checked in already: nothing changed (a second scan at the door). */
  alreadyCheckedIn: z.boolean(),
  /** Proxies of the unit that this check-in revoked (docs/proxies.md). */
  proxiesRevoked: z.number().int(),
});
export type CheckInResult = z.infer<typeof CheckInResult>;

/** Live event `checkin.updated`, to the meeting's chairs only. */
export const CheckInUpdatedEvent = z.strictObject({
  shortCode: z.string(),
  voter: DeskVoter,
  checkedIn: z.boolean(),
  counts: CheckInCounts,
});
export type CheckInUpdatedEvent = z.infer<typeof CheckInUpdatedEvent>;

/** `PUT /portal/v1/Meetings/{shortCode}/rsvp`. */
export const RsvpRequest = z.strictObject({ attending: RsvpAnswer });
export type RsvpRequest = z.infer<typeof RsvpRequest>;

/** The voter's RSVP: the answer (null until given) and until when it can change. */
export const PortalRsvp = z.strictObject({
  attending: RsvpAnswer.nullable(),
  answeredAt: IsoDateTime.nullable(),
  /** RSVPs are taken until the meeting starts. */
  closesAt: IsoDateTime,
  open: z.boolean(),
});
export type PortalRsvp = z.infer<typeof PortalRsvp>;

/** `GET /portal/v1/Meetings/{shortCode}/check-in-code`: shown at the door. */
export const PortalCheckInCode = z.strictObject({
  code: z.string(),
  /** The code as a QR image, an SVG document. */
  qrSvg: z.string(),
  checkedInAt: IsoDateTime.nullable(),
});
export type PortalCheckInCode = z.infer<typeof PortalCheckInCode>;

/** A meeting document as its voters see it; `url` needs the voter token. */
export const PortalDocument = z.strictObject({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
  createdAt: IsoDateTime,
});
export type PortalDocument = z.infer<typeof PortalDocument>;

export const PortalDocumentList = z.array(PortalDocument);
