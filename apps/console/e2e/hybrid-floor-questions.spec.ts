import {
  devices,
  expect,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { fitsWidth, keepScreenshot, signInAsChair } from './support/helpers';

const MATTER = 'Approve the garden budget';
const QUESTION = 'Will the garden stay open to visitors during the works?';

/**
 * A meeting of its own in the demo account (the other specs count the demo meeting's matters
 * and votes): two units, one matter, question categories.
 */
async function hybridMeeting(request: APIRequestContext) {
  const { baseUrl, demo } = e2eContext();
  const signIn = await request.post(`${baseUrl}/auth/token`, {
    data: { username: demo.signIn.username, password: demo.signIn.password },
  });
  expect(signIn.status()).toBe(200);
  const token = ((await signIn.json()) as { access_token: string })
    .access_token;
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: object): Promise<T> => {
    const response = await request.post(`${baseUrl}${path}`, {
      data,
      headers,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
  const meeting = await post<{ shortCode: string }>(
    `/v1/Accounts/${demo.accountKey}/meetings`,
    {
      name: 'Garden town hall',
      type: 'town',
      meetingDate: new Date(Date.now() + 10 * 60_000).toISOString(),
      duration: 120,
    },
  );
  const base = `/v1/Meetings/${meeting.shortCode}`;
  const settings = await request.patch(`${baseUrl}${base}/settings`, {
    data: { questionCategories: ['Garden', 'Budget', 'Other'] },
    headers,
  });
  expect(settings.status()).toBe(200);
  for (const unit of ['201', '202'])
    await post(`${base}/members`, { unit, controlNumber: `GARDEN-${unit}` });
  await post(`${base}/matters`, {
    name: MATTER,
    options: ['For', 'Against', 'Abstain'],
    secretBallot: false,
  });
  const screen = await post<{ token: string }>(`${base}/screen-tokens`, {});
  return {
    shortCode: meeting.shortCode,
    screenUrl: `${baseUrl}/screen/${meeting.shortCode}?token=${encodeURIComponent(screen.token)}`,
  };
}

test.describe('Hybrid meeting: floor ballots and questions', () => {
  test('a voter asks on a phone, the chair approves it onto the screen; a clerk records a floor ballot by keyboard and the tally moves', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl } = e2eContext();
    const { shortCode, screenUrl } = await hybridMeeting(request);

    const phoneContext = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: baseUrl,
    });
    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const screenContext = await browser.newContext({
      viewport: { width: 1600, height: 900 },
    });
    const phone = await phoneContext.newPage();
    const chair = await chairContext.newPage();
    const screen = await screenContext.newPage();

    // the owner of unit 201 joins from a phone (and so is present)
    await phone.goto(`/vote/${shortCode}`);
    const entry = phone.getByRole('form', {
      name: 'Join with your control number',
    });
    await entry.getByLabel('Control number').fill('GARDEN-201');
    await entry.getByLabel('Your name').fill('Rosa Green');
    await entry.getByLabel('Your e-mail').fill('rosa@example.org');
    await entry.getByRole('button', { name: 'Join the meeting' }).click();
    await expect(phone.getByText('Rosa Green, unit 201')).toBeVisible();
    await expectNoAxeViolations(
      phone,
      'the portal on a phone with the question form',
    );

    // the chair's control room and the big screen are open
    await signInAsChair(chair);
    await chair.goto(`/meetings/${shortCode}/live`);
    const questions = chair.getByRole('region', { name: /^Questions/ });
    await expect(questions.getByText('No questions here.')).toBeVisible();
    await expectNoAxeViolations(
      chair,
      'the control room with an empty question queue',
    );
    await screen.goto(screenUrl);
    await expect(
      screen.getByText('Waiting for the chair to open a vote.'),
    ).toBeVisible();

    // the voter asks; the question reaches the chair's queue by itself
    const ask = phone.getByRole('region', { name: 'Ask a question' });
    await ask.getByLabel('Category').selectOption('Garden');
    await ask.getByLabel('Your question').fill(QUESTION);
    expect(await fitsWidth(phone)).toBe(true);
    await ask.getByRole('button', { name: 'Send question' }).click();
    await expect(ask.getByRole('status')).toContainText(
      'Your question was sent to the chair.',
    );
    await expectNoAxeViolations(phone, 'the portal after sending a question');
    await expect(
      ask.getByRole('list', { name: 'Your questions' }),
    ).toContainText('Sent to the chair');
    const item = questions.getByRole('listitem', {
      name: 'Question from unit 201',
    });
    await expect(item).toContainText(QUESTION);
    await expect(item).toContainText('Rosa Green');
    await expectNoAxeViolations(chair, 'the question queue with a question');

    // approved, then put on the big screen
    await item
      .getByRole('button', { name: 'Approve the question from unit 201' })
      .click();
    await expect(item).toContainText('Approved');
    await item
      .getByRole('button', {
        name: 'Show on the screen: the question from unit 201',
      })
      .click();
    await expect(item.getByText('On screen')).toBeVisible();
    const onScreen = screen.getByRole('region', {
      name: 'Question from the floor',
    });
    await expect(onScreen).toContainText(QUESTION);
    await expect(onScreen).not.toContainText('Rosa Green');
    await expectNoAxeViolations(
      chair,
      'the question queue, question on screen',
    );
    await expectNoAxeViolations(screen, 'the screen showing a question');
    await keepScreenshot(chair, 'questions');
    // the asker sees the chair took it up
    await expect(
      ask.getByRole('list', { name: 'Your questions' }),
    ).toContainText('Accepted by the chair');

    // the chair opens the vote and goes to the floor ballots
    const queue = chair.getByRole('list', { name: 'Matters' });
    await queue.getByRole('button', { name: new RegExp(MATTER) }).click();
    const desk = chair.getByRole('region', { name: MATTER });
    await desk.getByRole('button', { name: 'Start voting' }).click();
    const screenTally = screen.getByRole('region', { name: 'Live tally' });
    await expect(screenTally.locator('[data-votes-cast="0"]')).toBeVisible();
    await chair.getByRole('link', { name: 'Floor ballots' }).click();
    await expect(
      chair.getByRole('heading', { name: 'Floor ballots' }),
    ).toBeVisible();
    await expectNoAxeViolations(chair, 'the floor ballots page');

    // keyboard only: the unit, Enter, the option's digit, Enter
    const unit = chair.getByLabel('Unit');
    await expect(unit).toBeFocused();
    await chair.keyboard.type('201');
    await chair.keyboard.press('Enter');
    const choices = chair.getByRole('group', { name: 'Choices for unit 201' });
    await expect(choices).toBeFocused();
    await chair.keyboard.press('1');
    await expect(choices.getByRole('radio', { name: /For/ })).toBeChecked();
    await chair.keyboard.press('Enter');
    await expect(
      chair.getByRole('status').filter({ hasText: 'Unit 201' }),
    ).toContainText('Unit 201: For, counted.');
    await expectNoAxeViolations(chair, 'the floor ballots page, one recorded');
    await expect(unit).toBeFocused();

    // the tally moves, on the clerk's page and on the big screen
    const floorTally = chair.getByRole('region', { name: 'Live tally' });
    await expect(floorTally.locator('[data-votes-cast="1"]')).toBeVisible();
    await expect(floorTally.locator('[data-option="For"]')).toContainText('1');
    await expect(screenTally.locator('[data-votes-cast="1"]')).toBeVisible();

    // a unit nobody is present for is refused
    await chair.keyboard.type('202');
    await chair.keyboard.press('Enter');
    await expect(
      chair.getByRole('group', { name: 'Choices for unit 202' }),
    ).toBeFocused();
    await chair.keyboard.press('2');
    await chair.keyboard.press('Enter');
    await expect(chair.getByRole('alert')).toContainText('not present');
    await expectNoAxeViolations(chair, 'the floor ballots page, unit refused');
    await expect(floorTally.locator('[data-votes-cast="1"]')).toBeVisible();
    await keepScreenshot(chair, 'floor-ballots');

    await Promise.all(
      [phoneContext, chairContext, screenContext].map((c) => c.close()),
    );
  });
});
