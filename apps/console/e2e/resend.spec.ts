import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { keepScreenshot, signInAsChair } from './support/helpers';

/** Every answer of 400 or more a page receives: none is expected in a walk-through. */
function failedAnswers(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    // a browser without a session asks once whether its cookie signs it in, and is told no
    // (docs/security.md, "Browser sessions")
    if (response.status() === 401 && path === '/auth/oauth/refresh') return;
    if (response.status() >= 400) failed.push(`${response.status()} ${path}`);
  });
  return failed;
}

test.describe('Resending invites and holder links', () => {
  test('a manager resends invites and a holder’s link and sees when each went, with no 404 on the way', async ({
    browser,
  }) => {
    const { baseUrl, demo } = e2eContext();
    const code = demo.meeting.shortCode;
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const failed = failedAnswers(page);
    await signInAsChair(page);

    // the voter list: resend where not reached, then everything, behind a confirmation
    await page.goto(`/meetings/${code}/members`);
    const members = page.getByRole('region', { name: 'Members and voters' });
    await members
      .getByRole('button', { name: 'Send again where it bounced or failed' })
      .click();
    await expect(
      members.getByText(/^Sent \d+ invitations? again; 0 could not be sent\.$/),
    ).toBeVisible();
    await members
      .getByRole('button', { name: 'Send every invite again…' })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: 'Send every invite again?',
    });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(
      page,
      'the confirmation to resend every invite',
    );
    await confirm.getByRole('button', { name: 'Send them all again' }).click();
    await expect(
      members.getByText(/^Sent \d+ invitations again; 0 could not be sent\.$/),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Members and their voters' });
    await expect(table.getByText(/^Invited /).first()).toBeVisible();
    await expect(table.getByText('Not invited')).toHaveCount(0);
    await keepScreenshot(page, 'members-invites');
    await expectNoAxeViolations(page, 'the voter list with its invites');

    // the proxies page: the named holder's link, sent again
    await page.goto(`/meetings/${code}/proxies`);
    const links = page.getByRole('list', { name: 'Proxy holders’ links' });
    const ivan = links.getByRole('listitem').filter({ hasText: 'Ivan Petrov' });
    await ivan
      .getByRole('button', { name: 'Send the link again to Ivan Petrov' })
      .click();
    await expect(
      page.getByText('Link sent again to ivan@demo.livevote.test.'),
    ).toBeVisible();
    await expect(ivan.getByText(/^Link sent /)).toBeVisible();
    await expectNoAxeViolations(
      page,
      'the proxies page with the holders’ links',
    );

    // the webcast tab before any webcast is set up
    await page.goto(`/meetings/${code}/webcast`);
    await expect(
      page.getByRole('heading', { name: 'Webcast' }).first(),
    ).toBeVisible();

    // a voter without a proxy opens the portal
    const voter = demo.voters.find((v) => v.unit === '101')!;
    const phone = await context.newPage();
    const voterFailed = failedAnswers(phone);
    await phone.goto(voter.portalUrl);
    await expect(
      phone.getByRole('region', { name: 'Proxy', exact: true }),
    ).toBeVisible();
    await expect(phone.getByRole('form', { name: 'Proxy form' })).toBeVisible();

    // favicon.ico, the voter's proxy, the webcast: nothing answered an error
    expect(failed).toEqual([]);
    expect(voterFailed).toEqual([]);
    await context.close();
  });
});
