import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { QrScanner } from './QrScanner';

vi.mock('../utils/scan-code', () => ({
  loadQrReader: () => Promise.reject(new Error('no camera')),
  startScanning: vi.fn(),
}));

describe(QrScanner.name, () => {
  it('says in the desk’s language that the camera could not be opened', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(<QrScanner onCode={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La caméra n’a pas pu s’ouvrir. Autorisez-la dans le navigateur, ou tapez le code.',
    );
    expect(screen.getByLabelText('Caméra')).toBeTruthy();
  });
});
