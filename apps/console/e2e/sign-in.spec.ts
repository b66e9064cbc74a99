import { expect, test } from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { keepScreenshot } from './support/helpers';

test.use({ baseURL: e2eContext().baseUrl });

test.describe('Sign-in', () => {
  test('refuses a wrong password with a message and stays on the form', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin/);
    await keepScreenshot(page, 'sign-in');
    await expectNoAxeViolations(page, 'the sign-in form');

    await page.getByLabel('E-mail').fill(e2eContext().demo.signIn.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert')).toContainText(/not correct/i);
    await expect(page).toHaveURL(/\/signin/);
    await expectNoAxeViolations(page, 'the sign-in form with its error');
    await expect(page.getByRole('heading', { name: 'Accounts' })).toHaveCount(
      0,
    );
  });

  test('keeps the chair signed in across a reload and back to a deep link', async ({
    page,
  }) => {
    const { demo } = e2eContext();
    await page.goto(`/meetings/${demo.meeting.shortCode}/matters`);
    await expect(page).toHaveURL(/\/signin\?next=/);
    await page.getByLabel('E-mail').fill(demo.signIn.username);
    await page.getByLabel('Password').fill(demo.signIn.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/meetings/${demo.meeting.shortCode}/matters$`),
    );
    await expect(page.getByRole('list', { name: 'Matters' })).toBeVisible();

    // the refresh token survives a reload of the tab; the access token is fetched again
    await page.reload();
    await expect(page.getByRole('list', { name: 'Matters' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/signin/);
    await expectNoAxeViolations(page, 'the matters tab');
  });
});
