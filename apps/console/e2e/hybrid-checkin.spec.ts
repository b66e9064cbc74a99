import { readFile } from 'node:fs/promises';
import {
  devices,
  expect,
  test,
  type Browser,
  type BrowserContext,
} from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { fitsWidth, keepScreenshot, signInAsChair } from './support/helpers';

const { baseUrl } = e2eContext();
const NOTICE = 'notice-of-meeting.txt';
const NOTICE_TEXT = 'Notice of the AGM: party room, doors open at 18:30.\n';

test.describe('Hybrid meeting', () => {
  const contexts: BrowserContext[] = [];
  // the phones' sockets would count as connected voters in the specs that follow
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  test('a voter answers the RSVP and downloads a document on a phone; the registrar checks them in by code and every desk counts it live', async ({
    browser,
  }) => {
    const { demo } = e2eContext();
    // unit 109 is represented by a verified proxy already: the quorum stays as it was
    const voter = demo.voters.find((v) => v.unit === '109');
    if (!voter) throw new Error('the demo seed has no unit 109');
    const phone = { ...devices['Pixel 7'], baseURL: baseUrl };

    // the manager puts the notice of meeting in the meeting's documents
    const open = async (options: Parameters<Browser['newContext']>[0]) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    };
    const manager = await open({ baseURL: baseUrl });
    await signInAsChair(manager);
    await manager.goto(`/meetings/${demo.meeting.shortCode}/documents`);
    await manager.getByLabel('File', { exact: true }).setInputFiles({
      name: NOTICE,
      mimeType: 'text/plain',
      buffer: Buffer.from(NOTICE_TEXT),
    });
    await manager.getByRole('button', { name: 'Upload' }).click();
    await expect(
      manager.getByRole('list', { name: 'Documents' }),
    ).toContainText(NOTICE);
    await expectNoAxeViolations(manager, 'the documents page');

    // the owner, on a phone: will attend in person, reads the notice, shows the code
    const owner = await open(phone);
    await owner.goto(voter.portalUrl);
    await expect(
      owner.getByText(`${voter.name}, unit ${voter.unit}`),
    ).toBeVisible();
    const rsvp = owner.getByRole('radiogroup', { name: 'Will you attend?' });
    await rsvp.getByRole('radio', { name: 'In person' }).click();
    await expect(
      rsvp.getByRole('radio', { name: 'In person' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(owner.getByText('Your answer: in person.')).toBeVisible();
    await expectNoAxeViolations(owner, 'the portal on a phone, RSVP answered');

    const documents = owner.getByRole('list', { name: 'Meeting documents' });
    const downloading = owner.waitForEvent('download');
    await documents.getByRole('button', { name: `Download ${NOTICE}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(NOTICE);
    expect(await readFile(await download.path(), 'utf8')).toBe(NOTICE_TEXT);

    await owner.getByRole('button', { name: 'Show my check-in code' }).click();
    await expect(
      owner.getByRole('img', { name: 'Check-in QR code' }),
    ).toBeVisible();
    const code = (await owner.locator('.check-in-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    expect(await fitsWidth(owner)).toBe(true);
    await expectNoAxeViolations(owner, 'the portal showing the check-in code');

    // a second desk, on the office computer, watches the count
    await manager.goto(`/meetings/${demo.meeting.shortCode}/live`);
    await manager.getByRole('link', { name: 'Check-in desk' }).click();
    const officeCount = manager.getByRole('region', { name: 'In the room' });
    await expect(officeCount).toContainText('2 voters checked in');
    await expectNoAxeViolations(manager, 'the check-in desk');

    // the registrar at the door, on a phone
    const registrar = await open(phone);
    await signInAsChair(registrar);
    await registrar.goto(`/meetings/${demo.meeting.shortCode}/check-in`);
    const count = registrar.getByRole('region', { name: 'In the room' });
    await expect(count).toContainText('2 voters checked in');

    // a code that is not one of this meeting's is refused in plain words
    const box = registrar.getByLabel('Check-in code');
    await box.fill('HELLO-1234');
    await registrar
      .getByRole('button', { name: 'Check in', exact: true })
      .click();
    await expect(registrar.getByRole('alert')).toContainText(
      'This is not a check-in code of this meeting.',
    );
    await expectNoAxeViolations(registrar, 'the check-in desk, code refused');

    await box.fill(code.toLowerCase());
    await registrar
      .getByRole('button', { name: 'Check in', exact: true })
      .click();
    await expect(
      registrar.getByText(`Checked in: ${voter.name}, unit ${voter.unit}.`),
    ).toBeVisible();
    await expect(count).toContainText('3 voters checked in');
    await expect(
      registrar.getByRole('list', { name: 'Checked in' }),
    ).toContainText(`Unit ${voter.unit}: ${voter.name}`);
    expect(await fitsWidth(registrar)).toBe(true);
    await keepScreenshot(registrar, 'check-in-desk', { fullPage: true });
    await expectNoAxeViolations(
      registrar,
      'the check-in desk on a phone, one checked in',
    );

    // the other desk saw it without a reload
    await expect(officeCount).toContainText('3 voters checked in');

    // the owner's phone says so too, once asked again
    await owner.reload();
    await owner.getByRole('button', { name: 'Show my check-in code' }).click();
    await expect(owner.getByText('You are checked in.')).toBeVisible();
    await expectNoAxeViolations(owner, 'the portal, checked in');

    // checked out again: the demo is left as it was found
    await registrar
      .getByRole('list', { name: 'Checked in' })
      .getByRole('button', {
        name: `Check out ${voter.name}, unit ${voter.unit}`,
      })
      .click();
    await expect(count).toContainText('2 voters checked in');
    await expect(officeCount).toContainText('2 voters checked in');
  });
});
