import {
  devices,
  expect,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { chairToken } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { fitsWidth, keepScreenshot, signInAsChair } from './support/helpers';

const RANKED = 'Elect the chair of the board';
const CUMULATIVE = 'Elect three directors';
const CANDIDATES = ['Grace Lee', 'Hugo Rossi', 'Irene Walsh', 'Jamal Carter'];
/** Unit, control number and shares: the phone votes for 501; the others by the API. */
const UNITS = [
  { unit: '501', shares: 30 },
  { unit: '502', shares: 20 },
  { unit: '503', shares: 10 },
];
const controlNumber = (unit: string) => `ELECT-${unit}`;

/**
 * A meeting of its own (the other specs count the demo meeting's matters and votes): three
 * units of 30, 20 and 10 shares; a ranked election for one seat and a cumulative election
 * for three, both open ballots.
 */
async function electionMeeting(request: APIRequestContext) {
  const { baseUrl, demo } = e2eContext();
  const headers = { authorization: `Bearer ${await chairToken(request)}` };
  const send = async <T>(
    path: string,
    data: object,
    auth: Record<string, string> = headers,
  ): Promise<T> => {
    const response = await request.post(`${baseUrl}${path}`, {
      data,
      headers: auth,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  const meeting = await send<{ shortCode: string }>(
    `/v1/Accounts/${demo.accountKey}/meetings`,
    {
      name: 'Maple Court Co-op — board elections',
      type: 'agm',
      meetingDate: new Date(Date.now() + 10 * 60_000).toISOString(),
      duration: 120,
    },
  );
  const code = meeting.shortCode;
  const base = `/v1/Meetings/${code}`;
  for (const { unit, shares } of UNITS)
    await send(`${base}/members`, {
      unit,
      controlNumber: controlNumber(unit),
      shares,
    });
  const matters: Record<string, string> = {};
  for (const [name, votingMethod, choices] of [
    [RANKED, 'ranked', 1],
    [CUMULATIVE, 'cumulative', 3],
  ] as const)
    matters[name] = (
      await send<{ key: string }>(`${base}/matters`, {
        name,
        options: CANDIDATES,
        choices,
        votingMethod,
        secretBallot: false,
      })
    ).key;
  const action = (name: string, action: 'start' | 'stop') =>
    send(`${base}/matters/${matters[name]}/action`, {
      action,
      ...(action === 'start' ? { duration: 900, overrideQuorum: true } : {}),
    });
  /** Other owners vote through the portal's API (each signs in once). */
  const tokens = new Map<string, string>();
  const others = async (name: string, bodies: object[]) => {
    for (const [index, body] of bodies.entries()) {
      const unit = UNITS[index + 1]!.unit;
      const session = tokens.has(unit)
        ? { voterToken: tokens.get(unit)! }
        : await send<{ voterToken: string }>(
            `/portal/v1/Meetings/${code}/register`,
            {
              controlNumber: controlNumber(unit),
              name: `Owner ${unit}`,
              email: `owner-${unit}@example.org`,
            },
            {},
          );
      tokens.set(unit, session.voterToken);
      await send(
        `/portal/v1/Meetings/${code}/matters/${matters[name]}/ballots`,
        body,
        {
          authorization: `Bearer ${session.voterToken}`,
          'idempotency-key': `elections-${name.length}-${unit}`,
        },
      );
    }
  };
  return { code, action, others };
}

test.describe('Board elections', () => {
  test('a voter on a phone casts a ranked and a cumulative ballot; the chair sees each verdict and breaks a tie', async ({
    browser,
    request,
  }) => {
    const { code, action, others } = await electionMeeting(request);
    const phoneContext = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: e2eContext().baseUrl,
    });
    const chairContext = await browser.newContext({
      baseURL: e2eContext().baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const phone = await phoneContext.newPage();
    const chair = await chairContext.newPage();

    // the owner of unit 501 joins on a phone
    await phone.goto(`/vote/${code}`);
    const entry = phone.getByRole('form', {
      name: 'Join with your control number',
    });
    await entry.getByLabel('Control number').fill(controlNumber('501'));
    await entry.getByLabel('Your name').fill('Nadia Haddad');
    await entry.getByLabel('Your e-mail').fill('nadia@example.org');
    await entry.getByRole('button', { name: 'Join the meeting' }).click();
    await expect(phone.getByText('Nadia Haddad, unit 501')).toBeVisible();

    // ---- the ranked election: tap in order, reorder, confirm ----
    await action(RANKED, 'start');
    const ranked = phone.getByRole('article', { name: RANKED });
    await expect(ranked.getByText(/Tap the candidates/)).toBeVisible();
    await ranked
      .getByRole('button', { name: 'Irene Walsh, not ranked' })
      .click();
    await ranked.getByRole('button', { name: 'Grace Lee, not ranked' }).click();
    await expect(ranked.getByRole('status').first()).toContainText(
      'Grace Lee ranked 2',
    );
    await ranked.getByRole('button', { name: 'Move Grace Lee up' }).click();
    await expect(
      ranked.getByRole('button', { name: 'Grace Lee, ranked 1' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(await fitsWidth(phone)).toBe(true);
    await keepScreenshot(phone, 'elections-phone-ranked');
    await expectNoAxeViolations(phone, 'the portal with a ranked ballot');
    await ranked.getByRole('button', { name: 'Review my vote' }).click();
    await expect(
      ranked.getByText('You chose: 1. Grace Lee, 2. Irene Walsh'),
    ).toBeVisible();
    await ranked.getByRole('button', { name: 'Confirm my vote' }).click();
    await expect(
      ranked.getByRole('status').filter({ hasText: 'Your vote is recorded' }),
    ).toContainText('1. Grace Lee, 2. Irene Walsh');

    // 502 (20 shares) ranks Hugo then Irene; 503 (10 shares) only Irene
    await others(RANKED, [
      { ranking: ['Hugo Rossi', 'Irene Walsh'] },
      { ranking: ['Irene Walsh'] },
    ]);
    await action(RANKED, 'stop');

    // the chair's control room: elected by ranked count, with its rounds
    await signInAsChair(chair);
    await chair.goto(`/meetings/${code}/live`);
    const queue = chair.getByRole('list', { name: 'Matters' });
    await queue.getByRole('button', { name: new RegExp(RANKED) }).click();
    const rankedDesk = chair.getByRole('region', { name: RANKED });
    const rankedResult = rankedDesk.getByRole('region', { name: 'Result' });
    await expect(rankedResult).toHaveAttribute('data-verdict', 'elected');
    await expect(rankedResult).toContainText(
      /Elected by ranked count \(\d+ rounds?\)/,
    );
    await expect(rankedResult).toContainText('Grace Lee');
    await expect(rankedResult).not.toContainText('To pass');
    await expect(
      rankedResult.getByRole('table', { name: 'Rounds of the count' }),
    ).toBeVisible();
    await expectNoAxeViolations(chair, 'the control room, a ranked result');
    await keepScreenshot(chair, 'elections-ranked-result');

    // ---- the cumulative election: three votes placed with steppers ----
    await action(CUMULATIVE, 'start');
    const cumulative = phone.getByRole('article', { name: CUMULATIVE });
    await expect(
      cumulative.getByText('3 of 3 votes left', { exact: true }),
    ).toBeVisible();
    const more = (name: string) =>
      cumulative.getByRole('button', { name: `One vote more for ${name}` });
    await more('Hugo Rossi').click();
    await more('Hugo Rossi').click();
    await more('Grace Lee').click();
    await expect(
      cumulative.getByText('0 of 3 votes left', { exact: true }),
    ).toBeVisible();
    await expect(more('Irene Walsh')).toHaveAttribute('aria-disabled', 'true');
    // a tap on a stepper at its limit does nothing (it stays focusable: aria-disabled)
    await more('Irene Walsh').click({ force: true });
    await expect(
      cumulative.getByText('0 of 3 votes left', { exact: true }),
    ).toBeVisible();
    expect(await fitsWidth(phone)).toBe(true);
    await keepScreenshot(phone, 'elections-phone-cumulative');
    await expectNoAxeViolations(phone, 'the portal with a cumulative ballot');
    await cumulative.getByRole('button', { name: 'Review my vote' }).click();
    await expect(
      cumulative.getByText('You chose: Grace Lee: 1, Hugo Rossi: 2'),
    ).toBeVisible();
    await cumulative.getByRole('button', { name: 'Confirm my vote' }).click();
    await expect(
      cumulative
        .getByRole('status')
        .filter({ hasText: 'Your vote is recorded' }),
    ).toContainText('Grace Lee: 1, Hugo Rossi: 2');

    // by shares: Hugo 60, Irene 60, Grace 30 and Jamal 30 tied for the last seat
    await others(CUMULATIVE, [
      { allocations: [{ option: 'Irene Walsh', votes: 3 }] },
      { allocations: [{ option: 'Jamal Carter', votes: 3 }] },
    ]);
    await action(CUMULATIVE, 'stop');

    await queue.getByRole('button', { name: new RegExp(CUMULATIVE) }).click();
    const desk = chair.getByRole('region', { name: CUMULATIVE });
    const result = desk.getByRole('region', { name: 'Result' });
    await expect(result).toHaveAttribute('data-verdict', 'tied');
    await expect(result).toContainText(
      'Tied for the last seat: Grace Lee, Jamal Carter',
    );
    await expect(result).not.toContainText('To pass');
    const hugo = result.locator('tr[data-option="Hugo Rossi"]');
    await expect(hugo).toHaveAttribute('data-percent', '33.333333');
    const tieBreak = result.getByRole('form', {
      name: 'Record the tie break',
    });
    await expectNoAxeViolations(chair, 'the control room, a tied election');
    await tieBreak.getByRole('radio', { name: 'Jamal Carter' }).check();
    await tieBreak.getByLabel('Decided').selectOption('lot');
    await tieBreak
      .getByLabel('Note for the minutes (optional)')
      .fill('Drawn by the scrutineer in front of the meeting.');
    await tieBreak.getByRole('button', { name: 'Record the decision' }).click();
    await expect(result).toContainText(/Jamal Carter elected by lot/);
    await expect(tieBreak).toHaveCount(0);
    await keepScreenshot(chair, 'elections-tie-break');

    await Promise.all([phoneContext.close(), chairContext.close()]);
  });
});
