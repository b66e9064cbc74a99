import { expect, test } from '@playwright/test';
import { chairToken, postAsChair } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { keepScreenshot, signInAsChair } from './support/helpers';

test.use({
  baseURL: e2eContext().baseUrl,
  viewport: { width: 1280, height: 900 },
});

test.describe('Test voters', () => {
  test('a manager adds a test voter, marks another, and the stats tell them apart', async ({
    page,
    request,
  }) => {
    const { demo } = e2eContext();
    const token = await chairToken(request);
    const meeting = await postAsChair<{ shortCode: string }>(
      request,
      token,
      `/v1/Accounts/${demo.accountKey}/meetings`,
      {
        name: 'Rehearsal AGM',
        type: 'agm',
        meetingDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      },
    );
    const path = `/v1/Meetings/${meeting.shortCode}`;
    const member = await postAsChair<{ key: string }>(
      request,
      token,
      `${path}/members`,
      { unit: '301' },
    );
    await postAsChair(request, token, `${path}/members/${member.key}/voters`, {
      name: 'Olga Owner',
      email: 'olga@example.org',
    });

    await signInAsChair(page);
    await page.goto(`/meetings/${meeting.shortCode}/members`);
    const table = page.getByRole('table', { name: 'Members and their voters' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('Test voter', { exact: true })).toHaveCount(0);

    // a new unit whose voter is the chair, rehearsing
    const add = page.getByRole('form', { name: 'Add a member' });
    await add.getByLabel('Unit').fill('999');
    await add.getByLabel('Voter name').fill('Chair rehearsing');
    await add.getByLabel('Voter e-mail').fill('rehearsal@example.org');
    await add.getByRole('checkbox', { name: /Test voter/ }).check();
    await expectNoAxeViolations(page, 'the add form with a test voter');
    await add.getByRole('button', { name: 'Add member' }).click();
    const rehearsal = table.getByRole('row', { name: /^999/ });
    await expect(rehearsal).toBeVisible();
    await expect(
      rehearsal.getByText('Test voter', { exact: true }),
    ).toBeVisible();
    await expect(
      table.getByRole('row', { name: /^301/ }).getByText('Test voter', {
        exact: true,
      }),
    ).toHaveCount(0);

    // an existing voter marked as a test voter in the voter form
    await page.getByRole('button', { name: 'Edit unit 301' }).click();
    const voterForm = page.getByRole('form', { name: 'Voter Olga Owner' });
    const box = voterForm.getByRole('checkbox', { name: /Test voter/ });
    await expect(box).not.toBeChecked();
    await box.check();
    await expectNoAxeViolations(page, 'the voter form with its test box');
    await voterForm
      .getByRole('button', { name: 'Save voter Olga Owner' })
      .click();
    await expect(voterForm.getByText('Voter saved.')).toBeVisible();
    await expect(
      table.getByRole('row', { name: /^301/ }).getByText('Test voter', {
        exact: true,
      }),
    ).toBeVisible();
    await keepScreenshot(page, 'members-test-voters', { fullPage: true });
    await expectNoAxeViolations(page, 'the members tab with test voters');

    // at a glance: neither counts among the voters, both among the test voters
    await page.goto(`/meetings/${meeting.shortCode}`);
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByText('2 test voters, 0 voted')).toBeVisible();
    const voters = glance
      .locator('div')
      .filter({ has: page.getByText('Voters', { exact: true }) });
    await expect(voters.getByRole('definition')).toHaveText('0');
    await expectNoAxeViolations(page, 'the details tab with test voters');
  });
});
