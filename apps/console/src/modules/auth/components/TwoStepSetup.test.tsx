import type { ProblemDetails } from '@livevote/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client';
import { renderWithApi } from '../../../test/render';
import { TwoStepSetup } from './TwoStepSetup';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const problemOf = (status: number, code: string): ApiError =>
  new ApiError(status, {
    type: 'about:blank',
    title: code,
    status,
    code,
    detail: `The ${code} problem.`,
  } as ProblemDetails);

describe(TwoStepSetup.name, () => {
  it('shows the secret to scan, says what is wrong with a refused code, and turns codes on', async () => {
    const user = userEvent.setup();
    const mfaSecret = vi.fn(async () => ({
      secret: SECRET,
      otpauthUrl: `otpauth://totp/LiveVote:pat%40example.test?secret=${SECRET}`,
    }));
    const enrolMfa = vi
      .fn()
      .mockRejectedValueOnce(problemOf(400, 'invalid_mfa_token'))
      .mockResolvedValueOnce(undefined);
    renderWithApi(<TwoStepSetup next="/accounts/a1" />, {
      mfaSecret,
      enrolMfa,
    });
    expect((await screen.findByText(/^JBSW Y3DP/)).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(
      await screen.findByRole('img', {
        name: 'QR code of your two-step sign-in secret',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveProperty(
      'pathname',
      '/accounts/a1',
    );

    await user.type(screen.getByLabelText('Six-digit code'), '123456');
    await user.type(screen.getByLabelText('Your password'), 'pat-password');
    await user.click(
      screen.getByRole('button', { name: 'Turn on two-step sign-in' }),
    );
    expect(
      await screen.findByText('The invalid_mfa_token problem.'),
    ).toBeTruthy();
    expect(enrolMfa).toHaveBeenLastCalledWith({
      password: 'pat-password',
      secret: SECRET,
      mfaToken: '123456',
    });

    await user.click(
      screen.getByRole('button', { name: 'Turn on two-step sign-in' }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'Two-step sign-in is on.',
    );
    expect(screen.getByRole('link', { name: 'Continue' })).toBeTruthy();
    // one secret for the whole set-up
    expect(mfaSecret).toHaveBeenCalledTimes(1);
  });

  it('offers to turn codes off when they are on, then starts the set-up again', async () => {
    const user = userEvent.setup();
    const mfaSecret = vi
      .fn()
      .mockRejectedValueOnce(problemOf(409, 'mfa_enrolled'))
      .mockResolvedValue({
        secret: SECRET,
        otpauthUrl: `otpauth://totp/LiveVote:pat?secret=${SECRET}`,
      });
    const disableMfa = vi.fn(async () => undefined);
    renderWithApi(<TwoStepSetup />, { mfaSecret, disableMfa });
    expect(
      await screen.findByText('Two-step sign-in is already on for you.'),
    ).toBeTruthy();
    const off = screen.getByRole('form', { name: 'Turn two-step sign-in off' });
    await user.type(within(off).getByLabelText('Six-digit code'), '654321');
    await user.type(
      within(off).getByLabelText('Your password'),
      'pat-password',
    );
    await user.click(
      screen.getByRole('button', { name: 'Turn off two-step sign-in' }),
    );
    expect(disableMfa).toHaveBeenCalledWith({
      password: 'pat-password',
      mfaToken: '654321',
    });
    expect(await screen.findByText(/^JBSW Y3DP/)).toBeTruthy();
    expect(mfaSecret).toHaveBeenCalledTimes(2);
  });
});
