import { devices, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { fitsWidth, keepScreenshot, signInAsChair } from './support/helpers';

const MATTER = 'Replace the lobby windows';

/** How many lines each status pill of the page takes (one each, even on a narrow phone). */
function pillLines(page: Page): Promise<number[]> {
  return page.locator('.matter-card .badge').evaluateAll((pills) =>
    pills.map((pill) => {
      const text = document.createRange();
      text.selectNodeContents(pill);
      const tops = Array.from(text.getClientRects(), (r) => Math.round(r.top));
      return new Set(tops).size;
    }),
  );
}

test.describe('Proxies', () => {
  test('a member gives a proxy on a phone, the manager verifies it, the holder splits its votes in one action, the screen counts them', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl, demo } = e2eContext();
    const member = demo.voters.find((voter) => voter.unit === '112');
    const holder = demo.holders.find((h) => h.name === 'Ivan Petrov');
    if (!member || !holder)
      throw new Error('the demo seed has no unit 112 or no Ivan Petrov');

    const memberContext = await browser.newContext({ ...devices['Pixel 7'] });
    // the narrowest phone we design for (390 px)
    const holderContext = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
    });
    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const screenContext = await browser.newContext({
      viewport: { width: 1600, height: 900 },
    });
    const phone = await memberContext.newPage();
    const holderPage = await holderContext.newPage();
    const chair = await chairContext.newPage();
    const screen = await screenContext.newPage();

    // the member appoints a neighbour, leaving the vote to them
    await phone.goto(member.portalUrl);
    const proxy = phone.getByRole('region', { name: 'Proxy' });
    const form = proxy.getByRole('form', { name: 'Proxy form' });
    await form.getByRole('radio', { name: 'Someone else' }).check();
    await form.getByLabel('Their full name').fill(holder.name);
    await form.getByLabel('Their e-mail').fill(holder.email);
    const windows = form.getByRole('group', { name: MATTER });
    await expect(
      windows.getByRole('radio', { name: 'Let my proxy holder decide' }),
    ).toBeChecked();
    await form.getByLabel('Your full name (your signature)').fill(member.name);
    await form.getByRole('checkbox', { name: /I appoint/ }).check();
    expect(await fitsWidth(phone)).toBe(true);
    await keepScreenshot(phone, 'portal-phone-proxy', { fullPage: true });
    await expectNoAxeViolations(phone, 'the proxy form');
    await form.getByRole('button', { name: 'Sign and send my proxy' }).click();
    const summary = proxy.getByRole('status', { name: 'Your proxy' });
    await expect(summary).toContainText('Received, waiting for verification');
    await expect(summary).toContainText(`Proxy holder: ${holder.name}`);
    await expect(summary).toContainText(
      `${MATTER}: at the holder’s discretion`,
    );
    await expectNoAxeViolations(phone, 'the proxy summary');

    // the manager verifies it, and the other proxy of the same holder waiting in the queue
    await signInAsChair(chair);
    await chair.goto(`/meetings/${demo.meeting.shortCode}/proxies`);
    await chair.getByLabel('Status', { exact: true }).selectOption('submitted');
    const list = chair.getByRole('table', { name: 'Proxies' });
    await expect(list.getByRole('row', { name: /^112/ })).toBeVisible();
    await keepScreenshot(chair, 'proxies');
    await expectNoAxeViolations(chair, 'the proxies queue');
    for (const unit of ['112', '108']) {
      await list.getByRole('button', { name: `Verify unit ${unit}` }).click();
      await expect(
        list.getByRole('row', { name: new RegExp(`^${unit}`) }),
      ).toHaveCount(0);
    }
    await phone.reload();
    await expect(
      phone.getByRole('status', { name: 'Your proxy' }),
    ).toContainText('Verified');

    // the holder opens its link: three proxies at its discretion
    await holderPage.goto(holder.holderUrl);
    await expect(
      holderPage.getByText(
        'You hold 3 proxies, 4.5 shares: 0 directed on every matter, 3 with a vote at your discretion on at least one. Each matter below says how many.',
      ),
    ).toBeVisible();
    await expect(holderPage).not.toHaveURL(/token=/);
    // a holder reads the page in either language, like a voter
    await holderPage.getByLabel('Language').selectOption('fr');
    await expect(
      holderPage.getByRole('heading', { name: 'Vos procurations' }),
    ).toBeVisible();
    await holderPage.getByLabel('Langue').selectOption('en');
    await expect(
      holderPage.getByRole('heading', { name: 'Your proxies' }),
    ).toBeVisible();
    expect(new Set(await pillLines(holderPage))).toEqual(new Set([1]));
    await expectNoAxeViolations(holderPage, 'the holder’s page');

    // the chair opens the vote; the screen watches
    await screen.goto(demo.screenUrl);
    await chair.goto(`/meetings/${demo.meeting.shortCode}/live`);
    const queue = chair.getByRole('list', { name: 'Matters' });
    await queue.getByRole('button', { name: new RegExp(MATTER) }).click();
    const desk = chair.getByRole('region', { name: MATTER });
    await desk.getByRole('button', { name: 'Start voting' }).click();
    // the directed proxies (107 For, 109 Against) count at once
    const screenTally = screen.getByRole('region', { name: 'Live tally' });
    await expect(screenTally.locator('[data-votes-cast="2"]')).toBeVisible();

    // the holder casts its three votes in one action: two For, one Against
    const card = holderPage.getByRole('article', { name: MATTER });
    const votes = card.getByRole('form', { name: `Your votes on ${MATTER}` });
    await votes.getByLabel('Votes: For').fill('2');
    await votes.getByLabel('Votes: Against').fill('1');
    expect(await fitsWidth(holderPage)).toBe(true);
    expect(new Set(await pillLines(holderPage))).toEqual(new Set([1]));
    await keepScreenshot(holderPage, 'holder-phone');
    await expectNoAxeViolations(holderPage, 'the holder’s votes');
    await votes.getByRole('button', { name: 'Cast 3 votes' }).click();
    await expect(
      card.getByRole('status', { name: `Your votes on ${MATTER}` }),
    ).toContainText('2 For, 1 Against');
    await expect(screenTally.locator('[data-votes-cast="5"]')).toBeVisible();

    // the chair closes the vote; the screen shows the proxy votes
    await desk.getByRole('button', { name: 'Stop voting' }).click();
    await chair
      .getByRole('alertdialog', { name: 'Stop voting?' })
      .getByRole('button', { name: 'Stop now' })
      .click();
    const finalTally = screen.getByRole('region', { name: 'Final tally' });
    await expect(finalTally.locator('[data-option="For"]')).toHaveAttribute(
      'data-proxy-votes',
      '3',
    );
    await expect(finalTally.locator('[data-option="Against"]')).toHaveAttribute(
      'data-proxy-votes',
      '2',
    );
    await expect(finalTally.locator('[data-option="For"]')).toContainText(
      '3 by proxy',
    );
    await keepScreenshot(screen, 'screen-proxies');
    await expectNoAxeViolations(screen, 'the screen with proxy votes');
    await expectNoAxeViolations(chair, 'the control room with a holder');

    await Promise.all(
      [memberContext, holderContext, chairContext, screenContext].map((c) =>
        c.close(),
      ),
    );
  });
});
