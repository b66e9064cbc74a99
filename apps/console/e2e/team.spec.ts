import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { chairToken } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { keepScreenshot, signInAs, signInAsChair } from './support/helpers';
import { invitationLink, linkMailedTo, mailsTo } from './support/outbox';
import { totpCode } from './support/totp';

test.use({ baseURL: e2eContext().baseUrl });

const MATTER = 'Approve the roof repair';
const HOLDER = 'Hana Holder';

/**
 * A meeting of the demo account for the team to run (the other specs count the demo
 * meeting's votes): double entry of floor ballots, results signed off by a scrutineer, one
 * open matter, unit 301 to come in as a walk-in and unit 302's proxy with a named holder.
 */
async function teamMeeting(request: APIRequestContext, holderEmail: string) {
  const { baseUrl, demo } = e2eContext();
  const headers = { authorization: `Bearer ${await chairToken(request)}` };
  const call = async <T>(
    method: 'post' | 'patch',
    path: string,
    data: object,
    status: number,
  ): Promise<T> => {
    const response = await request[method](`${baseUrl}${path}`, {
      data,
      headers,
    });
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as T;
  };
  const meeting = await call<{ shortCode: string; name: string }>(
    'post',
    `/v1/Accounts/${demo.accountKey}/meetings`,
    {
      name: `Team-run AGM ${Date.now().toString(36)}`,
      type: 'agm',
      meetingDate: new Date(Date.now() + 10 * 60_000).toISOString(),
      duration: 120,
    },
    201,
  );
  const base = `/v1/Meetings/${meeting.shortCode}`;
  await call(
    'patch',
    `${base}/settings`,
    { floorDoubleEntry: true, requireSignOff: true },
    200,
  );
  await call(
    'post',
    `${base}/members`,
    { unit: '301', controlNumber: 'TEAM-301' },
    201,
  );
  const absent = await call<{ key: string }>(
    'post',
    `${base}/members`,
    { unit: '302', controlNumber: 'TEAM-302' },
    201,
  );
  await call(
    'post',
    `${base}/matters`,
    {
      name: MATTER,
      options: ['For', 'Against', 'Abstain'],
      secretBallot: false,
    },
    201,
  );
  // a paper proxy of unit 302, at the holder's discretion, verified
  const proxy = await call<{ key: string }>(
    'post',
    `${base}/proxies`,
    {
      memberKey: absent.key,
      holder: { isDefault: false, name: HOLDER, email: holderEmail },
      directions: [],
      signedName: 'Pat Absent',
    },
    201,
  );
  await call('post', `${base}/proxies/${proxy.key}/verify`, {}, 200);
  const screen = await call<{ token: string }>(
    'post',
    `${base}/screen-tokens`,
    {},
    201,
  );
  return {
    ...meeting,
    screenUrl: `${baseUrl}/screen/${meeting.shortCode}?token=${encodeURIComponent(screen.token)}`,
  };
}

/** Opens the invitation's link in a browser of one's own, sets a password and joins. */
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
  // a new user is offered two-step sign-in before the account
  await expect(
    page.getByRole('heading', { name: 'Two-step sign-in' }),
  ).toBeVisible();
}

/** Leaves two-step sign-in for later and goes on to the account. */
async function notNow(page: Page) {
  await page.getByRole('link', { name: 'Not now' }).click();
  await expect(
    page.getByRole('heading', { name: /^Meetings of/ }),
  ).toBeVisible();
}

/** Types one floor sheet at the keyboard as entry `entry`: the unit, Enter, a digit, Enter. */
async function typeSheet(
  page: Page,
  entry: 1 | 2,
  unit: string,
  digit: string,
) {
  await page.getByRole('radio', { name: `Entry ${entry}` }).check();
  const unitBox = page.getByLabel('Unit', { exact: true });
  await unitBox.click();
  await page.keyboard.type(unit);
  await page.keyboard.press('Enter');
  const choices = page.getByRole('group', { name: `Choices for unit ${unit}` });
  await expect(choices).toBeFocused();
  await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
}

