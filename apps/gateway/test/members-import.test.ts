import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ImportMembersProblem,
  ImportMembersResponse,
  Member,
} from '@livevote/contracts';
import {
  createMeeting,
  createTenant,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Member CSV import', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let alice: TenantFixture;
  let bob: TenantFixture;

  /** A meeting of its own for each test, so counts are exact. */
  const newMeeting = async () => {
    const meeting = await createMeeting(gateway, alice.account.key);
    return `/v1/Meetings/${meeting.shortCode}/members`;
  };
  const importCsv = (
    base: string,
    csv: string,
    query = '',
    contentType = 'text/csv',
  ) =>
    api.post(`${base}/import${query}`, undefined, {
      token: alice.token,
      raw: csv,
      headers: { 'content-type': contentType },
    });
  const listAll = async (base: string) => {
    const result = await api.get<Member[]>(`${base}?size=100`, {
      token: alice.token,
    });
    return {
      total: Number(result.headers.get('x-total-count')),
      members: result.body.map((member) => Member.parse(member)),
    };
  };
  const expectImportProblem = (result: Parameters<typeof expectProblem>[0]) =>
    ImportMembersProblem.parse(expectProblem(result, 400, 'import_invalid'))
      .errors;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  it('imports units with several voters and a unit without voters', async () => {
    const base = await newMeeting();
    const csv =
      '\ufeffUnit,shares,eligible,controlNumber,tags,mailAddress1,mailCity,mailProv,mailPostal,mailCountry,voterName,voterEmail\r\n' +
      '101,1.5,yes,HV-101,owner;board,1 Harbour St,Toronto,ON,M5J 2N8,CA,"Doe, Jane",jane@example.test\r\n' +
      '101,,,,,,,,,,John Doe,John@Example.test\r\n' +
      '\r\n' +
      '102,2,no,,owner,,Ottawa,ON,,CA,Ann Lee,ann@example.test\r\n' +
      '103,,,,,,,,,,,\r\n' +
      '101,1.5,true,HV-101,board; owner,1 Harbour St,Toronto,ON,M5J 2N8,CA,Max Doe,max@example.test\r\n';
    const result = await importCsv(base, csv);
    expect(result.status).toBe(200);
    expect(ImportMembersResponse.parse(result.body)).toEqual({
      members: 3,
      voters: 4,
      dryRun: false,
    });

    const { total, members } = await listAll(base);
    expect(total).toBe(3);
    const [u101, u102, u103] = members;
    expect(u101).toMatchObject({
      unit: '101',
      shares: 1.5,
      eligible: true,
      controlNumber: 'HV-101',
      tags: ['owner', 'board'],
      mailAddress1: '1 Harbour St',
      mailAddress2: '',
      mailCity: 'Toronto',
      mailPostal: 'M5J 2N8',
      customData: {},
    });
    expect(
      u101.voters.map((voter) => [voter.name, voter.email]).sort(),
    ).toEqual([
      ['Doe, Jane', 'jane@example.test'],
      ['John Doe', 'John@Example.test'],
      ['Max Doe', 'max@example.test'],
    ]);
    expect(u102).toMatchObject({
      unit: '102',
      shares: 2,
      eligible: false,
      tags: ['owner'],
      mailCity: 'Ottawa',
    });
    expect(u102.controlNumber).toMatch(/^\d{12}$/);
    expect(u102.voters.map((voter) => voter.email)).toEqual([
      'ann@example.test',
    ]);
    expect(u103).toMatchObject({
      unit: '103',
      shares: 1,
      eligible: true,
      tags: [],
      voters: [],
    });
    expect(u103.controlNumber).not.toBe(u102.controlNumber);
    const voter = await api.get(
      `${base}/${u101.key}/voters/${encodeURIComponent('john@example.test')}`,
      { token: alice.token },
    );
    expect(voter.status).toBe(200);
  });

  it('writes nothing on a dry run but reports the counts', async () => {
    const base = await newMeeting();
    const csv =
      'unit,voterName,voterEmail\n1,A,a@example.test\n1,B,b@example.test\n2,,\n';
    const dry = await importCsv(base, csv, '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ members: 2, voters: 2, dryRun: true });
    expect((await listAll(base)).total).toBe(0);
    const real = await importCsv(base, csv, '?dryRun=false');
    expect(real.body).toEqual({ members: 2, voters: 2, dryRun: false });
    expect((await listAll(base)).total).toBe(2);
  });

  it('validates a dry run like a real import', async () => {
    const base = await newMeeting();
    const errors = expectImportProblem(
      await importCsv(base, 'unit,shares\n1,lots\n', '?dryRun=true'),
    );
    expect(errors).toEqual([
      { line: 2, message: expect.stringContaining('shares') },
    ]);
  });

  it('answers 400 to a dryRun that is not true or false', async () => {
    const base = await newMeeting();
    expectProblem(
      await importCsv(base, 'unit\n1\n', '?dryRun=maybe'),
      400,
      'validation_failed',
    );
  });

  it('rejects the whole file when rows are bad, naming every bad line', async () => {
    const base = await newMeeting();
    const csv = [
      'unit,shares,eligible,tags,voterName,voterEmail',
      '1,1,true,owner,Ann,ann@example.test',
      '2,-1,true,,Bob,bob@example.test',
      '"3","1","maybe",,"Multi',
      'line name",cy@example.test',
      '',
      '4,1,true,all,Dee,not-an-email',
      ',1,true,,Eve,eve@example.test',
      '5,1,true,,Fay,',
      '6,1.1234567,true,,,',
    ].join('\n');
    const errors = expectImportProblem(await importCsv(base, csv));
    expect(errors.map((error) => error.line)).toEqual([3, 4, 7, 7, 8, 9, 10]);
    expect(errors[0].message).toContain('shares');
    expect(errors[1].message).toContain('eligible');
    expect(errors[2].message).toContain('all');
    expect(errors[3].message).toContain('voterEmail');
    expect(errors[4].message).toBe('unit is required');
    expect(errors[5].message).toContain('voterEmail is required');
    expect(errors[6].message).toContain('shares');
    expect((await listAll(base)).total).toBe(0);
  });

  it("says which of a tag's rules a line breaks", async () => {
    const base = await newMeeting();
    const long = 'x'.repeat(65);
    const csv = [
      'unit,tags',
      `1,board;${long}`,
      '2,floor:3',
      '3,all',
      `4,${'y'.repeat(64)}`,
    ].join('\n');
    expect(
      expectImportProblem(await importCsv(base, csv)).map((e) => [
        e.line,
        e.message,
      ]),
    ).toEqual([
      [2, `tag "${long}" is longer than 64 characters`],
      [3, 'tag "floor:3" has a comma, semicolon or colon'],
      [4, 'tag "all" is reserved'],
    ]);
  });

  it("words the lines of a refused file in the reader's language, English by default", async () => {
    const base = await newMeeting();
    const csv = [
      'unit,shares,eligible,controlNumber,tags,voterName,voterEmail',
      '1,lots,true,,,Ann,ann@example.test',
      '2,1,maybe,CN 2,all,,bob@example.test',
      '3,1,true,,,Cy,not-an-email',
      '3,2,true,,,Cy,cy@example.test',
      '4,1,true,CN-4,,,',
      '5,1,true,CN-4,,,',
    ].join('\n');
    const french = expectImportProblem(
      await api.post(`${base}/import`, undefined, {
        token: alice.token,
        raw: csv,
        headers: { 'content-type': 'text/csv', 'accept-language': 'fr-CA' },
      }),
    );
    expect(french).toEqual([
      {
        line: 2,
        message:
          'shares « lots » n’est pas une quote-part valide : un nombre ≥ 0 d’au plus 6 décimales',
      },
      {
        line: 3,
        message:
          'eligible « maybe » n’est pas l’une des valeurs true, false, yes, no, 1, 0',
      },
      {
        line: 3,
        message:
          'controlNumber « CN 2 » n’est pas un numéro de contrôle valide : de 4 à 64 lettres, chiffres et traits d’union',
      },
      { line: 3, message: 'l’étiquette « all » est réservée' },
      {
        line: 3,
        message:
          'le nom du votant (voterName) est obligatoire lorsque son courriel (voterEmail) est donné',
      },
      {
        line: 4,
        message: 'voterEmail « not-an-email » : adresse courriel invalide',
      },
      {
        line: 5,
        message:
          'shares « 2 » de l’unité 3 diffère de la ligne 4 (« 1 »), la première ligne de l’unité',
      },
      {
        line: 7,
        message:
          'le numéro de contrôle CN-4 de l’unité 5 est aussi attribué à l’unité 4 à la ligne 6',
      },
    ]);

    const english = expectImportProblem(await importCsv(base, csv));
    expect(english.map((error) => error.line)).toEqual(
      french.map((error) => error.line),
    );
    expect(english.map((error) => error.message)).toEqual([
      'shares "lots" is not a number >= 0 with at most 6 decimals',
      'eligible "maybe" is not one of true, false, yes, no, 1, 0',
      'controlNumber "CN 2" is not 4 to 64 letters, digits and hyphens',
      'tag "all" is reserved',
      'voterName is required when voterEmail is given',
      'voterEmail "not-an-email": invalid e-mail address',
      'shares "2" of unit 3 differs from line 4 ("1"), the first row of the unit',
      'controlNumber CN-4 of unit 5 is also given to unit 4 on line 6',
    ]);

    const header = await api.post(`${base}/import`, undefined, {
      token: alice.token,
      raw: 'shares,colour\n1,red\n',
      headers: { 'content-type': 'text/csv', 'accept-language': 'fr' },
    });
    expect(expectImportProblem(header)).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /^colonne inconnue « colour » ; les colonnes sont unit, shares, /,
        ),
      },
      { line: 1, message: 'la colonne unit (l’unité) est obligatoire' },
    ]);
    expect((header.body as { detail: string }).detail).toBe(
      'Le fichier contient 2 problèmes ; rien n’a été importé.',
    );
  });

  it('refuses rows of one unit whose member fields differ, and duplicate voters', async () => {
    const base = await newMeeting();
    const csv = [
      'unit,shares,mailCity,voterName,voterEmail',
      '7,2,Toronto,Ann,ann@example.test',
      '7,,,Ann Again,ANN@example.test',
      '7,3,,Bob,bob@example.test',
      '7,2,Toronto,Cy,cy@example.test',
      '8,1,,Dee,dee@example.test',
      '8,,Ottawa,Eve,eve@example.test',
    ].join('\n');
    const errors = expectImportProblem(await importCsv(base, csv));
    expect(errors).toEqual([
      {
        line: 3,
        message: expect.stringContaining('already appears on line 2'),
      },
      { line: 4, message: expect.stringContaining('differs from line 2') },
      { line: 7, message: expect.stringContaining('mailCity') },
    ]);
    expect((await listAll(base)).total).toBe(0);
  });

  it('refuses one control number given to two units of the file', async () => {
    const base = await newMeeting();
    const errors = expectImportProblem(
      await importCsv(base, 'unit,controlNumber\n1,CN-1\n2,CN-2\n3,CN-1\n'),
    );
    expect(errors).toEqual([
      {
        line: 4,
        message: expect.stringContaining('also given to unit 1 on line 2'),
      },
    ]);
  });

  it('updates a unit the meeting already has and merges its voters by e-mail', async () => {
    const base = await newMeeting();
    const created = await api.post(
      base,
      {
        unit: '101',
        shares: 4,
        mailCity: 'Old Town',
        mailPostal: 'A1A 1A1',
        customData: { parking: 'P1' },
      },
      { token: alice.token },
    );
    const existing = Member.parse(created.body);
    const kept = await api.post(
      `${base}/${existing.key}/voters`,
      { name: 'Jane Doe', email: 'Jane@Example.test' },
      { token: alice.token },
    );
    await api.post(
      `${base}/${existing.key}/voters`,
      { name: 'Not In File', email: 'other@example.test' },
      { token: alice.token },
    );
    gateway.clock.advance(1000);

    const csv = [
      'unit,mailCity,mailPostal,voterName,voterEmail',
      '101,New Town,,Jane Q. Doe,jane@example.test',
      '101,,,Sam Roe,sam@example.test',
      '102,Elsewhere,,,',
    ].join('\n');
    const result = await importCsv(base, csv);
    expect(result.body).toEqual({ members: 2, voters: 2, dryRun: false });

    const { total, members } = await listAll(base);
    expect(total).toBe(2);
    const updated = members.find((member) => member.key === existing.key)!;
    expect(updated).toMatchObject({
      unit: '101',
      mailCity: 'New Town',
      mailPostal: '',
      shares: 4,
      customData: { parking: 'P1' },
      controlNumber: existing.controlNumber,
      createdAt: existing.createdAt,
    });
    expect(updated.updatedAt).not.toBe(existing.updatedAt);
    const voters = Object.fromEntries(
      updated.voters.map((voter) => [voter.email, voter]),
    );
    expect(Object.keys(voters).sort()).toEqual([
      'Jane@Example.test',
      'other@example.test',
      'sam@example.test',
    ]);
    expect(voters['Jane@Example.test']).toMatchObject({
      voterKey: kept.body.voterKey,
      name: 'Jane Q. Doe',
    });

    // the search follows the renamed and the added voters (drizzle/0014_member_search.sql)
    const search = async (text: string) =>
      (
        await api.get<Member[]>(
          `${base}?searchText=${encodeURIComponent(text)}`,
          { token: alice.token },
        )
      ).body.map((member) => member.unit);
    expect(await search('Q. Doe')).toEqual(['101']);
    expect(await search('Jane Doe')).toEqual([]);
    expect(await search('sam@')).toEqual(['101']);
    expect(await search('not in file')).toEqual(['101']);

    const again = await importCsv(base, csv);
    expect(again.status).toBe(200);
    expect((await listAll(base)).members.flatMap((m) => m.voters)).toHaveLength(
      3,
    );
  });

  it('refuses a control number another unit of the meeting holds, writing nothing', async () => {
    const base = await newMeeting();
    await api.post(
      base,
      { unit: 'A', controlNumber: 'TAKEN-1' },
      { token: alice.token },
    );
    const errors = expectImportProblem(
      await importCsv(base, 'unit,controlNumber\nB,NEW-1\nC,TAKEN-1\n'),
    );
    expect(errors).toEqual([
      {
        line: 3,
        message: 'controlNumber TAKEN-1 belongs to unit A of this meeting',
      },
    ]);
    const french = await api.post(`${base}/import`, undefined, {
      token: alice.token,
      raw: 'unit,controlNumber\nB,NEW-1\nC,TAKEN-1\n',
      headers: { 'content-type': 'text/csv', 'accept-language': 'fr' },
    });
    expect(expectImportProblem(french)).toEqual([
      {
        line: 3,
        message:
          'le numéro de contrôle TAKEN-1 appartient déjà à l’unité A de cette assemblée',
      },
    ]);
    expect((await listAll(base)).members.map((m) => m.unit)).toEqual(['A']);
  });

  it('lets a unit keep its own control number on re-import', async () => {
    const base = await newMeeting();
    await api.post(
      base,
      { unit: 'A', controlNumber: 'MINE-1' },
      { token: alice.token },
    );
    const result = await importCsv(
      base,
      'unit,controlNumber,shares\nA,MINE-1,2\n',
    );
    expect(result.status).toBe(200);
    expect((await listAll(base)).members[0]).toMatchObject({
      controlNumber: 'MINE-1',
      shares: 2,
    });
  });

  it.each([
    ['an unknown column', 'unit,colour\n1,red\n', 'unknown column "colour"'],
    ['no unit column', 'shares\n1\n', 'the unit column is required'],
    ['a column twice', 'unit,Unit\n1,1\n', 'appears twice'],
    ['voterName without voterEmail', 'unit,voterName\n1,Ann\n', 'go together'],
  ])(
    'answers 400 to a header with %s, on line 1',
    async (_name, csv, message) => {
      const base = await newMeeting();
      const errors = expectImportProblem(await importCsv(base, csv));
      expect(errors).toContainEqual({
        line: 1,
        message: expect.stringContaining(message),
      });
    },
  );

  it('answers 400 with the line of a row that is not valid CSV', async () => {
    const base = await newMeeting();
    expect(
      expectImportProblem(await importCsv(base, 'unit,shares\n1,1\n2\n')),
    ).toEqual([{ line: 3, message: expect.any(String) }]);
    expect(
      expectImportProblem(await importCsv(base, 'unit,shares\n1,1\n"2,1\n')),
    ).toEqual([{ line: 3, message: expect.stringContaining('Quote') }]);
  });

  it('imports nothing from a file with only a header', async () => {
    const base = await newMeeting();
    const result = await importCsv(base, 'unit,voterName,voterEmail\n');
    expect(result.body).toEqual({ members: 0, voters: 0, dryRun: false });
  });

  it('answers 415 to a body that is not CSV', async () => {
    const base = await newMeeting();
    const json = await api.post(`${base}/import`, [{ unit: '1' }], {
      token: alice.token,
    });
    expectProblem(json, 415, 'unsupported_media_type');
    expectProblem(
      await importCsv(base, '<unit>1</unit>', '', 'application/xml'),
      415,
      'unsupported_media_type',
    );
  });

  it('answers 400 to an empty body', async () => {
    const base = await newMeeting();
    expectProblem(await importCsv(base, ''), 400, 'csv_empty');
    expectProblem(await importCsv(base, ' \n\n '), 400, 'csv_empty');
  });

  it("answers 404 for another account's meeting, before reading the file", async () => {
    expectProblem(
      await importCsv(
        `/v1/Meetings/${bob.meeting.shortCode}/members`,
        'unit,colour\n',
      ),
      404,
      'meeting_not_found',
    );
  });

  it('imports 2,000 units in one go', async () => {
    const base = await newMeeting();
    const lines = ['unit,shares,voterName,voterEmail'];
    for (let i = 1; i <= 2000; i++) {
      lines.push(`${i},1,Owner ${i},owner${i}@example.test`);
      if (i % 3 === 0) lines.push(`${i},,Co-owner ${i},co${i}@example.test`);
    }
    const result = await importCsv(base, lines.join('\n'));
    expect(result.body).toEqual({ members: 2000, voters: 2666, dryRun: false });
    const page = await api.get(`${base}?size=1&sortOrder=desc`, {
      token: alice.token,
    });
    expect(page.headers.get('x-total-count')).toBe('2000');
    expect(page.body[0].unit).toBe('2000');
    const coOwner = await api.get<Member[]>(`${base}?searchText=co1998@`, {
      token: alice.token,
    });
    expect(coOwner.body.map((member) => member.unit)).toEqual(['1998']);
    expect(coOwner.headers.get('x-total-count')).toBe('1');
  });
});
