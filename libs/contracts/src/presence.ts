import { z } from 'zod';

/**
 * The meeting's eligible members present, each counted one way (docs/presence.md): checked in
 * at the desk (`presentInPerson`), else with a voter connected (`presentOnline`), else
 * represented by a proxy that counts (`presentByProxy`). The three add up to `presentMembers`.
 * The stats, the close snapshot and the report use these names, in units (members) unless
 * said otherwise.
 */
export const PresentCount = z.strictObject({
  presentMembers: z.number(),
  presentInPerson: z.number(),
  presentOnline: z.number(),
  presentByProxy: z.number(),
});
export type PresentCount = z.infer<typeof PresentCount>;
