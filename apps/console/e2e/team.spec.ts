import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { keepScreenshot, signInAsChair } from './support/helpers';

test.use({ baseURL: e2eContext().baseUrl });

/** The accept link of the newest invitation mailed to `email`, from the gateway's outbox. */
async function invitationLink(email: string): Promise<string> {
  const { outboxDir } = e2eContext();
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(outboxDir).sort().reverse();
      for (const file of files) {
        // quoted-printable: soft line breaks and `=3D` for `=`
        const text = readFileSync(join(outboxDir, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!text.includes(`To: ${email}`)) continue;
        link = /https?:\/\/[^\s"<]+\/accept-invitation#token=[\w-]+/.exec(
          text,
        )?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link!;
}

async function accept(page: Page, link: string, name: string) {
  // a full load: from the page itself, a link differing only in its fragment would not reload
  await page.goto('about:blank');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Join the team' }),
  ).toBeVisible();
  // the token leaves the address bar once read
  expect(await page.evaluate(() => window.location.href)).not.toContain(
    'token=',
  );
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('New password').fill('team-password-1');
  await page.getByLabel('Repeat the password').fill('team-password-1');
  await page
    .getByRole('button', { name: 'Create my account and join' })
    .click();
  await expect(
    page.getByRole('heading', { name: /^Meetings of/ }),
  ).toBeVisible();
}

test.describe('The meeting team', () => {
  test('the owner invites a clerk and a scrutineer; they join; a clerk sees only the desk and the floor', async ({
    browser,
  }) => {
    const { demo } = e2eContext();
    const stamp = Date.now().toString(36);
    const clerkEmail = `clerk-${stamp}@example.test`;
    const scrutineerEmail = `scrutineer-${stamp}@example.test`;
    const strayEmail = `stray-${stamp}@example.test`;

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInAsChair(owner);
    await owner.goto(`/accounts/${demo.accountKey}`);
    await owner.getByRole('link', { name: 'Manage the team' }).click();
    await expect(
      owner.getByRole('heading', { name: /^The team of/ }),
    ).toBeVisible();

    const inviteForm = owner.getByRole('form', { name: 'Invite someone' });
    const invite = async (email: string, role: string) => {
      await inviteForm.getByLabel('E-mail').fill(email);
      await inviteForm
        .getByRole('checkbox', { name: new RegExp(`^${role}`) })
        .check();
      await inviteForm
        .getByRole('button', { name: 'Send the invitation' })
        .click();
      await expect(owner.getByRole('status')).toContainText(
        `Invitation sent to ${email}.`,
      );
    };
    await invite(clerkEmail, 'Clerk');
    await invite(scrutineerEmail, 'Scrutineer');
    await invite(strayEmail, 'Owner');
    const pending = owner.getByRole('table', { name: 'Pending invitations' });
    await expect(
      pending.getByRole('row', { name: new RegExp(clerkEmail) }),
    ).toContainText('Clerk');
    await expect(
      pending.getByRole('row', { name: new RegExp(scrutineerEmail) }),
    ).toContainText('Scrutineer');
    await keepScreenshot(owner, 'team', { fullPage: true });
    await expectNoAxeViolations(
      owner,
      'the team page with pending invitations',
    );

    // an invitation sent to the wrong address is revoked: its link then fails
    const strayLink = await invitationLink(strayEmail);
    await owner
      .getByRole('button', { name: `Revoke the invitation of ${strayEmail}` })
      .click();
    await expect(
      pending.getByRole('row', { name: new RegExp(strayEmail) }),
    ).toHaveCount(0);

    // the clerk accepts in a browser of their own and is signed in
    const clerkContext = await browser.newContext();
    const clerk = await clerkContext.newPage();
    const clerkLink = await invitationLink(clerkEmail);
    await clerk.goto(clerkLink);
    await expect(
      clerk.getByRole('form', { name: 'Join the team' }),
    ).toContainText('with the role: Clerk');
    await expectNoAxeViolations(clerk, 'the accept-invitation page');
    await keepScreenshot(clerk, 'accept-invitation');
    await accept(clerk, clerkLink, 'Casey Clerk');
    // the link is used up
    const reused = await clerkContext.newPage();
    await reused.goto(clerkLink);
    await expect(reused.getByRole('alert')).toContainText(
      'already been accepted',
    );
    await reused.close();

    // a clerk's meeting list leads to the desk and the floor only
    await expect(
      clerk.getByRole('link', { name: 'Manage the team' }),
    ).toHaveCount(0);
    await expect(clerk.getByRole('form', { name: /meeting/i })).toHaveCount(0);
    await clerk
      .getByRole('link', { name: new RegExp(demo.meeting.name) })
      .first()
      .click();
    await expect(clerk).toHaveURL(/\/check-in$/);
    await expect(
      clerk.getByRole('heading', { name: 'Check-in desk' }),
    ).toBeVisible();
    await expectNoAxeViolations(clerk, "the clerk's check-in desk");
    for (const page of ['', '/members', '/live', '/audit']) {
      await clerk.goto(`/meetings/${demo.meeting.shortCode}${page}`);
      await expect(clerk).toHaveURL(/\/check-in$/);
    }
    await clerk.goto(`/meetings/${demo.meeting.shortCode}/floor`);
    await expect(
      clerk.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();
    await expectNoAxeViolations(clerk, "the clerk's floor page");

    // the scrutineer joins and reaches the meeting's pages
    const scrutineerContext = await browser.newContext();
    const scrutineer = await scrutineerContext.newPage();
    await accept(
      scrutineer,
      await invitationLink(scrutineerEmail),
      'Sasha Scrutineer',
    );
    await scrutineer.goto(`/meetings/${demo.meeting.shortCode}/matters`);
    await expect(
      scrutineer.getByRole('list', { name: 'Matters' }),
    ).toBeVisible();

    // the revoked link
    await scrutineer.goto(strayLink);
    await expect(scrutineer.getByRole('alert')).toContainText('withdrawn');

    // the owner sees both in the team with their roles
    await owner.reload();
    await expect(
      owner
        .getByRole('group', { name: 'Roles of Casey Clerk' })
        .getByRole('checkbox', { name: /^Clerk/ }),
    ).toBeChecked();
    await expect(
      owner
        .getByRole('group', { name: 'Roles of Sasha Scrutineer' })
        .getByRole('checkbox', { name: /^Scrutineer/ }),
    ).toBeChecked();
    await expectNoAxeViolations(owner, 'the team page with its members');

    await Promise.all([
      ownerContext.close(),
      clerkContext.close(),
      scrutineerContext.close(),
    ]);
  });

  test('the chair opens the control room, the desk, the floor and the screen in tabs of one browser, signing in once', async ({
    browser,
  }) => {
    const { demo } = e2eContext();
    const context = await browser.newContext();
    const first = await context.newPage();
    await signInAsChair(first);

    const tab = async (path: string) => {
      const page = await context.newPage();
      await page.goto(path);
      return page;
    };
    const room = await tab(`/meetings/${demo.meeting.shortCode}/live`);
    await expect(
      room.getByRole('heading', { name: /^Control room/ }),
    ).toBeVisible();
    const desk = await tab(`/meetings/${demo.meeting.shortCode}/check-in`);
    await expect(
      desk.getByRole('heading', { name: 'Check-in desk' }),
    ).toBeVisible();
    const floor = await tab(`/meetings/${demo.meeting.shortCode}/floor`);
    await expect(
      floor.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();
    const screen = await tab(demo.screenUrl);
    await expect(screen).toHaveURL(/\/screen\//);
    for (const page of [room, desk, floor])
      await expect(page).not.toHaveURL(/\/signin/);

    // no refresh token anywhere a script can read it
    const stored = await room.evaluate(() =>
      JSON.stringify({
        ...localStorage,
        ...sessionStorage,
        c: document.cookie,
      }),
    );
    expect(stored).not.toMatch(/refresh/i);

    // signing out in one tab signs the others out
    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect(desk).toHaveURL(/\/signin/);
    await expect(desk.getByRole('alert')).toContainText(
      'signed out in another tab',
    );
    await floor.reload();
    await expect(floor).toHaveURL(/\/signin/);
    await context.close();
  });
});
