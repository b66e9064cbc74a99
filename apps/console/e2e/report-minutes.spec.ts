import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eContext } from './support/context';

/** What each language's minutes must say on their pages (docs/report.md). */
const WORDS = {
  en: ['Attendance register', 'Proxy register', 'Verification', 'Page 1 of'],
  fr: [
    'Registre des présences',
    'Registre des procurations',
    'Vérification',
    'Page 1 sur',
  ],
} as const;

/**
 * The fresh demo meeting's whole report, as its chair downloads it, in English and in French:
 * the words of minutes, before any vote. results.spec.ts keeps its pages as pictures in
 * docs/screenshots once a matter is closed and signed off.
 */
test.describe('the results report as minutes', () => {
  for (const lang of ['en', 'fr'] as const)
    test(`reads as minutes in ${lang === 'en' ? 'English' : 'French'}`, async ({
      request,
    }) => {
      const { baseUrl, demo } = e2eContext();
      const signIn = await request.post(`${baseUrl}/auth/token`, {
        data: {
          username: demo.signIn.username,
          password: demo.signIn.password,
        },
      });
      const token = ((await signIn.json()) as { access_token: string })
        .access_token;
      const pdf = await request.get(
        `${baseUrl}/v1/Meetings/${demo.meeting.shortCode}/report.pdf?lang=${lang}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const dir = mkdtempSync(join(tmpdir(), 'lv-e2e-minutes-'));
      try {
        const file = join(dir, 'report.pdf');
        writeFileSync(file, await pdf.body());
        const text = execFileSync('/usr/bin/pdftotext', [file, '-'], {
          encoding: 'utf8',
        });
        for (const words of WORDS[lang]) expect(text).toContain(words);
        expect(text).toContain(demo.meeting.name);
        expect(text).not.toMatch(/For or leading|docs\/|\d:\d\d:\d\d/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
});
