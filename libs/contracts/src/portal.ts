import { z } from 'zod';
import { IsoDateTime, LanguageCode } from './common';
import { LiveMatter, OwnBallot } from './live';

export const PortalSessionRequest = z.strictObject({
  inviteToken: z.string().min(1).max(4096),
});
export type PortalSessionRequest = z.infer<typeof PortalSessionRequest>;

export const PortalRegisterRequest = z.strictObject({
  controlNumber: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
});
export type PortalRegisterRequest = z.infer<typeof PortalRegisterRequest>;

export const PortalVoter = z.strictObject({
  voterKey: z.string(),
  name: z.string(),
  email: z.string(),
  /**
   * The language the portal answers this voter in: their own choice, else the browser's
   * (`Accept-Language`), else the meeting's primary (docs/i18n.md).
   */
  language: LanguageCode,
  /** Whether the voter (or a manager, or the import) chose it; false: the automatic choice. */
  languageChosen: z.boolean(),
});
export type PortalVoter = z.infer<typeof PortalVoter>;

/** `PATCH /portal/v1/Meetings/{shortCode}/voter`: what voters may change of themselves. */
export const PortalVoterUpdate = z.strictObject({
  language: LanguageCode.nullable(),
});
export type PortalVoterUpdate = z.infer<typeof PortalVoterUpdate>;
export const PortalMember = z.strictObject({
  key: z.string(),
  unit: z.string(),
  shares: z.number(),
  eligible: z.boolean(),
});

export const PortalSessionResponse = z.strictObject({
  voterToken: z.string(),
  expiresAt: IsoDateTime,
  voter: PortalVoter,
  member: PortalMember,
});
export type PortalSessionResponse = z.infer<typeof PortalSessionResponse>;

/** What a signed-in voter sees of the meeting. */
export const PortalMeeting = z.strictObject({
  key: z.string(),
  shortCode: z.string(),
  name: z.string(),
  description: z.string(),
  meetingDate: IsoDateTime,
  meetingTimezone: z.string(),
  /**
   * The language of this answer's texts (name, description, location, matters, categories):
   * the voter's (docs/i18n.md, "Meeting content in two languages").
   */
  language: LanguageCode,
  /** The meeting's languages, the primary first. */
  languages: z.array(LanguageCode),
  duration: z.number(),
  location: z.string(),
  expiryDate: IsoDateTime.nullable(),
  /** The categories of the "Ask a question" form; empty: the meeting takes no questions. */
  questionCategories: z.array(z.string()),
  /** Members nominate candidates until then (docs/elections.md); null: the meeting takes none. */
  nominationExpiryDate: IsoDateTime.nullable(),
  /**
   * `name`, `header`, `snippet` and candidates' statements in `language`; `options` stay the
   * canonical ones ballots name, `optionLabels` show them in `language` (docs/i18n.md).
   */
  matters: z.array(
    LiveMatter.extend({
      allowProxyVote: z.boolean(),
      eligible: z.boolean(),
      /** One label per option, in `language` (the canonical option where none is translated). */
      optionLabels: z.array(z.string()),
    }),
  ),
});
export type PortalMeeting = z.infer<typeof PortalMeeting>;

/** The member's own ballots in the meeting, one a matter (`GET .../ballots`); none is an empty list. */
export const OwnBallots = z.strictObject({ ballots: z.array(OwnBallot) });
export type OwnBallots = z.infer<typeof OwnBallots>;

/**
 * What the way in shows before anyone signs in (`GET .../entry`): which meeting this is, so a
 * voter typing a control number knows where it goes.
 */
export const PortalEntry = z.strictObject({
  /** In `language`: the browser's (`Accept-Language`) where the meeting has it translated. */
  name: z.string(),
  language: LanguageCode,
  meetingDate: IsoDateTime,
  meetingTimezone: z.string(),
});
export type PortalEntry = z.infer<typeof PortalEntry>;
