import { expect, test } from '@playwright/test';
import { e2eContext } from './support/context';
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
    await signInAsChair(page);
    await page.getByRole('link', { name: /Harbourview Condominium/ }).click();
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
  });

  test('adds, edits and reorders matters and uploads a document', async ({
    page,
  }) => {
    const { demo } = e2eContext();
    await signInAsChair(page);
    await page.goto(`/meetings/${demo.meeting.shortCode}/matters`);
    const list = page.getByRole('list', { name: 'Matters' });
    await expect(list.getByRole('listitem')).toHaveCount(3);

    const form = page.getByRole('form', { name: 'New matter' });
    await form.getByLabel('Name').fill('Adopt the 2027 budget');
    await form.getByLabel('Options (one a line)').fill('Yes\nNo');
    await form.getByRole('button', { name: 'Add matter' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').last()).toContainText(
      'Adopt the 2027 budget',
    );

    await page
      .getByRole('button', { name: 'Up Adopt the 2027 budget' })
      .click();
    await expect(list.getByRole('listitem').nth(2)).toContainText(
      'Adopt the 2027 budget',
    );
    await expect(list.getByRole('listitem').nth(3)).toContainText(
      'Replace the lobby windows',
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
    await expect(list.getByRole('listitem').nth(2)).toContainText(
      'Adopt the 2027 operating budget',
    );
    await keepScreenshot(page, 'matters', { fullPage: true });

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
  });
});
