import { devices, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import {
  fitsWidth,
  keepScreenshot,
  secondsOn,
  signInAsChair,
} from './support/helpers';

const MATTER = 'Approve the 2025 financial statements';
const START_SECONDS = 20;
const EXTEND_SECONDS = 12;

test.describe('Live vote', () => {
  test('the chair starts a vote, two voters vote, the screen counts, extend and deadline reach every page', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl, demo } = e2eContext();
    const [ana, ben] = demo.voters;
    if (!ana || !ben)
      throw new Error('the demo seed has fewer than two voters');

    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const screenContext = await browser.newContext({
      viewport: { width: 1600, height: 900 },
    });
    const anaContext = await browser.newContext({
      viewport: { width: 1024, height: 800 },
    });
    const benContext = await browser.newContext({ ...devices['Pixel 7'] });
    const chair = await chairContext.newPage();
    const screen = await screenContext.newPage();
    const anaPage = await anaContext.newPage();
    const benPage = await benContext.newPage();
    // the portal reads a voter's ballots in one request: no 404 for each matter without one
    const ballotNotFound: string[] = [];
    for (const voter of [anaPage, benPage])
      voter.on('response', (response) => {
        if (
          response.status() === 404 &&
          /\/ballots?(\?|$)/.test(response.url())
        )
          ballotNotFound.push(response.url());
      });

    // the chair finds the meeting through the account and meeting pickers
    await signInAsChair(chair);
    await chair
      .getByRole('searchbox', { name: 'Search accounts' })
      .fill('Harbour');
    await chair.getByRole('link', { name: /Harbourview Condominium/ }).click();
    await chair
      .getByRole('searchbox', { name: 'Search meetings' })
      .fill('General');
    await expect(chair.getByRole('list', { name: 'Meetings' })).toContainText(
      demo.meeting.name,
    );
    await keepScreenshot(chair, 'meeting-picker');
    await expectNoAxeViolations(chair, 'the meeting picker');
    await chair
      .getByRole('link', { name: `Control room of ${demo.meeting.name}` })
      .click();
    await expect(chair).toHaveURL(
      `${baseUrl}/meetings/${demo.meeting.shortCode}/live`,
    );
    await expect(
      chair.getByRole('status').filter({ hasText: 'Connected' }),
    ).toBeVisible();

    await screen.goto(demo.screenUrl);
    await expect(
      screen.getByText('Waiting for the chair to open a vote.'),
    ).toBeVisible();
    await expect(
      screen.getByRole('heading', { name: 'No vote is open' }),
    ).toBeVisible();
    await expect(screen.getByLabel('Quorum')).toContainText('Quorum not met');
    await expectNoAxeViolations(screen, 'the screen before any vote');
    await anaPage.goto(ana.portalUrl);
    await benPage.goto(ben.portalUrl);
    for (const voter of [anaPage, benPage]) {
      await expect(
        voter.getByText('No vote is open right now.', { exact: false }).first(),
      ).toBeVisible();
      // the invite token leaves the address bar once it has been traded for a session
      await expect(voter).not.toHaveURL(/invite=/);
      // the pill says the page is connected, not that a vote is live
      await expect(
        voter.getByRole('status').filter({ hasText: 'Connected' }),
      ).toBeVisible();
      await expect(
        voter.getByRole('status').filter({ hasText: /^\s*Live\s*$/ }),
      ).toHaveCount(0);
    }
    await expectNoAxeViolations(anaPage, 'the portal with no vote open');
    await expectNoAxeViolations(benPage, 'the portal on a phone, no vote open');

    // the chair sees at once when the network is gone, and that it is back
    await chairContext.setOffline(true);
    await expect(
      chair.getByRole('alert').filter({ hasText: 'Offline' }),
    ).toBeVisible();
    await chairContext.setOffline(false);
    await expect(
      chair.getByRole('status').filter({ hasText: 'Connected' }),
    ).toBeVisible();

    // presence and quorum reach the chair live
    await expect(
      chair.getByRole('region', { name: 'Connected now' }),
    ).toContainText('2 voters');
    await expect(chair.getByRole('region', { name: 'Quorum' })).toContainText(
      'Not met',
    );
    // and who is connected, by unit
    const connected = chair.getByRole('region', { name: 'Connected now' });
    await connected.getByText('Who is connected').click();
    const connectedList = connected.getByRole('list', {
      name: 'Connected voters',
    });
    await expect(connectedList).toContainText(`${ana.unit} ${ana.name}`);
    await expect(connectedList).toContainText(`${ben.unit} ${ben.name}`);
    await expectNoAxeViolations(chair, 'the control room before a vote');

    // start the first matter for a short time
    const queue = chair.getByRole('list', { name: 'Matters' });
    await queue.getByRole('button', { name: new RegExp(MATTER) }).click();
    const desk = chair.getByRole('region', { name: MATTER });
    await desk
      .getByLabel('Voting time', { exact: true })
      .selectOption('custom');
    await desk.getByLabel('Voting time (seconds)').fill(String(START_SECONDS));
    await desk.getByRole('button', { name: 'Start voting' }).click();

    // both voters see it without reloading, and vote
    const anaCard = anaPage.getByRole('article', { name: MATTER });
    const benCard = benPage.getByRole('article', { name: MATTER });
    await expect(anaCard).toBeVisible();
    await expect(benCard).toBeVisible();
    await expect(benCard.getByRole('timer')).toBeVisible();
    expect(await fitsWidth(benPage)).toBe(true);
    await keepScreenshot(benPage, 'portal-phone-ballot');
    // a screen reader hears it opening (politely), and early voting has left the page
    await expect(benPage.locator('[data-announcer="votes"]')).toHaveText(
      `Voting is open on ${MATTER}.`,
    );
    await expect(
      benPage.getByRole('heading', { name: 'Early voting' }),
    ).toHaveCount(0);
    await expectNoAxeViolations(benPage, 'the portal with a vote open');

    await vote(anaPage, MATTER, 'For');
    await vote(benPage, MATTER, 'Against');
    await expect(
      benCard.getByRole('status').filter({ hasText: 'Your vote is recorded' }),
    ).toContainText('Against');
    await keepScreenshot(benPage, 'portal-phone-receipt');
    await expectNoAxeViolations(benPage, 'the portal with a receipt');

    // a secret ballot (the default): the screen counts both votes but shows no option until
    // voting closes; so does the chair's desk, with who has not voted
    const screenTally = screen.getByRole('region', { name: 'Live tally' });
    await expect(screenTally.locator('[data-votes-cast="2"]')).toBeVisible();
    await expect(screenTally).toContainText(
      'Results appear when voting closes.',
    );
    await expect(screenTally.locator('[data-option]')).toHaveCount(0);
    await expect(screen.getByRole('heading', { name: MATTER })).toBeVisible();
    await keepScreenshot(screen, 'screen');
    await expectNoAxeViolations(screen, 'the screen during a vote');

    const chairTally = desk.getByRole('region', { name: 'Live tally' });
    await expect(chairTally.locator('[data-votes-cast="2"]')).toBeVisible();
    await expect(chairTally.locator('[data-option]')).toHaveCount(0);
    const notVoted = desk.getByRole('list', {
      name: 'Units that have not voted',
    });
    await expect(notVoted.getByRole('listitem')).toHaveCount(
      demo.voters.length - 2,
    );
    await expect(notVoted).not.toContainText(ana.name);
    await expect(notVoted).not.toContainText(ben.name);
    await keepScreenshot(chair, 'control-room');
    await expectNoAxeViolations(chair, 'the control room during a vote');

    // a voter changes the vote while it is live; the count stays at two, still no option
    await anaPage.getByRole('button', { name: 'Change my vote' }).click();
    await vote(anaPage, MATTER, 'Abstain');
    await expect(screenTally.locator('[data-votes-cast="2"]')).toBeVisible();
    await expect(screenTally.locator('[data-option]')).toHaveCount(0);

    // every page counts down the same second, and extend moves every countdown
    const countdowns = [
      desk.getByRole('timer'),
      screen.getByRole('timer'),
      anaCard.getByRole('timer'),
      benCard.getByRole('timer'),
    ];
    const before = await Promise.all(countdowns.map(secondsOn));
    expect(Math.max(...before) - Math.min(...before)).toBeLessThanOrEqual(1);
    await desk.getByLabel('Extend by', { exact: true }).selectOption('custom');
    await desk.getByLabel('Extend by (seconds)').fill(String(EXTEND_SECONDS));
    await desk.getByRole('button', { name: 'Extend', exact: true }).click();
    for (const [index, countdown] of countdowns.entries())
      await expect
        .poll(() => secondsOn(countdown))
        .toBeGreaterThan(before[index]! + EXTEND_SECONDS - 4);

    // the deadline closes the vote on every page
    const deadline = { timeout: (START_SECONDS + EXTEND_SECONDS + 10) * 1000 };
    await expect(desk.locator('[data-status="closed"]').first()).toBeVisible(
      deadline,
    );
    await expect(queue.locator('[data-status="closed"]')).toHaveCount(1);
    // the rows arrive at close, with the changed vote counted once
    const finalTally = screen.getByRole('region', { name: 'Final tally' });
    await expect(finalTally.locator('[data-votes-cast="2"]')).toBeVisible();
    for (const [option, votes] of [
      ['For', '0'],
      ['Against', '1'],
      ['Abstain', '1'],
    ])
      await expect(
        finalTally.locator(`[data-option="${option}"]`),
      ).toHaveAttribute('data-votes', votes);
    await expect(
      desk
        .getByRole('region', { name: 'Live tally' })
        .locator('[data-option="Against"]'),
    ).toHaveAttribute('data-votes', '1');
    await expect(screen.locator('[data-status="closed"]')).toBeVisible();
    for (const voter of [anaPage, benPage]) {
      const closed = voter.getByRole('article', { name: MATTER });
      await expect(closed).toContainText('Voting on this matter has closed.');
      await expect(
        voter.getByText('No vote is open right now.', { exact: false }).first(),
      ).toBeVisible();
    }
    await expect(anaPage.getByRole('article', { name: MATTER })).toContainText(
      'You chose: Abstain',
    );
    await expect(
      desk.getByRole('button', { name: 'Reopen voting…' }),
    ).toBeVisible();
    // the chosen voting time stays chosen after the start and the close
    await expect(desk.getByLabel('Voting time (seconds)')).toHaveValue(
      String(START_SECONDS),
    );

    // between votes the screen says so, with the verdict, the legend and quorum, and its
    // Closed badge is readable (axe checks the contrast)
    const between = screen.locator('[data-state="between"]');
    await expect(
      between.getByRole('heading', { name: 'No vote is open' }),
    ).toBeVisible();
    await expect(between.getByLabel('Result')).toBeVisible();
    await expect(finalTally).toContainText('Thick bar: votes (one a unit)');
    await expect(finalTally).toContainText('Thin bar: shares');
    await expect(screen.getByLabel('Quorum')).toContainText('Quorum');
    await keepScreenshot(screen, 'screen-between-votes');
    await expectNoAxeViolations(screen, 'the screen between votes');
    await expectNoAxeViolations(chair, 'the control room after the close');
    await expectNoAxeViolations(anaPage, 'the portal after the close');
    // the close, or the result that followed it, was the last thing announced
    await expect(anaPage.locator('[data-announcer="votes"]')).toHaveText(
      new RegExp(`Voting has closed on ${MATTER}|${MATTER}: `),
    );
    expect(ballotNotFound).toEqual([]);

    await Promise.all(
      [chairContext, screenContext, anaContext, benContext].map((c) =>
        c.close(),
      ),
    );
  });
});

/** Chooses one option, reviews, confirms and waits for the receipt. */
async function vote(page: Page, matter: string, option: string): Promise<void> {
  const card = page.getByRole('article', { name: matter });
  await card.getByLabel(option, { exact: true }).check();
  await card.getByRole('button', { name: 'Review my vote' }).click();
  await expect(card.getByText(`You chose: ${option}`)).toBeVisible();
  await card.getByRole('button', { name: 'Confirm my vote' }).click();
  await expect(
    card.getByRole('status').filter({ hasText: 'Your vote is recorded' }),
  ).toContainText(option);
}
