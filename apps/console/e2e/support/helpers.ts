import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eContext } from './context';

const screenshots = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../docs/screenshots',
);

/** Where a picture named `name` is kept (docs/screenshots), for an element's own screenshot. */
export function screenshotPath(name: string): string {
  mkdirSync(screenshots, { recursive: true });
  return join(screenshots, `${name}.png`);
}

/** Keeps a picture of a main page for the README (docs/screenshots). */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage });
}

/** Signs the demo chair in through the form and waits for the account list. */
export async function signInAsChair(page: Page): Promise<void> {
  await signInAs(page, e2eContext().demo.signIn);
}

/** Signs a manager in through the form and waits for the account list. */
export async function signInAs(
  page: Page,
  user: { username: string; password: string },
): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
}

/** The whole seconds a countdown shows (its data-seconds attribute). */
export async function secondsOn(countdown: Locator): Promise<number> {
  return Number(await countdown.getAttribute('data-seconds'));
}

/** True when the page fits its viewport's width (no sideways scrolling on a phone). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= window.innerWidth,
  );
}
