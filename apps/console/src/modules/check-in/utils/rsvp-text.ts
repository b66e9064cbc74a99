import type { RsvpAnswer } from '@livevote/contracts';

/** The RSVP answers in words. */
export const RSVP_TEXT: Record<RsvpAnswer, string> = {
  in_person: 'in person',
  online: 'online',
  no: 'not attending',
};
