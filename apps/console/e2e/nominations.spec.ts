import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { signInAsChair } from './support/helpers';

const STATEMENT =
  'Twelve years on the board.\nI will keep the reserve fund whole and the fees steady.';

/**
 * A meeting of its own in the demo account, a day ahead (early voting open), taking
 * nominations for the next hour; one unit. Answers a way to move the nomination deadline.
 */
async function nominationsMeeting(request: APIRequestContext) {
  const { baseUrl, demo } = e2eContext();
  const signIn = await request.post(`${baseUrl}/auth/token`, {
    data: { username: demo.signIn.username, password: demo.signIn.password },
  });
  expect(signIn.status()).toBe(200);
  const token = ((await signIn.json()) as { access_token: string })
    .access_token;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(
    `${baseUrl}/v1/Accounts/${demo.accountKey}/meetings`,
    {
      data: {
        name: 'Harbour co-op AGM',
        type: 'agm',
        meetingDate: new Date(Date.now() + 86_400_000).toISOString(),
        duration: 120,
      },
      headers,
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const { shortCode } = (await created.json()) as { shortCode: string };
  const base = `${baseUrl}/v1/Meetings/${shortCode}`;
  const setDeadline = async (at: Date) => {
    const response = await request.patch(base, {
      data: { nominationExpiryDate: at.toISOString() },
      headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await setDeadline(new Date(Date.now() + 3_600_000));
  const member = await request.post(`${base}/members`, {
    data: { unit: '301', controlNumber: 'HARBOUR-301' },
    headers,
  });
  expect(member.status(), await member.text()).toBe(201);
  return { shortCode, setDeadline };
}

test.describe('Nominations', () => {
  test('an owner nominates, the manager accepts and builds the election, and the statements reach the ballot', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl } = e2eContext();
    const { shortCode, setDeadline } = await nominationsMeeting(request);
    const voterContext = await browser.newContext({ baseURL: baseUrl });
    const managerContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const voter = await voterContext.newPage();
    const manager = await managerContext.newPage();

    // the owner of unit 301 joins and nominates two candidates
    await voter.goto(`/vote/${shortCode}`);
    const entry = voter.getByRole('form', {
      name: 'Join with your control number',
    });
    await entry.getByLabel('Control number').fill('HARBOUR-301');
    await entry.getByLabel('Your name').fill('Nora Quinn');
    await entry.getByLabel('Your e-mail').fill('nora@example.org');
    await entry.getByRole('button', { name: 'Join the meeting' }).click();
    const nominate = voter.getByRole('region', {
      name: 'Nominate a candidate',
    });
    await expect(nominate).toBeVisible();
    await nominate.getByLabel('Candidate’s name').fill('Grace Lee');
    await nominate.getByLabel('Candidate’s statement').fill(STATEMENT);
    await expect(
      nominate.getByText(`${STATEMENT.length} / 2,000 characters`),
    ).toBeVisible();
    await nominate
      .getByLabel('Candidate’s e-mail (optional)')
      .fill('grace@example.org');
    await nominate
      .getByLabel('The candidate has agreed to stand for election.')
      .check();
    await expectNoAxeViolations(voter, 'the portal with the nomination form');
    await nominate.getByRole('button', { name: 'Send the nomination' }).click();
    await expect(nominate.getByRole('status')).toHaveText(
      'Your nomination of Grace Lee was sent to the organizers.',
    );
    await nominate.getByLabel('Candidate’s name').fill('Hugo Rossi');
    await nominate
      .getByLabel('Candidate’s statement')
      .fill('Treasurer of the sailing club.');
    await nominate
      .getByLabel('The candidate has agreed to stand for election.')
      .check();
    await nominate.getByRole('button', { name: 'Send the nomination' }).click();
    const yours = nominate.getByRole('list', { name: 'Your nominations' });
    await expect(yours.getByText('Hugo Rossi · Awaiting review')).toBeVisible();
    await expect(yours.getByText('Grace Lee · Awaiting review')).toBeVisible();

    // the manager reviews: accepts Grace, rejects Hugo with a reason
    await signInAsChair(manager);
    await manager.goto(`/meetings/${shortCode}/nominations`);
    const list = manager.getByRole('list', { name: 'Nominations' });
    await expect(list.getByText('Grace Lee')).toBeVisible();
    await expect(
      manager.getByText(/Members nominate candidates in the portal until/),
    ).toBeVisible();
    await expectNoAxeViolations(manager, 'the nominations to review');
    await manager
      .getByRole('button', { name: 'Accept the nomination of Grace Lee' })
      .click();
    await manager
      .getByRole('button', { name: 'Reject the nomination of Hugo Rossi' })
      .click();
    await manager
      .getByLabel('Reason for rejecting Hugo Rossi')
      .fill('Not an owner of the co-op.');
    await manager
      .getByRole('button', { name: 'Reject the nomination' })
      .click();
    // both decided: none left to review
    await expect(manager.getByText('No nominations here.')).toBeVisible();

    // nominations close; the election is built from the accepted one
    await setDeadline(new Date(Date.now() - 60_000));
    await manager.reload();
    await expect(manager.getByText(/Nominations closed/)).toBeVisible();
    const election = manager.getByRole('region', {
      name: 'Create the election from accepted nominations',
    });
    await election.getByLabel('Election name').fill('Elect the treasurer');
    await election.getByLabel('Seats to fill').fill('1');
    await expectNoAxeViolations(manager, 'the election from nominations');
    await election.getByRole('button', { name: 'Create the election' }).click();
    await expect(election.getByRole('status')).toHaveText(
      'The election “Elect the treasurer” was created with 1 candidate.',
    );

    // the owner sees the outcome and, on the early ballot, the candidate's statement
    await voter.reload();
    await expect(
      voter.getByRole('list', { name: 'Your nominations' }),
    ).toContainText('Grace Lee · Accepted');
    await expect(
      voter.getByRole('list', { name: 'Your nominations' }),
    ).toContainText('Not an owner of the co-op.');
    const ballot = voter.getByRole('article', { name: 'Elect the treasurer' });
    const statements = ballot.getByRole('region', {
      name: 'The candidates’ statements',
    });
    await expect(statements).toBeVisible();
    const summary = statements.getByText('Grace Lee', { exact: true });
    await expect(statements.getByText(/reserve fund whole/)).toBeHidden();
    // by keyboard: the disclosure opens with Enter
    await summary.focus();
    await voter.keyboard.press('Enter');
    await expect(statements.getByText(/reserve fund whole/)).toBeVisible();
    await expectNoAxeViolations(voter, 'the early ballot with statements');

    await voterContext.close();
    await managerContext.close();
  });
});
