import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { keepScreenshot, signInAs, signInAsChair } from './support/helpers';

const MATTER = 'Special resolution: adopt the new bylaws';
const screenshots = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../docs/screenshots',
);

/** A voter's portal session from the personal link of the invite. */
async function voterToken(
  request: APIRequestContext,
  portalUrl: string,
): Promise<string> {
  const { baseUrl, demo } = e2eContext();
  const inviteToken = new URL(portalUrl).searchParams.get('invite');
  const response = await request.post(
    `${baseUrl}/portal/v1/Meetings/${demo.meeting.shortCode}/session`,
    { data: { inviteToken } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { voterToken: string }).voterToken;
}

async function castOverApi(
  request: APIRequestContext,
  portalUrl: string,
  matterKey: string,
  choice: string,
): Promise<void> {
  const { baseUrl, demo } = e2eContext();
  const response = await request.post(
    `${baseUrl}/portal/v1/Meetings/${demo.meeting.shortCode}/matters/${matterKey}/ballots`,
    {
      data: { choices: [choice] },
      headers: {
        authorization: `Bearer ${await voterToken(request, portalUrl)}`,
      },
    },
  );
  expect(response.status()).toBe(201);
}

/** Chooses one option, reviews, confirms and waits for the receipt. */
async function voteInPortal(page: Page, option: string): Promise<void> {
  const card = page.getByRole('article', { name: MATTER });
  await card.getByLabel(option, { exact: true }).check();
  await card.getByRole('button', { name: 'Review my vote' }).click();
  await card.getByRole('button', { name: 'Confirm my vote' }).click();
  await expect(
    card.getByRole('status').filter({ hasText: 'Your vote is recorded' }),
  ).toContainText(option);
}

test.describe('Results', () => {
  test('a chair runs a special resolution to a verdict, the screen shows it, a scrutineer signs off, a voter sees the result', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const { baseUrl, demo, scrutineer } = e2eContext();
    const [ana, ben, chloe, dev, eva, , gus, hiro, ines, jonas] = demo.voters;
    if (
      !ana ||
      !ben ||
      !chloe ||
      !dev ||
      !eva ||
      !gus ||
      !hiro ||
      !ines ||
      !jonas
    )
      throw new Error('the demo seed has fewer than ten voters');
    const shortCode = demo.meeting.shortCode;

    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 1000 },
    });
    const screenContext = await browser.newContext({
      viewport: { width: 1600, height: 900 },
    });
    const scrutineerContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 1000 },
    });
    const anaContext = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
    });
    const chair = await chairContext.newPage();
    const screen = await screenContext.newPage();
    const scrutineerPage = await scrutineerContext.newPage();
    const anaPage = await anaContext.newPage();

    // the meeting publishes results only after a scrutineer signs them off
    await signInAsChair(chair);
    await chair.goto(`/meetings/${shortCode}`);
    const settings = chair.getByRole('form', { name: 'Quorum and results' });
    await settings
      .getByLabel('Publish results only after a scrutineer signs them off')
      .check();
    await settings
      .getByRole('button', { name: 'Save quorum and results' })
      .click();
    await expect(settings.getByText('Settings saved.')).toBeVisible();

    // a special resolution: at least two-thirds of the votes cast, open ballot
    await chair.getByRole('link', { name: 'Matters' }).click();
    const form = chair.getByRole('form', { name: 'New matter' });
    await form.getByLabel('Name', { exact: true }).fill(MATTER);
    await form.getByLabel('Options (one a line)').fill('For\nAgainst');
    await form.getByLabel('Secret ballot').uncheck();
    await form
      .getByLabel('Threshold')
      .selectOption({ label: 'At least two-thirds (special resolution)' });
    await expect(form.getByText('To pass: at least two-thirds')).toBeVisible();
    await keepScreenshot(chair, 'results-matter-form');
    await expectNoAxeViolations(chair, 'the matter form with its rule');
    await form.getByRole('button', { name: 'Add matter' }).click();
    await expect(chair.getByText(MATTER).first()).toBeVisible();

    const signIn = await request.post(`${baseUrl}/auth/token`, {
      data: {
        username: demo.signIn.username,
        password: demo.signIn.password,
      },
    });
    const chairToken = ((await signIn.json()) as { access_token: string })
      .access_token;
    const matters = (await (
      await request.get(`${baseUrl}/v1/Meetings/${shortCode}/matters`, {
        headers: { authorization: `Bearer ${chairToken}` },
      })
    ).json()) as { key: string; name: string }[];
    const matterKey = matters.find((m) => m.name === MATTER)!.key;

    // the chair starts it; the screen and a voter's phone follow
    await chair.goto(`/meetings/${shortCode}/live`);
    await chair
      .getByRole('list', { name: 'Matters' })
      .getByRole('button', { name: new RegExp(MATTER) })
      .click();
    const desk = chair.locator(`[data-matter="${matterKey}"]`);
    await desk.getByRole('button', { name: 'Start voting' }).click();
    await expect(desk.locator('[data-status="live"]').first()).toBeVisible();
    await screen.goto(demo.screenUrl);
    await expect(screen.getByRole('heading', { name: MATTER })).toBeVisible();
    await expect(screen.locator('[data-forecast="open"]')).toBeVisible();
    await anaPage.goto(ana.portalUrl);
    await voteInPortal(anaPage, 'For');

    // of the demo's 15 shares, 11 for with 4 left to cast: carried whatever the rest do
    await castOverApi(request, ben.portalUrl, matterKey, 'For');
    await castOverApi(request, chloe.portalUrl, matterKey, 'For');
    await castOverApi(request, eva.portalUrl, matterKey, 'For');
    await castOverApi(request, gus.portalUrl, matterKey, 'For');
    await castOverApi(request, hiro.portalUrl, matterKey, 'For');
    await castOverApi(request, ines.portalUrl, matterKey, 'For');
    await expect(screen.locator('[data-forecast="open"]')).toBeVisible();
    await castOverApi(request, jonas.portalUrl, matterKey, 'For');
    await expect(screen.locator('[data-forecast="carried"]')).toContainText(
      'Already carried',
    );
    await expect(desk.locator('[data-forecast="carried"]')).toBeVisible();
    await keepScreenshot(screen, 'results-screen-forecast');
    await expectNoAxeViolations(screen, 'the screen with a forecast');
    await castOverApi(request, dev.portalUrl, matterKey, 'Against');
    await expect(
      screen
        .getByRole('region', { name: 'Live tally' })
        .locator('[data-votes-cast="9"]'),
    ).toBeVisible();

    // the chair stops it; the verdict reaches the control room and the screen at once
    await desk.getByRole('button', { name: 'Stop voting…' }).click();
    await expect(
      chair.getByRole('button', { name: 'Keep voting open' }),
    ).toBeFocused();
    await chair.getByRole('button', { name: 'Stop now' }).click();
    const statement =
      'Carried by 88.9% of the votes cast by units, 91.7% by shares; the threshold was at least two-thirds of the votes cast, by shares.';
    const screenResult = screen.getByRole('region', { name: 'Result' });
    await expect(screenResult).toHaveAttribute('data-verdict', 'carried');
    await expect(screenResult).toContainText(statement);
    await keepScreenshot(screen, 'results-screen-verdict');
    await expectNoAxeViolations(screen, 'the screen with a verdict');
    const deskResult = desk.getByRole('region', { name: 'Result' });
    await expect(deskResult).toContainText('Awaiting a scrutineer’s sign-off');
    // the chair is not a scrutineer: no sign-off for them
    await expect(desk.getByRole('button', { name: /Sign off/ })).toHaveCount(0);
    await expect(
      desk.getByRole('button', { name: 'Reopen voting…' }),
    ).toBeVisible();

    // the voter sees the vote closed, their receipt, and the result pending
    const anaCard = anaPage.getByRole('article', { name: MATTER });
    await expect(anaCard).toContainText('Voting on this matter has closed.');
    await expect(anaCard).toContainText('Result pending');
    await expect(anaCard.getByRole('status')).toContainText('You chose: For');

    // the scrutineer signs off from the control room, the safe choice focused
    await signInAs(scrutineerPage, scrutineer);
    await scrutineerPage.goto(`/meetings/${shortCode}/live`);
    const scrutineerDesk = scrutineerPage.locator(
      `[data-matter="${matterKey}"]`,
    );
    await scrutineerDesk
      .getByRole('button', { name: 'Sign off result…' })
      .click();
    await expect(
      scrutineerPage.getByRole('alertdialog', { name: 'Sign off result?' }),
    ).toBeVisible();
    await expect(
      scrutineerPage.getByRole('button', { name: 'Not yet' }),
    ).toBeFocused();
    await keepScreenshot(scrutineerPage, 'results-sign-off');
    await expectNoAxeViolations(scrutineerPage, 'the sign-off question');
    await scrutineerPage.getByRole('button', { name: 'Sign off' }).click();
    await expect(
      scrutineerDesk.getByRole('region', { name: 'Result' }),
    ).toContainText(`Signed off by ${scrutineer.username}`);
    await expect(deskResult).toContainText(
      `Signed off by ${scrutineer.username}`,
    );
    await keepScreenshot(chair, 'results-control-room');
    await expectNoAxeViolations(chair, 'the control room with a verdict');

    // published: the voter's page shows the verdict and the figures beside the receipt
    const anaResult = anaCard.getByRole('region', { name: 'Result' });
    await expect(anaResult).toHaveAttribute('data-verdict', 'carried');
    await expect(anaResult).toContainText(statement);
    await expect(
      anaResult.getByRole('row', { name: 'For 8 11' }),
    ).toBeVisible();
    await expect(anaCard.getByRole('status')).toContainText('You chose: For');
    await anaCard.scrollIntoViewIfNeeded();
    await keepScreenshot(anaPage, 'results-portal');
    await expectNoAxeViolations(anaPage, 'the portal with a verdict');

    // the report, as the chair downloads it: its first page kept as a picture
    const pdf = await request.get(
      `${baseUrl}/v1/Meetings/${shortCode}/report.pdf?matter=${matterKey}`,
      { headers: { authorization: `Bearer ${chairToken}` } },
    );
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'lv-e2e-report-'));
    try {
      const file = join(dir, 'report.pdf');
      writeFileSync(file, await pdf.body());
      const text = execFileSync('/usr/bin/pdftotext', [file, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, '');
      // pdftotext joins a word broken at its hyphen at the end of a line ("two-|thirds")
      expect(text.replace(/-/g, '')).toContain(
        statement.replace(/[\s-]+/g, ''),
      );
      expect(text).toContain(`signedoffby${scrutineer.username}`);
      execFileSync('/usr/bin/pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        file,
        join(screenshots, 'results-report'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // the whole meeting's minutes once a matter is closed and signed off, in both languages:
    // the cover, the registers and the first matters kept as pictures (docs/report.md)
    for (const lang of ['en', 'fr'] as const) {
      const minutes = await request.get(
        `${baseUrl}/v1/Meetings/${shortCode}/report.pdf?lang=${lang}`,
        { headers: { authorization: `Bearer ${chairToken}` } },
      );
      expect(minutes.status()).toBe(200);
      const minutesDir = mkdtempSync(join(tmpdir(), 'lv-e2e-minutes-'));
      try {
        const file = join(minutesDir, 'minutes.pdf');
        writeFileSync(file, await minutes.body());
        const text = execFileSync('/usr/bin/pdftotext', [file, '-'], {
          encoding: 'utf8',
        });
        expect(text).toContain(lang === 'en' ? 'Page 1 of' : 'Page 1 sur');
        expect(text.replace(/\s+/g, '')).toContain(MATTER.replace(/\s+/g, ''));
        // the cover, the registers, and the page with the closed matter's table of votes
        const pages = Number(
          /Pages:\s+(\d+)/.exec(
            execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }),
          )![1],
        );
        const table =
          lang === 'en' ? 'Votes by method' : 'Voix par mode de vote';
        const votesPage = Array.from({ length: pages }, (_, i) => i + 1).find(
          (page) =>
            execFileSync(
              '/usr/bin/pdftotext',
              ['-f', String(page), '-l', String(page), file, '-'],
              { encoding: 'utf8' },
            ).includes(table),
        );
        expect(votesPage).toBeDefined();
        [1, 2, votesPage!].forEach((page, i) =>
          execFileSync('/usr/bin/pdftoppm', [
            '-png',
            '-r',
            '70',
            '-f',
            String(page),
            '-l',
            String(page),
            '-singlefile',
            file,
            join(screenshots, `report-minutes-${lang}-${i + 1}`),
          ]),
        );
      } finally {
        rmSync(minutesDir, { recursive: true, force: true });
      }
    }

    await Promise.all(
      [chairContext, screenContext, scrutineerContext, anaContext].map((c) =>
        c.close(),
      ),
    );
  });
});