test.describe('The meeting team', () => {
  const contexts: BrowserContext[] = [];
  const open = async (
    browser: Browser,
    options: Parameters<Browser['newContext']>[0] = {},
  ) => {
    const context = await browser.newContext({
      baseURL: e2eContext().baseUrl,
      viewport: { width: 1366, height: 900 },
      ...options,
    });
    contexts.push(context);
    return context;
  };
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  test('the team runs a vote: invited clerk and scrutineer join, the chair works in tabs on one sign-in, two clerks double-enter a sheet, the holder votes from a resent link, the scrutineer signs off', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { demo } = e2eContext();
    const stamp = Date.now().toString(36);
    const clerkEmail = `clerk-${stamp}@example.test`;
    const scrutineerEmail = `scrutineer-${stamp}@example.test`;
    const strayEmail = `stray-${stamp}@example.test`;
    const holderEmail = `hana-${stamp}@example.test`;
    const meeting = await teamMeeting(request, holderEmail);
    const code = meeting.shortCode;

    // ---- the owner invites a clerk and a scrutineer (and one to the wrong address) ----
    const chairContext = await open(browser);
    const owner = await chairContext.newPage();
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

    // the invitation sent to the wrong address is revoked: its link then fails
    const strayLink = await invitationLink(strayEmail);
    await owner
      .getByRole('button', { name: `Revoke the invitation of ${strayEmail}` })
      .click();
    await expect(
      pending.getByRole('row', { name: new RegExp(strayEmail) }),
    ).toHaveCount(0);

    // ---- they accept, each in a browser of their own ----
    const clerk = await (await open(browser)).newPage();
    const clerkLink = await invitationLink(clerkEmail);
    await clerk.goto(clerkLink);
    await expect(
      clerk.getByRole('form', { name: 'Join the team' }),
    ).toContainText('with the role: Clerk');
    await expectNoAxeViolations(clerk, 'the accept-invitation page');
    await keepScreenshot(clerk, 'accept-invitation');
    await accept(clerk, clerkLink, 'Casey Clerk');
    await expectNoAxeViolations(clerk, 'two-step sign-in offered on joining');
    await notNow(clerk);
    // the link is used up
    const reused = await clerk.context().newPage();
    await reused.goto(clerkLink);
    await expect(reused.getByRole('alert')).toContainText(
      'already been accepted',
    );
    await reused.close();

    const scrutineer = await (await open(browser)).newPage();
    await accept(
      scrutineer,
      await invitationLink(scrutineerEmail),
      'Sasha Scrutineer',
    );
    // the scrutineer turns two-step sign-in on with an authenticator app
    await expect(
      scrutineer.getByRole('img', {
        name: 'QR code of your two-step sign-in secret',
      }),
    ).toBeVisible();
    const secret = (
      (await scrutineer.locator('code.secret').textContent()) ?? ''
    ).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await scrutineer.getByLabel('Six-digit code').fill(totpCode(secret));
    await scrutineer.getByLabel('Your password').fill('team-password-1');
    await keepScreenshot(scrutineer, 'two-step-sign-in');
    await expectNoAxeViolations(scrutineer, 'two-step sign-in being set up');
    await scrutineer
      .getByRole('button', { name: 'Turn on two-step sign-in' })
      .click();
    await expect(scrutineer.getByRole('status')).toContainText(
      'Two-step sign-in is on.',
    );
    await scrutineer.getByRole('link', { name: 'Continue' }).click();
    await expect(
      scrutineer.getByRole('heading', { name: /^Meetings of/ }),
    ).toBeVisible();
    // from another browser, the password alone no longer signs the scrutineer in
    const elsewhere = await (await open(browser)).newPage();
    await elsewhere.goto('/signin');
    await elsewhere.getByLabel('E-mail').fill(scrutineerEmail);
    await elsewhere.getByLabel('Password').fill('team-password-1');
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    const oneTimeCode = elsewhere.getByLabel('One-time code');
    await expect(oneTimeCode).toBeVisible();
    // the next step's code: the one that turned codes on is spent
    await oneTimeCode.fill(totpCode(secret, Date.now() + 30_000));
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      elsewhere.getByRole('heading', { name: 'Accounts' }),
    ).toBeVisible();
    await scrutineer.goto(strayLink);
    await expect(scrutineer.getByRole('alert')).toContainText('withdrawn');

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

    // a clerk's meeting list leads to the desk and the floor only
    await expect(
      clerk.getByRole('link', { name: 'Manage the team' }),
    ).toHaveCount(0);
    await clerk
      .getByRole('link', { name: new RegExp(meeting.name) })
      .first()
      .click();
    await expect(clerk).toHaveURL(/\/check-in$/);
    await expect(
      clerk.getByRole('heading', { name: 'Check-in desk' }),
    ).toBeVisible();
    await expectNoAxeViolations(clerk, "the clerk's check-in desk");
    for (const page of ['', '/members', '/live', '/audit', '/proxies']) {
      await clerk.goto(`/meetings/${code}${page}`);
      await expect(clerk).toHaveURL(/\/check-in$/);
    }

    // ---- the chair opens the control room, the desk, the floor and the screen in tabs ----
    const tab = async (path: string) => {
      const page = await chairContext.newPage();
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/signin/);
      return page;
    };
    const room = await tab(`/meetings/${code}/live`);
    await expect(
      room.getByRole('heading', { name: /^Control room/ }),
    ).toBeVisible();
    const desk = await tab(`/meetings/${code}/check-in`);
    await expect(
      desk.getByRole('heading', { name: 'Check-in desk' }),
    ).toBeVisible();
    const floor = await tab(`/meetings/${code}/floor`);
    await expect(
      floor.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();
    const screen = await tab(meeting.screenUrl);
    await expect(
      screen.getByText('Waiting for the chair to open a vote.'),
    ).toBeVisible();
    // no refresh token anywhere a script can read it
    const stored = await room.evaluate(() =>
      JSON.stringify({
        ...localStorage,
        ...sessionStorage,
        c: document.cookie,
      }),
    );
    expect(stored).not.toMatch(/refresh/i);

    // the owner of unit 301 walks in and is checked in at the desk
    const walkIn = desk.getByRole('form', { name: 'Walk-in' });
    await walkIn.getByLabel('Control number').fill('TEAM-301');
    await walkIn.getByLabel('Name').fill('Olga Owner');
    await walkIn.getByLabel('E-mail').fill(`olga-${stamp}@example.test`);
    await walkIn.getByRole('button', { name: 'Register and check in' }).click();
    await expect(desk.getByRole('list', { name: 'Checked in' })).toContainText(
      'Unit 301: Olga Owner',
    );
    await expectNoAxeViolations(desk, "the chair's desk, one walk-in");

    // the chair opens the vote
    await room
      .getByRole('list', { name: 'Matters' })
      .getByRole('button', { name: new RegExp(MATTER) })
      .click();
    const matterDesk = room.getByRole('region', { name: MATTER });
    await matterDesk.getByRole('button', { name: 'Start voting' }).click();
    const screenTally = screen.getByRole('region', { name: 'Live tally' });
    await expect(screenTally.locator('[data-votes-cast="0"]')).toBeVisible();

    // ---- two clerks enter Olga's sheet: held after one entry, counted after both ----
    const demoClerk = await (await open(browser)).newPage();
    await signInAs(demoClerk, demo.clerk);
    await demoClerk.goto(`/meetings/${code}/floor`);
    await expect(demoClerk.getByText('Double entry')).toBeVisible();
    await typeSheet(demoClerk, 1, '301', '1');
    await expect(
      demoClerk.getByRole('status').filter({ hasText: 'Unit 301' }),
    ).toContainText('Unit 301: For, held until the other entry of this sheet.');
    await expect(
      floor.getByRole('listitem', {
        name: 'Unit 301: Waiting for the other entry',
      }),
    ).toBeVisible();
    await expect(screenTally.locator('[data-votes-cast="0"]')).toBeVisible();
    await expectNoAxeViolations(demoClerk, 'the floor page, a sheet held');
    await keepScreenshot(demoClerk, 'floor-double-entry');

    // the same clerk cannot be both entries of one sheet
    await typeSheet(demoClerk, 2, '301', '1');
    await expect(demoClerk.getByRole('alert')).toContainText('Unit 301');

    // from the desk, where a clerk lands, to the floor
    await clerk.goto(`/meetings/${code}/check-in`);
    await clerk.getByRole('link', { name: 'Floor ballots' }).click();
    await expect(
      clerk.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();
    await typeSheet(clerk, 2, '301', '1');
    await expect(
      clerk.getByRole('status').filter({ hasText: 'Unit 301' }),
    ).toContainText('Unit 301: For, counted.');
    await expectNoAxeViolations(clerk, "the invited clerk's floor page");
    // a clerk's channel carries no tallies: the page shows none rather than a count stuck at 0
    await expect(clerk.getByRole('region', { name: 'Live tally' })).toHaveCount(
      0,
    );
    const floorTally = floor.getByRole('region', { name: 'Live tally' });
    await expect(floorTally.locator('[data-votes-cast="1"]')).toBeVisible();
    await expect(floorTally.locator('[data-option="For"]')).toContainText('1');
    await expect(screenTally.locator('[data-votes-cast="1"]')).toBeVisible();
    await expect(
      floor.getByText('Every sheet entered twice agrees.'),
    ).toBeVisible();

    // ---- the holder's link is sent again; the holder votes from it on a phone ----
    const mailed = mailsTo(holderEmail).length;
    const proxies = await tab(`/meetings/${code}/proxies`);
    const links = proxies.getByRole('list', { name: 'Proxy holders’ links' });
    await links
      .getByRole('listitem')
      .filter({ hasText: HOLDER })
      .getByRole('button', { name: `Send the link again to ${HOLDER}` })
      .click();
    await expect(
      proxies.getByText(`Link sent again to ${holderEmail}.`),
    ).toBeVisible();
    await expectNoAxeViolations(proxies, 'the proxies page, a link resent');
    const holderLink = await linkMailedTo(
      holderEmail,
      /https?:\/\/[^\s"<]+\/holder\?token=[^\s"<&]+/,
      { after: mailed },
    );
    const holder = await (
      await open(browser, { ...devices['Pixel 7'] })
    ).newPage();
    await holder.goto(holderLink);
    await expect(
      holder.getByRole('heading', { name: 'Your proxies' }),
    ).toBeVisible();
    const card = holder.getByRole('article', { name: MATTER });
    const votes = card.getByRole('form', { name: `Your votes on ${MATTER}` });
    await votes.getByLabel('Votes: For').fill('1');
    await expectNoAxeViolations(holder, 'the holder’s page from a resent link');
    await votes.getByRole('button', { name: 'Cast 1 vote' }).click();
    await expect(
      card.getByRole('status', { name: `Your votes on ${MATTER}` }),
    ).toBeVisible();
    await expect(screenTally.locator('[data-votes-cast="2"]')).toBeVisible();
    await expect(floorTally.locator('[data-option="For"]')).toContainText('2');

    // ---- the chair closes; the scrutineer signs off; the chair sees it ----
    await room.bringToFront();
    await matterDesk.getByRole('button', { name: 'Stop voting…' }).click();
    await room.getByRole('button', { name: 'Stop now' }).click();
    const roomResult = matterDesk.getByRole('region', { name: 'Result' });
    await expect(roomResult).toContainText('Awaiting a scrutineer’s sign-off');
    await expect(
      matterDesk.getByRole('button', { name: /Sign off/ }),
    ).toHaveCount(0);

    await scrutineer.goto(`/meetings/${code}/live`);
    const scrutineerDesk = scrutineer.getByRole('region', { name: MATTER });
    await scrutineerDesk
      .getByRole('button', { name: 'Sign off result…' })
      .click();
    await expect(
      scrutineer.getByRole('button', { name: 'Not yet' }),
    ).toBeFocused();
    await expectNoAxeViolations(scrutineer, 'the sign-off question');
    await scrutineer.getByRole('button', { name: 'Sign off' }).click();
    await expect(
      scrutineerDesk.getByRole('region', { name: 'Result' }),
    ).toContainText(`Signed off by ${scrutineerEmail}`);
    await expect(roomResult).toContainText(`Signed off by ${scrutineerEmail}`);
    await expectNoAxeViolations(room, 'the control room, signed off');
    await keepScreenshot(room, 'team-control-room');
  });

  test('signing out in one tab signs every tab of the browser out', async ({
    browser,
  }) => {
    const { demo } = e2eContext();
    const context = await open(browser);
    const first = await context.newPage();
    await signInAsChair(first);
    const desk = await context.newPage();
    await desk.goto(`/meetings/${demo.meeting.shortCode}/check-in`);
    await expect(
      desk.getByRole('heading', { name: 'Check-in desk' }),
    ).toBeVisible();
    const floor = await context.newPage();
    await floor.goto(`/meetings/${demo.meeting.shortCode}/floor`);
    await expect(
      floor.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();

    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect(desk).toHaveURL(/\/signin/);
    await expect(desk.getByRole('alert')).toContainText(
      'signed out in another tab',
    );
    await floor.reload();
    await expect(floor).toHaveURL(/\/signin/);
  });
});
