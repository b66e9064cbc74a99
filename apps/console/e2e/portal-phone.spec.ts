import { devices, expect, test } from '@playwright/test';
import { chairToken, postAsChair } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { fitsWidth, keepScreenshot } from './support/helpers';

test.use({ ...devices['Pixel 7'], baseURL: e2eContext().baseUrl });

const ELECTION = 'Elect two directors';
const CANDIDATES = ['Grace Lee', 'Hugo Rossi', 'Irene Walsh', 'Jamal Carter'];

test.describe('Voter portal on a phone', () => {
  test('joins with a control number and casts an early ballot of up to two choices', async ({
    page,
    request,
  }) => {
    const { demo } = e2eContext();
    const voter = demo.voters[2];
    if (!voter) throw new Error('the demo seed has fewer than three voters');
    // a meeting of its own ahead of its date, so no vote opened by another test ends its
    // early voting (once a vote has been opened, the portal offers live voting only)
    const token = await chairToken(request);
    const meeting = await postAsChair<{ shortCode: string }>(
      request,
      token,
      `/v1/Accounts/${demo.accountKey}/meetings`,
      {
        name: 'Harbour Lofts AGM',
        type: 'agm',
        meetingDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      },
    );
    const path = `/v1/Meetings/${meeting.shortCode}`;
    await postAsChair(request, token, `${path}/matters`, {
      name: ELECTION,
      options: CANDIDATES,
      choices: 2,
    });
    await postAsChair(request, token, `${path}/members`, {
      unit: voter.unit,
      controlNumber: voter.controlNumber,
    });

    await page.goto(`/vote/${meeting.shortCode}`);
    // the way in says which meeting it is
    await expect(
      page.getByRole('heading', { level: 1, name: 'Harbour Lofts AGM' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the portal’s way in');
    const entry = page.getByRole('form', {
      name: 'Join with your control number',
    });
    await entry.getByLabel('Control number').fill('000000000000');
    await entry.getByLabel('Your name').fill(voter.name);
    await entry.getByLabel('Your e-mail').fill(voter.email);
    await entry.getByRole('button', { name: 'Join the meeting' }).click();
    await expect(entry.getByRole('alert')).toBeVisible();
    await keepScreenshot(page, 'portal-phone-entry');
    await expectNoAxeViolations(page, 'the portal’s way in with its error');

    await entry.getByLabel('Control number').fill(voter.controlNumber);
    await entry.getByRole('button', { name: 'Join the meeting' }).click();
    await expect(
      page.getByText(`${voter.name}, unit ${voter.unit}`),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Early voting' }),
    ).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, 'the portal with early voting');

    const card = page.getByRole('article', { name: ELECTION });
    const boxes = card.getByRole('checkbox');
    await expect(boxes).toHaveCount(4);
    await card.getByLabel('Hugo Rossi').check();
    await card.getByLabel('Grace Lee').check();
    // the limit is reached: the other candidates cannot be ticked
    await expect(card.getByLabel('Irene Walsh')).toBeDisabled();
    await expect(card.getByLabel('Jamal Carter')).toBeDisabled();
    await expect(card.getByText('2 of 2 chosen')).toBeVisible();

    // keyboard only: review, confirm
    await card.getByRole('button', { name: 'Review my vote' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      card.getByText('You chose: Grace Lee, Hugo Rossi'),
    ).toBeVisible();
    await expect(
      card.getByRole('button', { name: 'Confirm my vote' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const receipt = card
      .getByRole('status')
      .filter({ hasText: 'Your early vote is recorded' });
    await expect(receipt).toContainText('Grace Lee, Hugo Rossi');
    await expect(receipt.getByRole('heading')).toBeFocused();
    expect(await fitsWidth(page)).toBe(true);
    await keepScreenshot(page, 'portal-phone-early');
    await expectNoAxeViolations(page, 'the portal with an early receipt');

    // the receipt survives a reload (the session is kept for this tab)
    await page.reload();
    await expect(
      page
        .getByRole('article', { name: ELECTION })
        .getByRole('status')
        .filter({ hasText: 'Your early vote is recorded' }),
    ).toBeVisible();
  });
});
