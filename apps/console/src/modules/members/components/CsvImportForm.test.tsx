import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { CsvImportForm } from './CsvImportForm';

/** A CSV file as the browser gives it (jsdom's File has no text()). */
function csvFile(name: string, text: string): File {
  return Object.assign(new File([text], name, { type: 'text/csv' }), {
    text: async () => text,
  });
}

const REFUSED = {
  type: 'about:blank',
  title: 'Bad Request',
  status: 400 as const,
  code: 'invalid_csv',
  detail: 'The file has 2 wrong lines.',
  errors: [
    { line: 3, message: 'shares: not a number' },
    { line: 4, message: 'voterEmail: not an e-mail' },
  ],
};

function renderForm(importMembers: ManagerApi['importMembers']) {
  renderWithApi(<CsvImportForm shortCode="abc123" />, {
    importMembers,
  } as unknown as ManagerApi);
}

describe(CsvImportForm.name, () => {
  it('counts in French what a file would import, and the lines it refuses', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const importMembers = vi.fn(async (_code: string, csv: string) => {
      if (csv.includes('lots')) {
        const { errors: _lines, ...problem } = REFUSED;
        throw new ApiError(400, problem, REFUSED);
      }
      return { members: 1, voters: 2, dryRun: true };
    });
    renderForm(importMembers);

    await user.upload(
      screen.getByLabelText('Fichier CSV'),
      csvFile('good.csv', 'unit,voterName\n101,Ana\n101,Ben\n'),
    );
    await user.click(
      screen.getByRole('button', { name: 'Vérifier le fichier' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Le fichier est valide : il importerait 1 membre et 2 votants.',
    );

    await user.upload(
      screen.getByLabelText('Fichier CSV'),
      csvFile('bad.csv', 'unit,shares\n101,1\n102,lots\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Rien n’a été importé : 2 lignes sont à corriger.',
    );
    expect(
      screen.getAllByRole('listitem').map((item) => item.textContent),
    ).toEqual([
      'Ligne 3 : shares: not a number',
      'Ligne 4 : voterEmail: not an e-mail',
    ]);
    expect(importMembers).toHaveBeenLastCalledWith(
      'abc123',
      'unit,shares\n101,1\n102,lots\n',
      false,
    );
  });
  it('waits for a file, and forgets the last answer when another file is chosen', async () => {
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    const importMembers = vi.fn(async () => ({
      members: 2,
      voters: 2,
      dryRun: false,
    }));
    renderForm(importMembers);
    const submit = screen.getByRole('button', { name: 'Import' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(
      (
        screen.getByRole('button', {
          name: 'Check the file',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);

    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('two.csv', 'unit\n101\n102\n'),
    );
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Imported 2 members and 2 voters.',
    );
    expect(importMembers).toHaveBeenCalledWith(
      'abc123',
      'unit\n101\n102\n',
      false,
    );

    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('next.csv', 'unit\n103\n'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
