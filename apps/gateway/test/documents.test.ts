import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_SIZE,
  MeetingDocumentList,
  UploadedDocument,
} from '@livevote/contracts';
import { createTenant, type TenantFixture } from './support/factories';
import {
  expectProblem,
  http,
  type Http,
  type HttpResult,
} from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Documents API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let documentsDir: string;
  let alice: TenantFixture;
  let bob: TenantFixture;

  const documentsPath = (tenant: TenantFixture) =>
    `/v1/Meetings/${tenant.meeting.shortCode}/documents`;

  async function read(response: Response): Promise<HttpResult> {
    const text = await response.text();
    const json = /json/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      body: json && text ? JSON.parse(text) : text,
      text,
    };
  }

  async function upload(
    tenant: TenantFixture,
    content: Uint8Array | null,
    options: {
      filename?: string;
      type?: string;
      field?: string;
      token?: string | null;
    } = {},
  ): Promise<HttpResult> {
    const form = new FormData();
    form.append('note', 'agenda');
    if (content)
      form.append(
        options.field ?? 'file',
        new Blob([content as Uint8Array<ArrayBuffer>], {
          type: options.type ?? 'application/pdf',
        }),
        options.filename ?? 'minutes.pdf',
      );
    const token = options.token === undefined ? tenant.token : options.token;
    const response = await fetch(
      `${gateway.baseUrl}${documentsPath(tenant)}/upload`,
      {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body: form,
      },
    );
    return read(response);
  }

  async function uploadAndRegister(
    tenant: TenantFixture,
    content: Uint8Array,
    name = 'AGM minutes.pdf',
  ) {
    const uploaded = UploadedDocument.parse(
      (await upload(tenant, content)).body,
    );
    const registered = await api.post(
      documentsPath(tenant),
      { Key: uploaded.Key, name, size: uploaded.size },
      { token: tenant.token },
    );
    expect(registered.status).toBe(201);
    const list = MeetingDocumentList.parse(registered.body);
    const document = list.find((d) => d.document.Key === uploaded.Key);
    if (!document) throw new Error('registered document not listed');
    return document;
  }

  /** The signed link is built on PUBLIC_URL; the test gateway listens elsewhere. */
  function download(url: string, edit?: (url: URL) => void): Promise<Response> {
    const parsed = new URL(url);
    edit?.(parsed);
    return fetch(`${gateway.baseUrl}${parsed.pathname}${parsed.search}`);
  }

  function storedFiles(): string[] {
    return readdirSync(documentsDir, { recursive: true, encoding: 'utf8' })
      .map((entry) => join(documentsDir, entry))
      .filter((path) => statSync(path).isFile());
  }

  beforeAll(async () => {
    documentsDir = mkdtempSync(join(tmpdir(), 'lv-documents-'));
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { DOCUMENTS_DIR: documentsDir },
    });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  it('uploads, registers, reads, lists, downloads and deletes a document', async () => {
    const bytes = randomBytes(150_000);
    const uploaded = await upload(alice, bytes, {
      filename: 'Minutes 2026.pdf',
    });
    expect(uploaded.status).toBe(201);
    const upload1 = UploadedDocument.parse(uploaded.body);
    expect(upload1).toEqual({
      Key: expect.stringMatching(
        new RegExp(`^${alice.meeting.id}/[0-9a-f-]{36}$`),
      ),
      name: 'Minutes 2026.pdf',
      size: bytes.length,
    });

    const registered = await api.post(
      documentsPath(alice),
      { Key: upload1.Key, name: 'AGM minutes.pdf', size: bytes.length },
      { token: alice.token },
    );
    expect(registered.status).toBe(201);
    const [document] = MeetingDocumentList.parse(registered.body);
    expect(document).toMatchObject({
      document: {
        Key: upload1.Key,
        name: 'AGM minutes.pdf',
        size: bytes.length,
      },
    });
    expect(document.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.createdAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(document.document.url).toMatch(
      new RegExp(
        `^${gateway.config.publicUrl}/files/${upload1.Key}\\?expires=\\d+&sig=[\\w-]{43}$`,
      ),
    );

    const listed = await api.get(documentsPath(alice), { token: alice.token });
    expect(listed.status).toBe(200);
    expect(MeetingDocumentList.parse(listed.body).map((d) => d.key)).toContain(
      document.key,
    );

    const one = await api.get(`${documentsPath(alice)}/${document.key}`, {
      token: alice.token,
    });
    expect(one.status).toBe(200);
    const oneList = MeetingDocumentList.parse(one.body);
    expect(oneList).toHaveLength(1);
    expect(oneList[0].key).toBe(document.key);

    const file = await download(document.document.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="AGM minutes.pdf"; filename*=UTF-8''AGM%20minutes.pdf`,
    );
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const deleted = await api.delete(
      `${documentsPath(alice)}/${document.key}`,
      {
        token: alice.token,
      },
    );
    expect(deleted.status).toBe(204);
    expectProblem(
      await api.get(`${documentsPath(alice)}/${document.key}`, {
        token: alice.token,
      }),
      404,
      'document_not_found',
    );
    expect(existsSync(join(documentsDir, upload1.Key))).toBe(false);
    expectProblem(
      await read(await download(document.document.url)),
      404,
      'document_not_found',
    );
    expectProblem(
      await api.delete(`${documentsPath(alice)}/${document.key}`, {
        token: alice.token,
      }),
      404,
      'document_not_found',
    );
  });

  it('answers the registration with all the meeting documents', async () => {
    const bob1 = await uploadAndRegister(bob, randomBytes(10), 'one.pdf');
    const second = UploadedDocument.parse(
      (await upload(bob, randomBytes(20))).body,
    );
    const registered = await api.post(
      documentsPath(bob),
      { Key: second.Key, name: 'two.pdf', size: 20 },
      { token: bob.token },
    );
    expect(registered.status).toBe(201);
    expect(
      MeetingDocumentList.parse(registered.body).map((d) => d.document.name),
    ).toEqual(['one.pdf', 'two.pdf']);
    expect(MeetingDocumentList.parse(registered.body)[0].key).toBe(bob1.key);
  });

  it('keeps a file name without its path or control characters', async () => {
    for (const [filename, name] of [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['report\u202Efdp.exe', 'reportfdp.exe'],
      ['.htaccess', 'htaccess'],
      ['\u202E', 'document'],
    ]) {
      const uploaded = await upload(alice, randomBytes(5), { filename });
      expect(uploaded.status, `${filename}: ${uploaded.text}`).toBe(201);
      expect(uploaded.body.name).toBe(name);
      expect(uploaded.body.Key.startsWith(`${alice.meeting.id}/`)).toBe(true);
    }

    const accented = await upload(alice, randomBytes(5), {
      filename: 'Procès-verbal "final".pdf',
    });
    expect(accented.body.name).toBe('Procès-verbal "final".pdf');
  });

  it('sends a non-ASCII name as an RFC 8187 filename*', async () => {
    const document = await uploadAndRegister(
      alice,
      randomBytes(8),
      'Procès-verbal.pdf',
    );
    const file = await download(document.document.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Proc_s-verbal.pdf"; filename*=UTF-8''Proc%C3%A8s-verbal.pdf`,
    );
  });

  it('lists the document routes in OpenAPI', async () => {
    const openApi = await api.get('/docs/openapi.json');
    expect(Object.keys(openApi.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/Meetings/{shortCode}/documents/upload',
        '/v1/Meetings/{shortCode}/documents',
        '/v1/Meetings/{shortCode}/documents/{documentKey}',
        '/files/{meetingId}/{objectId}',
      ]),
    );
  });

  describe('signed download links', () => {
    it('work until they expire, then answer 403', async () => {
      const document = await uploadAndRegister(alice, randomBytes(32));
      const issuedAt = gateway.clock.now();
      try {
        gateway.clock.advance(3599_000);
        const late = await download(document.document.url);
        expect(late.status).toBe(200);
        expect(late.headers.get('cache-control')).toBe('private, max-age=1');
        await late.arrayBuffer();
        gateway.clock.advance(1000);
        expectProblem(
          await read(await download(document.document.url)),
          403,
          'download_link_expired',
        );
      } finally {
        gateway.clock.set(issuedAt);
      }
    });

    it('refuse a tampered signature, expiry or key with 403', async () => {
      const document = await uploadAndRegister(alice, randomBytes(32));
      const other = await uploadAndRegister(alice, randomBytes(32));
      const sig = new URL(document.document.url).searchParams.get('sig')!;
      const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const cases: ((url: URL) => void)[] = [
        (url) => url.searchParams.set('sig', flipped),
        (url) => url.searchParams.set('sig', sig.slice(1)),
        (url) => url.searchParams.delete('sig'),
        (url) => url.searchParams.delete('expires'),
        (url) =>
          url.searchParams.set(
            'expires',
            String(Number(url.searchParams.get('expires')) + 3600),
          ),
        (url) => {
          url.pathname = `/files/${other.document.Key}`;
        },
      ];
      for (const edit of cases) {
        expectProblem(
          await read(await download(document.document.url, edit)),
          403,
          'invalid_download_link',
        );
      }
      expect((await download(other.document.url)).status).toBe(200);
    });

    it('need no bearer token but a signature', async () => {
      const document = await uploadAndRegister(alice, randomBytes(16));
      const key = document.document.Key;
      expectProblem(
        await read(await fetch(`${gateway.baseUrl}/files/${key}`)),
        403,
        'invalid_download_link',
      );
    });
  });

  describe('POST /documents/upload', () => {
    it('refuses a file over 25 MiB with 413 and stores nothing', async () => {
      const before = storedFiles();
      const result = await upload(alice, new Uint8Array(MAX_DOCUMENT_SIZE + 1));
      expectProblem(result, 413, 'document_too_large');
      expect(storedFiles()).toEqual(before);
    });

    it('takes a file of exactly 25 MiB', async () => {
      const result = await upload(alice, new Uint8Array(MAX_DOCUMENT_SIZE));
      expect(result.status).toBe(201);
      expect(result.body.size).toBe(MAX_DOCUMENT_SIZE);
    });

    it.each([
      ['application/json', '{"file":"x"}'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'file=x'],
    ])('refuses a %s body with 415', async (type, raw) => {
      expectProblem(
        await api.post(`${documentsPath(alice)}/upload`, undefined, {
          token: alice.token,
          headers: { 'content-type': type },
          raw,
        }),
        415,
        'unsupported_media_type',
      );
    });

    it('refuses a request without a body with 415', async () => {
      expectProblem(
        await api.post(`${documentsPath(alice)}/upload`, undefined, {
          token: alice.token,
        }),
        415,
        'unsupported_media_type',
      );
    });

    it('refuses a form without the file field with 400', async () => {
      expectProblem(await upload(alice, null), 400, 'file_required');
    });

    it('refuses a file in another field or a second file with 400', async () => {
      const before = storedFiles();
      expectProblem(
        await upload(alice, randomBytes(10), { field: 'document' }),
        400,
      );
      const form = new FormData();
      form.append('file', new Blob([randomBytes(10)]), 'a.pdf');
      form.append('file', new Blob([randomBytes(10)]), 'b.pdf');
      const two = await fetch(
        `${gateway.baseUrl}${documentsPath(alice)}/upload`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${alice.token}` },
          body: form,
        },
      );
      expectProblem(await read(two), 400);
      expect(storedFiles()).toEqual(before);
    });

    it('refuses a malformed multipart body with 400 and keeps nothing', async () => {
      const before = storedFiles();
      expectProblem(
        await api.post(`${documentsPath(alice)}/upload`, undefined, {
          token: alice.token,
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
          raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
        }),
        400,
      );
      expect(storedFiles()).toEqual(before);
    });

    it('asks for a bearer token before reading the body', async () => {
      const before = storedFiles();
      expectProblem(await upload(alice, randomBytes(10), { token: null }), 401);
      expect(storedFiles()).toEqual(before);
    });

    it("answers 404 for another account's meeting and keeps nothing", async () => {
      const before = storedFiles();
      expectProblem(
        await upload(alice, randomBytes(10), { token: bob.token }),
        404,
        'meeting_not_found',
      );
      expect(storedFiles()).toEqual(before);
    });
  });

  describe('POST /documents', () => {
    it("refuses another meeting's upload", async () => {
      const bobs = UploadedDocument.parse(
        (await upload(bob, randomBytes(10))).body,
      );
      expectProblem(
        await api.post(
          documentsPath(alice),
          { Key: bobs.Key, name: 'x.pdf', size: 10 },
          { token: alice.token },
        ),
        400,
        'unknown_upload',
      );
    });

    it.each([
      [
        'an unknown object',
        (meetingId: string) => `${meetingId}/${randomUUID()}`,
      ],
      ['a path', () => '../../etc/passwd'],
      [
        'an upper-case key',
        (meetingId: string) => `${meetingId}/${randomUUID()}`.toUpperCase(),
      ],
      ['a bare meeting id', (meetingId: string) => meetingId],
    ])('refuses %s as Key', async (_label, key) => {
      expectProblem(
        await api.post(
          documentsPath(alice),
          { Key: key(alice.meeting.id), name: 'x.pdf', size: 1 },
          { token: alice.token },
        ),
        400,
        'unknown_upload',
      );
    });

    it('refuses a size that does not match the upload', async () => {
      const uploaded = UploadedDocument.parse(
        (await upload(alice, randomBytes(10))).body,
      );
      expectProblem(
        await api.post(
          documentsPath(alice),
          { Key: uploaded.Key, name: 'x.pdf', size: 11 },
          { token: alice.token },
        ),
        400,
        'size_mismatch',
      );
    });

    it('refuses to register an upload twice with 409', async () => {
      const document = await uploadAndRegister(alice, randomBytes(12));
      expectProblem(
        await api.post(
          documentsPath(alice),
          { Key: document.document.Key, name: 'again.pdf', size: 12 },
          { token: alice.token },
        ),
        409,
        'document_already_registered',
      );
    });

    it.each([
      ['an unknown field', { extra: true }],
      ['a string size', { size: '10' }],
      ['a negative size', { size: -1 }],
      ['a fractional size', { size: 1.5 }],
      ['a size over 25 MiB', { size: MAX_DOCUMENT_SIZE + 1 }],
      ['an empty name', { name: '  ' }],
      ['a name with a line break', { name: 'a\nb.pdf' }],
      ['a missing Key', { Key: undefined }],
      ['a lower-case key field', { Key: undefined, key: 'x' }],
    ])('refuses %s with 400', async (_label, patch) => {
      const uploaded = UploadedDocument.parse(
        (await upload(alice, randomBytes(10))).body,
      );
      const result = await api.post(
        documentsPath(alice),
        { Key: uploaded.Key, name: 'x.pdf', size: 10, ...patch },
        { token: alice.token },
      );
      expectProblem(result, 400, 'validation_failed');
    });

    it('refuses a body that is not JSON with 415', async () => {
      expectProblem(
        await api.post(documentsPath(alice), undefined, {
          token: alice.token,
          headers: { 'content-type': 'text/plain' },
          raw: 'Key=x',
        }),
        415,
      );
    });
  });

  describe('tenancy and keys', () => {
    it("answers 404 for every route of another account's meeting", async () => {
      const document = await uploadAndRegister(alice, randomBytes(10));
      const path = documentsPath(alice);
      const results = [
        await api.get(path, { token: bob.token }),
        await api.get(`${path}/${document.key}`, { token: bob.token }),
        await api.delete(`${path}/${document.key}`, { token: bob.token }),
        await api.post(
          path,
          { Key: document.document.Key, name: 'x', size: 10 },
          { token: bob.token },
        ),
      ];
      for (const result of results)
        expectProblem(result, 404, 'meeting_not_found');
      const stillThere = await api.get(`${path}/${document.key}`, {
        token: alice.token,
      });
      expect(stillThere.status).toBe(200);
    });

    it("answers 404 for a document of another meeting under one's own", async () => {
      const document = await uploadAndRegister(alice, randomBytes(10));
      expectProblem(
        await api.get(`${documentsPath(bob)}/${document.key}`, {
          token: bob.token,
        }),
        404,
        'document_not_found',
      );
      expectProblem(
        await api.delete(`${documentsPath(bob)}/${document.key}`, {
          token: bob.token,
        }),
        404,
        'document_not_found',
      );
    });

    it.each(['not-a-uuid', '123', `${randomUUID()}x`])(
      'answers 404 for the document key %s',
      async (key) => {
        expectProblem(
          await api.get(`${documentsPath(alice)}/${key}`, {
            token: alice.token,
          }),
          404,
          'document_not_found',
        );
        expectProblem(
          await api.delete(`${documentsPath(alice)}/${key}`, {
            token: alice.token,
          }),
          404,
          'document_not_found',
        );
      },
    );

    it('answers 404 for an unknown meeting and 401 without a token', async () => {
      expectProblem(
        await api.get('/v1/Meetings/nosuchmeeting/documents', {
          token: alice.token,
        }),
        404,
        'meeting_not_found',
      );
      expectProblem(await api.get(documentsPath(alice)), 401);
    });
  });
});
