import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { keepScreenshot, signInAsChair } from './support/helpers';

const MATTER = 'Approve the new reserve fund study';

async function tokenOf(
  request: APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const { baseUrl } = e2eContext();
  const response = await request.post(`${baseUrl}/auth/token`, {
    data: { username: user.username, password: user.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A voter's portal session from the personal link of the invite. */
async function voterToken(
  request: APIRequestContext,
  portalUrl: string,
): Promise<string> {
  const { baseUrl, demo } = e2eContext();
  const response = await request.post(
    `${baseUrl}/portal/v1/Meetings/${demo.meeting.shortCode}/session`,
    { data: { inviteToken: new URL(portalUrl).searchParams.get('invite') } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { voterToken: string }).voterToken;
}

test.describe('Receipts', () => {
  test('an owner votes, keeps the receipt, and after the close and sign-off finds it in the published count', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl, demo, scrutineer } = e2eContext();
    const [ana, ben, chloe] = demo.voters;
    if (!ana || !ben || !chloe) throw new Error('the demo has too few voters');
    const shortCode = demo.meeting.shortCode;
    const v1 = `${baseUrl}/v1/Meetings/${shortCode}`;
    const chairToken = await tokenOf(request, demo.signIn);
    const asChair = { authorization: `Bearer ${chairToken}` };

    // a matter whose published count lists choices; results wait for sign-off
    expect(
      (
        await request.patch(`${v1}/settings`, {
          data: { requireSignOff: true },
          headers: asChair,
        })
      ).status(),
    ).toBe(200);
    const created = await request.post(`${v1}/matters`, {
      data: {
        name: MATTER,
        options: ['For', 'Against'],
        secretBallot: true,
        openVerification: true,
      },
      headers: asChair,
    });
    expect(created.status()).toBe(201);
    const matterKey = ((await created.json()) as { key: string }).key;
    expect(
      (
        await request.post(`${v1}/matters/${matterKey}/action`, {
          data: { action: 'start', duration: 600 },
          headers: asChair,
        })
      ).status(),
    ).toBe(204);

    // Ana votes on her phone and is given her receipt
    const anaContext = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
    });
    const anaPage = await anaContext.newPage();
    await anaPage.goto(ana.portalUrl);
    const card = anaPage.getByRole('article', { name: MATTER });
    await card.getByLabel('For', { exact: true }).check();
    await card.getByRole('button', { name: 'Review my vote' }).click();
    await card.getByRole('button', { name: 'Confirm my vote' }).click();
    const receiptBox = card
      .getByRole('status')
      .filter({ hasText: 'Your vote is recorded' });
    await expect(receiptBox).toContainText('Your receipt:');
    const code = (await receiptBox
      .getByLabel('Receipt code')
      .textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await receiptBox
      .getByRole('button', { name: 'Email me my receipt' })
      .click();
    await expect(receiptBox).toContainText(`Sent to ${ana.email}.`);
    await expectNoAxeViolations(anaPage, 'the portal with a receipt mailed');

    // two more owners vote; the chair stops; a scrutineer signs the result off
    for (const [voter, choice] of [
      [ben, 'Against'],
      [chloe, 'For'],
    ] as const) {
      const cast = await request.post(
        `${baseUrl}/portal/v1/Meetings/${shortCode}/matters/${matterKey}/ballots`,
        {
          data: { choices: [choice] },
          headers: {
            authorization: `Bearer ${await voterToken(request, voter.portalUrl)}`,
          },
        },
      );
      expect(cast.status()).toBe(201);
    }
    expect(
      (
        await request.post(`${v1}/matters/${matterKey}/action`, {
          data: { action: 'stop' },
          headers: asChair,
        })
      ).status(),
    ).toBe(204);
    await expect(card).toContainText('Voting on this matter has closed.');
    const signed = await request.post(`${v1}/matters/${matterKey}/sign-off`, {
      headers: {
        authorization: `Bearer ${await tokenOf(request, scrutineer)}`,
      },
    });
    expect(signed.status()).toBe(204);

    // Ana looks her code up in the published count: found, with its weight and choice
    const receipts = anaPage.getByRole('region', { name: 'Your receipts' });
    await receipts.getByLabel('Matter').selectOption({ label: MATTER });
    await expect(
      receipts.getByRole('textbox', { name: 'Receipt code' }),
    ).toHaveValue(code);
    await receipts.getByRole('button', { name: 'Look it up' }).click();
    await expect(receipts.getByRole('status')).toContainText(
      `Found: ${code} was counted with a weight of`,
    );
    await expect(receipts.getByRole('status')).toContainText('for For');
    const table = receipts.getByRole('table', {
      name: `Counted receipts of ${MATTER}`,
    });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.locator('tr[aria-current="true"]')).toContainText(code);
    await expectNoAxeViolations(anaPage, 'the portal’s published count, found');
    // a code that is not hers is simply not there
    await receipts
      .getByRole('textbox', { name: 'Receipt code' })
      .fill('0000-0000-0000-0000');
    await receipts.getByRole('button', { name: 'Look it up' }).click();
    await expect(receipts.getByRole('status')).toContainText(
      'is not among the 3 counted ballots',
    );
    await expectNoAxeViolations(
      anaPage,
      'the portal’s published count, not found',
    );
    await receipts.getByRole('textbox', { name: 'Receipt code' }).fill(code);
    await receipts.getByRole('button', { name: 'Look it up' }).click();
    await expect(table.locator('tr[aria-current="true"]')).toBeVisible();
    await receipts.scrollIntoViewIfNeeded();
    await keepScreenshot(anaPage, 'published-count');

    // the chair reads the audit log: the start, the stop and the sign-off, filtered to voting
    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const chair = await chairContext.newPage();
    await signInAsChair(chair);
    await chair.goto(`/meetings/${shortCode}/audit`);
    const log = chair.getByRole('table', { name: 'Audit entries' });
    // in words: who did what to which named thing (audit-log.spec.ts reads the rest)
    await expect(log).toContainText(`signed off the result of “${MATTER}”`);
    await expect(log).toContainText(
      'Demo Chair changed the meeting’s sign-off by a scrutineer required from no to yes',
    );
    await expect(log).not.toContainText('result.sign_off');
    await expectNoAxeViolations(chair, 'the audit log');
    await chair
      .getByLabel('Kind')
      .selectOption({ label: 'Voting: start, stop, extend, reopen, edits' });
    await expect(log).not.toContainText('changed the meeting’s');
    await expect(log).toContainText(
      `Demo Chair opened the vote on “${MATTER}”`,
    );
    await expect(log).toContainText(
      `Demo Chair closed the vote on “${MATTER}”`,
    );
    await expectNoAxeViolations(chair, 'the audit log, filtered');
    const download = chair.waitForEvent('download');
    await chair.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`${shortCode}-audit.csv`);
    await keepScreenshot(chair, 'audit-log');

    // and the scrutineers' view of the same count
    await chair.goto(`/meetings/${shortCode}/published/${matterKey}`);
    await chair.getByLabel('Find a receipt').fill(code.toLowerCase());
    await expect(chair.getByRole('status')).toContainText(
      `${code} is counted.`,
    );
    await expectNoAxeViolations(chair, 'the published count, receipt found');

    await anaContext.close();
    await chairContext.close();
  });
});
