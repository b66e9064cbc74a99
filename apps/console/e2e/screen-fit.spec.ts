import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { keepScreenshot } from './support/helpers';
import { expectFits } from './support/screen-fit';

const MATTER = 'Elect three directors to the board';
const HEADER =
  'Choose up to three candidates for the board of directors, for a term of three years.';
const CANDIDATES = [
  'Alexandra Montgomery-Whitfield',
  'Bartholomew Okonkwo-Lindqvist',
  'Catherine de la Fontaine',
  'Dmitri Alexandrovich Volkov',
  'Eleanor Whitaker-Osei',
  'Fernando Castillo Herrera',
  'Gwendolyn Abernathy',
  'Hiroshi Takahashi-Moreau',
];
const QUESTION =
  'Will the new board publish the minutes of its meetings to every owner within a month, and will the candidates say how they would handle the roof repairs?';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

/**
 * A meeting of its own (the other specs count the demo meeting's matters and votes): four
 * units, an open-ballot election of eight candidates for three seats, a question from the
 * floor on the screen, and two ballots cast so every bar has a length.
 */
async function electionMeeting(
  request: APIRequestContext,
  votingMethod: 'plurality' | 'ranked' = 'plurality',
) {
  const { baseUrl, demo } = e2eContext();
  const signIn = await request.post(`${baseUrl}/auth/token`, {
    data: { username: demo.signIn.username, password: demo.signIn.password },
  });
  expect(signIn.status()).toBe(200);
  const token = ((await signIn.json()) as { access_token: string })
    .access_token;
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(
    method: 'POST' | 'PATCH',
    path: string,
    data: object,
    auth: Record<string, string> = headers,
  ): Promise<T> => {
    const response = await request.fetch(`${baseUrl}${path}`, {
      method,
      data,
      headers: auth,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  const meeting = await send<{ shortCode: string }>(
    'POST',
    `/v1/Accounts/${demo.accountKey}/meetings`,
    {
      name: 'Harbour View Owners — annual general meeting',
      type: 'agm',
      meetingDate: new Date(Date.now() + 10 * 60_000).toISOString(),
      duration: 120,
    },
  );
  const code = meeting.shortCode;
  const base = `/v1/Meetings/${code}`;
  await send('PATCH', `${base}/settings`, { questionCategories: ['Board'] });
  const units = ['301', '302', '303', '304'];
  for (const [index, unit] of units.entries())
    await send('POST', `${base}/members`, {
      unit,
      controlNumber: `HARBOUR-${unit}`,
      shares: 10 + index * 5,
    });
  const matter = await send<{ key: string }>('POST', `${base}/matters`, {
    name: MATTER,
    header: HEADER,
    options: CANDIDATES,
    choices: 3,
    votingMethod,
    secretBallot: false,
  });
  const screen = await send<{ token: string }>(
    'POST',
    `${base}/screen-tokens`,
    {},
  );

  // owners sign in; one asks a question, which the chair puts on the screen
  const voters: string[] = [];
  const voting = votingMethod === 'ranked' ? units : units.slice(0, 2);
  for (const unit of voting) {
    const session = await send<{ voterToken: string }>(
      'POST',
      `/portal/v1/Meetings/${code}/register`,
      {
        controlNumber: `HARBOUR-${unit}`,
        name: `Owner ${unit}`,
        email: `owner-${unit}@example.org`,
      },
      {},
    );
    voters.push(session.voterToken);
  }
  const question = await send<{ key: string }>(
    'POST',
    `/portal/v1/Meetings/${code}/questions`,
    { category: 'Board', text: QUESTION },
    { authorization: `Bearer ${voters[0]}` },
  );
  await send('PATCH', `${base}/questions/${question.key}`, {
    status: 'approved',
  });
  await send('PATCH', `${base}/questions/${question.key}`, { onScreen: true });

  await send('POST', `${base}/matters/${matter.key}/action`, {
    action: 'start',
    duration: 900,
    overrideQuorum: true,
  });
  for (const [index, voterToken] of voters.entries())
    await send(
      'POST',
      `/portal/v1/Meetings/${code}/matters/${matter.key}/ballots`,
      votingMethod === 'ranked'
        ? // every candidate ranked, each owner from a different first choice
          {
            ranking: [
              ...CANDIDATES.slice(index * 2),
              ...CANDIDATES.slice(0, index * 2),
            ],
          }
        : { choices: CANDIDATES.slice(index, index + 3) },
      {
        authorization: `Bearer ${voterToken}`,
        'idempotency-key': `screen-fit-${index}`,
      },
    );
  return {
    screenUrl: `${baseUrl}/screen/${code}?token=${encodeURIComponent(screen.token)}`,
    stop: () =>
      send('POST', `${base}/matters/${matter.key}/action`, { action: 'stop' }),
  };
}

test.describe('The big screen fits an election', () => {
  test('eight candidates, a question and the quorum line fit 1920x1080 and 1280x720, live and after the close', async ({
    browser,
    request,
  }) => {
    const { screenUrl, stop } = await electionMeeting(request);

    const pages: { page: Page; size: (typeof SIZES)[number] }[] = [];
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      pages.push({ page: await context.newPage(), size });
    }

    for (const { page, size } of pages) {
      const name = `${size.width}x${size.height}`;
      await page.goto(screenUrl);
      await expect(page.getByRole('heading', { name: MATTER })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Question from the floor' }),
      ).toContainText('Will the new board publish');
      const tally = page.getByRole('region', { name: 'Live tally' });
      await expect(tally.locator('[data-votes-cast="2"]')).toBeVisible();
      await expect(tally.locator('li.tally-row')).toHaveCount(8);
      await expectFits(page, `live, ${name}`);
      await keepScreenshot(page, `screen-election-live-${name}`);
      await expectNoAxeViolations(page, `the screen, live election, ${name}`);
    }

    await stop();
    for (const { page, size } of pages) {
      const name = `${size.width}x${size.height}`;
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result).toHaveAttribute('data-verdict', 'elected');
      await expect(result).toContainText('Elected by plurality');
      await expect(page.locator('li.tally-row')).toHaveCount(8);
      await expectFits(page, `closed, ${name}`);
      await keepScreenshot(page, `screen-election-closed-${name}`);
      await expectNoAxeViolations(page, `the screen, election result, ${name}`);
    }

    await Promise.all(pages.map(({ page }) => page.context().close()));
  });

  test('a ranked count of eight candidates fits with its rounds after the close', async ({
    browser,
    request,
  }) => {
    const { screenUrl, stop } = await electionMeeting(request, 'ranked');
    await stop();
    for (const size of SIZES) {
      const name = `${size.width}x${size.height}`;
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.goto(screenUrl);
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result).toHaveAttribute('data-verdict', /elected|tied/);
      await expect(result).toContainText(/by ranked count \(\d+ rounds?\)/);
      await expect(
        result.getByRole('table', { name: 'Rounds of the count' }),
      ).toBeVisible();
      await expectFits(page, `ranked result, ${name}`);
      await keepScreenshot(page, `screen-election-ranked-${name}`);
      await expectNoAxeViolations(page, `the screen, ranked result, ${name}`);
      await context.close();
    }
  });
});
