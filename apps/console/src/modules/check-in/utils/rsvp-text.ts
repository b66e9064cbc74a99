import type { RsvpAnswer } from '@livevote/contracts';

/** The catalog keys of the RSVP answers in words (docs/i18n.md). */
export const RSVP_TEXT: Record<RsvpAnswer, string> = {
  in_person: 'checkIn.rsvp.answer.in_person',
  online: 'checkIn.rsvp.answer.online',
  no: 'checkIn.rsvp.answer.no',
};
