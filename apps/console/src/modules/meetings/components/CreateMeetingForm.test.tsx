import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '../../../test/render';
import { CreateMeetingForm } from './CreateMeetingForm';

describe(CreateMeetingForm.name, () => {
  it('sends the new meeting, its date read on the manager’s own clock', async () => {
    const user = userEvent.setup();
    const api = {
      createMeeting: vi.fn(async () => ({ shortCode: 'abc123' })),
    };
    renderWithApi(<CreateMeetingForm accountKey="a1" />, api);
    await user.type(screen.getByLabelText('Name'), '  Town hall ');
    await user.selectOptions(screen.getByLabelText('Type'), 'town');
    await user.type(
      screen.getByLabelText(/^Date and time/),
      '2027-03-01T19:00',
    );
    await user.click(screen.getByRole('button', { name: 'Create meeting' }));

    await vi.waitFor(() => expect(api.createMeeting).toHaveBeenCalledTimes(1));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(api.createMeeting).toHaveBeenCalledWith('a1', {
      name: 'Town hall',
      type: 'town',
      meetingDate: expect.stringMatching(/^2027-03-0[12]T\d\d:00:00\.000Z$/),
      meetingTimezone: zone,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
