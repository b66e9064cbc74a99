import type { CreateMatterRequest, Matter } from '@livevote/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import {
  draftOfMatter,
  emptyMatter,
  matterChange,
  newMatter,
  type MatterDraft,
} from '../utils/matter-draft';
import { MatterForm } from './MatterForm';

function renderForm(
  initial: MatterDraft,
  languages: ('en' | 'fr')[],
  schema: typeof newMatter | typeof matterChange = newMatter,
) {
  const onSubmit = vi.fn<(body: CreateMatterRequest) => void>();
  render(
    <MatterForm
      title="New matter"
      initial={initial}
      schema={schema as typeof newMatter}
      submitLabel="Add matter"
      pending={false}
      error={null}
      onSubmit={onSubmit}
      languages={languages}
    />,
  );
  return onSubmit;
}

describe('MatterForm in two languages', () => {
  it('edits name, header, snippet and each option beside its translation', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(emptyMatter(['en', 'fr']), ['en', 'fr']);
    await user.type(screen.getByLabelText('Name, in English'), 'Budget 2027');
    await user.type(screen.getByLabelText('Name, in French'), 'Budget 2027 FR');
    await user.type(
      screen.getByLabelText('Question shown to voters, in English'),
      'Approve it?',
    );
    // one French label per English option, named after it
    await user.type(screen.getByLabelText('French label of “For”'), 'Pour');
    await user.type(
      screen.getByLabelText('French label of “Against”'),
      'Contre',
    );
    expect(screen.getByLabelText('Name, in French').getAttribute('lang')).toBe(
      'fr',
    );
    await user.click(screen.getByRole('button', { name: 'Add matter' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [sent] = onSubmit.mock.calls[0]!;
    expect(sent.options).toEqual(['For', 'Against', 'Abstain']);
    // the blank header and label are not sent as blanks: the canonical text stands in
    expect(sent.translations).toEqual({
      fr: { name: 'Budget 2027 FR', options: ['Pour', 'Contre', 'Abstain'] },
    });
  });

  it('keeps each French label beside its option when an option line is deleted', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(emptyMatter(['en', 'fr']), ['en', 'fr']);
    await user.type(screen.getByLabelText('Name, in English'), 'Budget');
    await user.type(screen.getByLabelText('French label of “For”'), 'Pour');
    await user.type(
      screen.getByLabelText('French label of “Against”'),
      'Contre',
    );
    await user.type(
      screen.getByLabelText('French label of “Abstain”'),
      'Abstention',
    );
    const options = screen.getByLabelText('Options (one a line), in English');
    // the first line, "For" and its line break, selected and deleted
    await user.type(options, '{Backspace}', {
      initialSelectionStart: 0,
      initialSelectionEnd: 4,
    });
    expect((options as HTMLTextAreaElement).value).toBe('Against\nAbstain');
    // "Against" keeps "Contre", never the first line's "Pour"
    expect(
      (screen.getByLabelText('French label of “Against”') as HTMLInputElement)
        .value,
    ).toBe('Contre');
    await user.click(screen.getByRole('button', { name: 'Add matter' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].translations).toEqual({
      fr: { options: ['Contre', 'Abstention'] },
    });
  });

  it('follows the canonical options as they are typed', async () => {
    const user = userEvent.setup();
    renderForm(emptyMatter(['en', 'fr']), ['en', 'fr']);
    const options = screen.getByLabelText('Options (one a line), in English');
    await user.clear(options);
    await user.type(options, 'Ana{enter}Ben');
    expect(screen.getByLabelText('French label of “Ana”')).toBeTruthy();
    expect(screen.getByLabelText('French label of “Ben”')).toBeTruthy();
    expect(screen.queryByLabelText('French label of “For”')).toBeNull();
  });

  it('keeps the plain fields and sends no translations for one language', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(emptyMatter(['en']), ['en']);
    expect(screen.queryByLabelText('Name, in French')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Budget');
    await user.click(screen.getByRole('button', { name: 'Add matter' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].translations).toBeUndefined();
  });

  it('loads a matter’s translation, names the fields in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const matter = {
      key: 'm1',
      name: 'Budget',
      header: '',
      snippet: '',
      movedBy: null,
      secondedBy: null,
      options: ['For', 'Against'],
      translations: { fr: { name: 'Budget FR', options: ['Pour', 'Contre'] } },
      choices: 1,
      votingMethod: 'plurality',
      eligibility: ['all'],
      allowProxyVote: true,
      secretBallot: true,
      autoCloseWhenAllVoted: false,
      openVerification: false,
      threshold: 'majority',
      thresholdBasis: 'shares',
      thresholdBase: 'cast',
    } as unknown as Matter;
    renderForm(draftOfMatter(matter, ['en', 'fr']), ['en', 'fr'], matterChange);
    expect(
      (screen.getByLabelText('Nom, en français') as HTMLInputElement).value,
    ).toBe('Budget FR');
    expect(
      (
        screen.getByLabelText(
          'Libellé en français de « Against »',
        ) as HTMLInputElement
      ).value,
    ).toBe('Contre');
  });
});
