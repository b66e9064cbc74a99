import { expect, test } from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { keepScreenshot, signInAsChair } from './support/helpers';

test.use({
  baseURL: e2eContext().baseUrl,
  viewport: { width: 1280, height: 900 },
});

const BAD_CSV = `unit,shares,voterName,voterEmail
201,1,Gia Tran,gia@example.org
202,lots,Hal Berg,hal@example.org
203,1,Ivy Chen,not-an-email
`;

const GOOD_CSV = `unit,shares,tags,voterName,voterEmail
201,1,owners,Gia Tran,gia@example.org
202,2.5,owners,Hal Berg,hal@example.org
202,2.5,owners,Hana Berg,hana@example.org
203,1,,Ivy Chen,ivy@example.org
`;

function csv(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

test.describe('Meeting set-up', () => {
  test('creates a meeting and imports members from CSV, showing the bad lines first', async ({
    page,
  }) => {
    // the browser's own confirm() must never appear: every confirmation is in the page
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAsChair(page);
    await expectNoAxeViolations(page, 'the account picker');
    await page.getByRole('link', { name: /Harbourview Condominium/ }).click();
    await expectNoAxeViolations(page, 'the meeting picker');
    const create = page.getByRole('form', { name: 'New meeting' });
    await create.getByLabel('Name', { exact: true }).fill('E2E town hall');
    await create.getByLabel('Type').selectOption('town');
    await create.getByLabel(/Date and time/).fill('2027-03-01T19:00');
    await create.getByRole('button', { name: 'Create meeting' }).click();
    await expect(page).toHaveURL(/\/meetings\/[a-z0-9]+$/);
    await expect(
      page.getByRole('heading', { name: 'Meeting details' }),
    ).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(
      'E2E town hall',
    );

    // details are saved with PATCH and stay after a reload
    await page.getByLabel('Location').fill('Community centre, hall B');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Details saved.' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue(
      'Community centre, hall B',
    );
    await keepScreenshot(page, 'meeting-details');
    await expectNoAxeViolations(page, 'the details tab');
    // the breadcrumb leads back through the account, not only to the list of accounts
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(
      crumbs.getByRole('link', { name: /Harbourview Condominium/ }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Members and voters' }).click();
    await expect(page.getByText('No members yet.')).toBeVisible();
    const importer = page.getByRole('form', { name: 'Import from a CSV file' });
    await importer
      .getByLabel('CSV file')
      .setInputFiles(csv('bad.csv', BAD_CSV));
    await importer.getByRole('button', { name: 'Import', exact: true }).click();

    const problems = importer.getByRole('list', {
      name: 'Problems in the file',
    });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole('listitem')).toHaveCount(2);
    await expect(problems.getByRole('listitem').nth(0)).toHaveText(
      /^Line 3: .*shares/,
    );
    await expect(problems.getByRole('listitem').nth(1)).toHaveText(
      /^Line 4: .*(e-?mail|voterEmail)/i,
    );
    await expect(page.getByText('No members yet.')).toBeVisible();
    await keepScreenshot(page, 'members-import-errors');
    await expectNoAxeViolations(page, 'the members tab with import errors');

    await importer
      .getByLabel('CSV file')
      .setInputFiles(csv('good.csv', GOOD_CSV));
    await importer.getByRole('button', { name: 'Check the file' }).click();
    await expect(importer.getByRole('status')).toHaveText(
      'The file is fine: it would import 3 members and 4 voters.',
    );
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(importer.getByRole('status')).toHaveText(
      'Imported 3 members and 4 voters.',
    );

    const table = page.getByRole('table', { name: 'Members and their voters' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(page.getByText('Page 1 of 1 · 3 members')).toBeVisible();
    await page.getByRole('searchbox', { name: /Search by unit/ }).fill('hana');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('rowheader')).toHaveText('202');
    await page.getByRole('searchbox', { name: /Search by unit/ }).fill('');
    await expect(table.getByRole('row')).toHaveCount(4);

    await page.getByRole('button', { name: 'Send invite to Gia Tran' }).click();
    await expect(
      page.getByText('Invitation sent to gia@example.org.'),
    ).toBeVisible();
    await page
      .getByRole('button', { name: 'Invite everyone not invited' })
      .click();
    await expect(page.getByText(/Sent 3 invitations; 1 skipped/)).toBeVisible();
    await expect(table.getByText('Not invited')).toHaveCount(0);
    await keepScreenshot(page, 'members', { fullPage: true });
    await expectNoAxeViolations(page, 'the members tab');

    // a member is edited in the console
    await page.getByRole('button', { name: 'Edit unit 203' }).click();
    const editor = page.getByRole('form', { name: 'Unit 203' });
    await expect(
      page.getByRole('heading', { name: 'Edit unit 203' }),
    ).toBeFocused();
    await editor.getByLabel('Shares').fill('3.5');
    await expectNoAxeViolations(page, 'editing a member');
    await editor.getByRole('button', { name: 'Save unit' }).click();
    await expect(table.getByRole('row', { name: /^203/ })).toContainText('3.5');
    const voterForm = page.getByRole('form', { name: 'Voter Ivy Chen' });
    await page.getByRole('button', { name: 'Edit unit 203' }).click();
    await voterForm.getByLabel('Name').fill('Ivy Chen-Moreau');
    await voterForm
      .getByRole('button', { name: 'Save voter Ivy Chen' })
      .click();
    await expect(table).toContainText('Ivy Chen-Moreau');

    // the personal link, as a QR code for the owner's phone
    await page.getByRole('button', { name: 'Link / QR of Gia Tran' }).click();
    const personal = page.getByRole('region', {
      name: /Personal link of Gia Tran/,
    });
    await expect(
      personal.getByRole('img', {
        name: 'QR code of the personal link of Gia Tran',
      }),
    ).toBeVisible();
    await expect(personal.getByLabel('Personal link')).toHaveValue(
      /\/vote\/[a-z0-9]+\?invite=/,
    );
    await keepScreenshot(page, 'member-personal-link', { fullPage: true });
    await expectNoAxeViolations(page, 'a voter’s personal link');
    await personal.getByRole('button', { name: 'Close' }).click();

    // deleting asks in the page, with the safe choice focused
    await page.getByRole('button', { name: 'Delete unit 203…' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete unit 203?' });
    await expect(ask.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expectNoAxeViolations(page, 'confirming a delete');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('row')).toHaveCount(3);
    expect(browserDialogs).toEqual([]);

    // a matter that closes when all have voted, a paper ballot for it, a webcast
    await page.getByRole('link', { name: 'Matters' }).click();
    const newMatter = page.getByRole('form', { name: 'New matter' });
    await newMatter.getByLabel('Name').fill('Paint the hall');
    await newMatter.getByLabel('Options (one a line)').fill('Yes\nNo');
    await newMatter.getByLabel('Close when all have voted').check();
    await newMatter.getByRole('button', { name: 'Add matter' }).click();
    await expect(page.getByRole('list', { name: 'Matters' })).toContainText(
      'Paint the hall',
    );
    await page.getByRole('button', { name: 'Edit Paint the hall' }).click();
    await expect(
      page
        .getByRole('form', { name: /Edit/ })
        .getByLabel('Close when all have voted'),
    ).toBeChecked();
    await expectNoAxeViolations(page, 'editing a matter');

    await page.getByRole('link', { name: 'Paper ballots' }).click();
    await expect(
      page.getByRole('heading', { name: 'Paper ballots' }),
    ).toBeVisible();
    await page
      .getByLabel('Matter', { exact: true })
      .selectOption({ label: 'Paint the hall' });
    await page.getByLabel('Unit').selectOption({ label: '201 (Gia Tran)' });
    await page.getByRole('radio', { name: 'Yes' }).check();
    await expectNoAxeViolations(page, 'the paper ballots tab');
    await page.getByRole('button', { name: 'Record paper ballot' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Paper ballot recorded for unit 201: Yes.' }),
    ).toBeVisible();
    await keepScreenshot(page, 'paper-ballots');

    await page.getByRole('link', { name: 'Webcast' }).click();
    await page
      .getByRole('radio', { name: 'Meeting: everyone may speak' })
      .check();
    await expectNoAxeViolations(page, 'the webcast tab');
    await page.getByRole('button', { name: 'Set up the webcast' }).click();
    await page
      .getByRole('button', { name: 'Get the host’s start link' })
      .click();
    await expect(
      page.getByRole('link', { name: 'Open the host’s room (new tab)' }),
    ).toHaveAttribute('href', /^https:\/\//);
    await keepScreenshot(page, 'webcast');
    await expectNoAxeViolations(page, 'the webcast tab, launched');
  });

  test('adds, edits and reorders matters and uploads a document', async ({
    page,
  }) => {
    const { demo } = e2eContext();
    await signInAsChair(page);
    await page.goto(`/meetings/${demo.meeting.shortCode}/matters`);
    const list = page.getByRole('list', { name: 'Matters' });
    await expect(list.getByRole('listitem')).toHaveCount(5);

    const form = page.getByRole('form', { name: 'New matter' });
    await form.getByLabel('Name').fill('Adopt the 2027 budget');
    await form.getByLabel('Options (one a line)').fill('Yes\nNo');
    await form.getByRole('button', { name: 'Add matter' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(6);
    await expect(list.getByRole('listitem').last()).toContainText(
      'Adopt the 2027 budget',
    );

    await page
      .getByRole('button', { name: 'Up Adopt the 2027 budget' })
      .click();
    await expect(list.getByRole('listitem').nth(4)).toContainText(
      'Adopt the 2027 budget',
    );
    await expect(list.getByRole('listitem').nth(5)).toContainText(
      'Elect two social committee members',
    );

    await page
      .getByRole('button', { name: 'Edit Adopt the 2027 budget' })
      .click();
    const edit = page.getByRole('form', { name: /Edit/ });
    await edit.getByLabel('Choices a voter may pick').fill('3');
    await edit.getByRole('button', { name: 'Save matter' }).click();
    await expect(edit.getByRole('alert')).toContainText(/choices/i);
    await edit.getByLabel('Choices a voter may pick').fill('1');
    await edit.getByLabel('Name').fill('Adopt the 2027 operating budget');
    await edit.getByRole('button', { name: 'Save matter' }).click();
    await expect(list.getByRole('listitem').nth(4)).toContainText(
      'Adopt the 2027 operating budget',
    );
    await keepScreenshot(page, 'matters', { fullPage: true });
    await expectNoAxeViolations(page, 'the matters tab');

    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'agenda.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('1. Call to order\n2. Financial statements\n'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('list', { name: 'Documents' })).toContainText(
      'agenda.txt',
    );
    await expectNoAxeViolations(page, 'the documents tab');
    await page.getByRole('link', { name: 'Proxies' }).click();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'the proxies tab');
  });
});
