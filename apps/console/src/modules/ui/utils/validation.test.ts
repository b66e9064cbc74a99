import {
  CreateMatterRequest,
  CreateMemberRequest,
  PatchMeetingRequest,
  PatchMeetingSettingsRequest,
  PortalRegisterRequest,
} from '@livevote/contracts';
import { formatNumber, type Language } from '@livevote/i18n';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { describeIssues, type IssueList } from './validation';

function problem(
  lng: Language,
  parsed: { success: boolean; error?: IssueList },
  labels: Record<string, string> = {},
): string {
  expect(parsed.success).toBe(false);
  return describeIssues(
    parsed.error!,
    i18n.getFixedT(lng),
    (value) => formatNumber(value, lng, 0),
    labels,
  );
}

const member = (fields: object) =>
  CreateMemberRequest.safeParse({ unit: '101', ...fields });

// what the contracts' own checks produce, so a renamed message in libs/contracts fails here
describe(describeIssues.name, () => {
  it.each<[string, { success: boolean; error?: IssueList }, string, string]>([
    [
      'an empty required text',
      PortalRegisterRequest.safeParse({
        controlNumber: 'ABCD',
        name: ' ',
        email: 'ana@example.com',
      }),
      'Your name: required',
      'Votre nom : obligatoire',
    ],
    [
      'an e-mail address',
      PortalRegisterRequest.safeParse({
        controlNumber: 'ABCD',
        name: 'Ana',
        email: 'ana@example',
      }),
      'Your e-mail: invalid address',
      'Votre courriel : adresse invalide',
    ],
    [
      'a text too long',
      PortalRegisterRequest.safeParse({
        controlNumber: 'A'.repeat(65),
        name: 'Ana',
        email: 'ana@example.com',
      }),
      'Control number: at most 64 characters',
      'Numéro de contrôle : au plus 64 caractères',
    ],
  ])('says %s', (_what, parsed, english, french) => {
    const labels = {
      en: {
        controlNumber: 'Control number',
        name: 'Your name',
        email: 'Your e-mail',
      },
      fr: {
        controlNumber: 'Numéro de contrôle',
        name: 'Votre nom',
        email: 'Votre courriel',
      },
    };
    expect(problem('en', parsed, labels.en)).toBe(english);
    expect(problem('fr', parsed, labels.fr)).toBe(french);
  });

  it.each<[{ success: boolean; error?: IssueList }, string, string]>([
    [member({ shares: NaN }), 'a number', 'un nombre'],
    [member({ shares: -1 }), '0 or more', '0 ou plus'],
    [
      member({ shares: 1e14 }),
      'less than 100,000,000,000,000',
      'moins de 100 000 000 000 000',
    ],
    [
      member({ shares: 1.1234567 }),
      'at most 6 decimals',
      'au plus 6 décimales',
    ],
    [
      member({ controlNumber: 'AB CD' }),
      'letters, digits and hyphens only',
      'lettres, chiffres et traits d’union seulement',
    ],
    [
      member({ tags: ['a;b'] }),
      'no commas, semicolons or colons',
      'sans virgule, point-virgule ni deux-points',
    ],
    [member({ tags: ['all'] }), '“all” is reserved', '« all » est réservé'],
    [
      CreateMatterRequest.safeParse({
        name: 'Budget',
        options: ['Yes', 'Yes'],
      }),
      '“Yes” appears twice',
      '« Yes » figure deux fois',
    ],
    [
      CreateMatterRequest.safeParse({ name: 'Budget', options: [] }),
      'at least 1 item',
      'au moins 1 élément',
    ],
    [
      CreateMatterRequest.safeParse({
        name: 'Budget',
        options: ['Yes'],
        choices: 1.5,
      }),
      'a whole number',
      'un nombre entier',
    ],
    [
      PatchMeetingRequest.safeParse({ meetingTimezone: 'Mars/Olympus' }),
      'an IANA time zone such as America/Toronto',
      'un fuseau horaire IANA, par exemple America/Toronto',
    ],
    [
      PatchMeetingRequest.safeParse({ meetingDate: 'tomorrow' }),
      'invalid date and time',
      'date et heure invalides',
    ],
    [
      PatchMeetingRequest.safeParse({ language: 'de' }),
      'not one of the choices',
      'ne fait pas partie des choix',
    ],
    [
      PatchMeetingSettingsRequest.safeParse({
        alternateManagerEmails: ['a@example.com', 'nobody'],
      }),
      'invalid address',
      'adresse invalide',
    ],
  ])('says what is wrong with %j', (parsed, english, french) => {
    const field = parsed.error!.issues[0].path[0] as string;
    expect(problem('en', parsed, { [field]: 'Field' })).toBe(
      `Field: ${english}`,
    );
    expect(problem('fr', parsed, { [field]: 'Champ' })).toBe(
      `Champ : ${french}`,
    );
  });

  it('names a field it has no label for by its path, and an empty list by the form', () => {
    const parsed = CreateMatterRequest.safeParse({
      name: 'Budget',
      options: ['Yes', 'Yes'],
    });
    expect(problem('en', parsed)).toBe('options.1: “Yes” appears twice');
    expect(describeIssues({ issues: [] }, i18n.getFixedT('fr'), String)).toBe(
      'Le formulaire n’est pas valide.',
    );
  });
});
