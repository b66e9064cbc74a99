import { AUDIT_KINDS } from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import { catalogKeys, en, fr } from './catalogs';
import {
  auditChangeLines,
  auditSentence,
  type AuditEntryForWords,
} from './audit-words';
import { translator } from './translator';

const options = { time: () => 'Dec 1, 2026, 6:00 PM EST' };
const ana = {
  type: 'user' as const,
  id: 'u1',
  email: 'ana@example.test',
  name: 'Ana Chair',
};
const entry = (
  kind: string,
  subject: Record<string, unknown>,
  changes: Record<string, unknown> = {},
  actor: AuditEntryForWords['actor'] = ana,
): AuditEntryForWords => ({ kind, actor, subject, changes });

describe('auditSentence', () => {
  it.each<[AuditEntryForWords, 'en' | 'fr', string]>([
    [
      entry(
        'question.approve',
        { type: 'question', key: 'q1', label: '12' },
        {
          status: { from: 'new', to: 'approved' },
        },
      ),
      'en',
      'Ana Chair approved the question of unit 12',
    ],
    [
      entry('question.approve', { type: 'question', key: 'q1', label: '12' }),
      'fr',
      'Ana Chair a approuvé la question de l’unité 12',
    ],
    [
      entry(
        'meeting.settings',
        { type: 'meeting', label: 'AGM' },
        {
          quorumPercent: { from: 50, to: 40 },
        },
      ),
      'en',
      'Ana Chair changed the meeting’s quorum from 50% to 40%',
    ],
    [
      entry(
        'meeting.settings',
        { type: 'meeting', label: 'AGM' },
        {
          quorumPercent: { from: 50, to: 40 },
        },
      ),
      'fr',
      'Ana Chair a changé le quorum de l’assemblée de 50 % à 40 %',
    ],
    [
      entry(
        'meeting.settings',
        { type: 'meeting', label: 'AGM' },
        {
          quorumPercent: { from: null, to: 40 },
          requireSignOff: { from: false, to: true },
        },
      ),
      'en',
      'Ana Chair changed the meeting’s settings',
    ],
    [
      entry(
        'ballot.record',
        { type: 'member', key: 'm1', label: '4B' },
        {
          matterKey: '5b1d1c2e-0000-4000-8000-000000000000',
          matter: 'Approve the budget',
          method: 'proxy',
        },
      ),
      'en',
      'Ana Chair recorded a ballot of unit 4B on “Approve the budget”',
    ],
    [
      entry(
        'check_in.create',
        {
          type: 'voter',
          key: 'v1',
          label: '107 Gus',
          name: 'Gus Lindqvist',
          unit: '107',
        },
        { by: 'pick' },
        { type: 'system', id: null, email: null, name: null },
      ),
      'en',
      'The gateway checked in Gus Lindqvist (unit 107)',
    ],
    [
      entry(
        'question.screen',
        { type: 'question', label: '12' },
        {
          onScreen: { from: true, to: false },
        },
      ),
      'en',
      'Ana Chair took the question of unit 12 off the big screen',
    ],
    [
      entry(
        'team.roles',
        { type: 'user', label: 'Ben Clerk' },
        {
          roles: { from: [], to: ['scrutineer'] },
        },
      ),
      'en',
      'Ana Chair changed the roles of Ben Clerk from manager to scrutineer',
    ],
    [
      entry(
        'demo.seed',
        { type: 'meeting' },
        { members: 12, matters: 3 },
        {
          type: 'system',
          id: null,
          email: null,
          name: null,
        },
      ),
      'fr',
      'La passerelle a préparé l’assemblée de démonstration avec 12 unités et 3 points',
    ],
    [
      entry(
        'nomination.submit',
        { type: 'nomination', key: 'n1', label: 'Grace Lee' },
        {},
        { type: 'voter', id: 'v1', email: null, name: 'Rosa Diaz' },
      ),
      'en',
      'Rosa Diaz submitted the nomination of Grace Lee',
    ],
    [
      entry('some.future_kind', { type: 'thing', label: 'X' }),
      'en',
      'Ana Chair acted on X',
    ],
  ])('words %j in %s', (input, lng, words) => {
    expect(auditSentence(input, translator(lng), options)).toBe(words);
  });

  it('names a user without a name by e-mail, never by key', () => {
    const sentence = auditSentence(
      entry(
        'matter.start',
        { type: 'matter', key: 'k', label: 'Budget' },
        {},
        {
          type: 'user',
          id: 'u1',
          email: 'ana@example.test',
          name: null,
        },
      ),
      translator('en'),
      options,
    );
    expect(sentence).toBe('ana@example.test opened the vote on “Budget”');
  });
});

describe('auditChangeLines', () => {
  it('words the before and after, times, secrets and lists; never keys', () => {
    const lines = auditChangeLines(
      entry(
        'member.update',
        { type: 'member', label: '12B' },
        {
          shares: { from: 1, to: 2.5 },
          controlNumber: { changed: true },
          liveEndsAt: {
            from: '2026-12-01T23:00:00.000Z',
            to: '2026-12-01T23:02:00.000Z',
          },
          questionCategories: { from: [], to: ['Budget', 'Repairs'] },
          matterKey: '5b1d1c2e-0000-4000-8000-000000000000',
        },
      ),
      translator('en'),
      options,
    );
    expect(lines).toEqual([
      { field: 'shares', text: '1 → 2.5' },
      { field: 'control number', text: 'changed' },
      {
        field: 'vote ends',
        text: 'Dec 1, 2026, 6:00 PM EST → Dec 1, 2026, 6:00 PM EST',
      },
      { field: 'question categories', text: 'none → Budget, Repairs' },
    ]);
    expect(
      auditChangeLines(
        entry(
          'matter.create',
          { type: 'matter', label: 'Budget' },
          {
            after: {
              name: 'Budget',
              options: ['For', 'Against'],
              secretBallot: false,
            },
          },
        ),
        translator('fr'),
        options,
      ),
    ).toEqual([
      { field: 'le nom', text: 'Budget' },
      { field: 'les choix', text: 'For, Against' },
      { field: 'le scrutin secret', text: 'non' },
    ]);
  });
});

describe('keys', () => {
  it('are never shown: the scrutineers by name, keys left out', () => {
    const key = '0b5d7d1e-4a57-4c31-9a55-2f0e1d9a7c11';
    expect(
      auditChangeLines(
        entry(
          'meeting.scrutineers',
          { type: 'meeting', label: 'AGM' },
          {
            scrutineers: { from: [], to: [key] },
            scrutineerNames: { from: [], to: ['Sam Scrutineer'] },
            someKey: key,
          },
        ),
        translator('en'),
        options,
      ),
    ).toEqual([{ field: 'scrutineers', text: 'none → Sam Scrutineer' }]);
  });
});

describe('the audit log’s words', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('word every kind of entry in %s', (_lng, catalog) => {
    const keys = new Set(catalogKeys(catalog));
    expect(
      AUDIT_KINDS.filter((kind) => !keys.has(`auditWords.kind.${kind}`)),
    ).toEqual([]);
  });
});
