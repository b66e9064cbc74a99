import { expect, test } from '@playwright/test';
import { chairToken, postAsChair } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { e2eContext } from './support/context';
import { signInAsChair } from './support/helpers';

/**
 * The webcast tab on a meeting of its own (the demo meeting's webcast belongs to
 * meeting-setup.spec.ts). The e2e gateway runs the default provider, Jitsi; Zoom's side is
 * covered against a stand-in in apps/gateway/test/webcast-zoom.test.ts.
 */
test.use({ baseURL: e2eContext().baseUrl });

test.describe('Webcast tab', () => {
  test('sets up a webinar with a rehearsal, shows its status and room, launches, and switches to a meeting', async ({
    page,
    request,
  }) => {
    const { demo } = e2eContext();
    const token = await chairToken(request);
    const meeting = await postAsChair<{ shortCode: string }>(
      request,
      token,
      `/v1/Accounts/${demo.accountKey}/meetings`,
      {
        name: 'Maple Court Co-op — town hall on video',
        type: 'town',
        meetingDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        duration: 60,
      },
    );
    await signInAsChair(page);
    await page.goto(`/meetings/${meeting.shortCode}/webcast`);

    const form = page.getByRole('form', { name: 'Webcast' });
    await expect(
      form.getByText('No webcast yet.', { exact: false }),
    ).toBeVisible();
    await form
      .getByRole('radio', { name: 'Webinar: the board speaks, members watch' })
      .check();
    await form.getByLabel(/^Rehearsal \(/).fill('2030-01-15T18:30');
    await form.getByLabel('Rehearsal length (minutes)').fill('30');
    await expectNoAxeViolations(page, 'a new webcast');
    await form.getByRole('button', { name: 'Set up the webcast' }).click();
    // the form comes back for the saved webcast
    await expect(
      form.getByRole('button', { name: 'Save webcast' }),
    ).toBeVisible();

    const launch = page.getByRole('region', { name: 'Start the webcast' });
    await expect(
      launch.getByText(/^Not started yet\. Rehearsal /),
    ).toBeVisible();
    await expect(
      launch.getByText('Room: Jitsi Meet (one link for everyone).'),
    ).toBeVisible();
    await launch
      .getByRole('button', { name: 'Get the host’s start link' })
      .click();
    await expect(
      launch.getByText(
        'The provider’s room holds 100 in a meeting and 100 in a webinar.',
      ),
    ).toBeVisible();
    await expect(
      launch.getByRole('link', { name: 'Open the host’s room (new tab)' }),
    ).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/LiveVote-/);
    // Jitsi reports no events: the first launch marks the webcast started
    await expect(launch.getByText(/^Started\. Rehearsal /)).toBeVisible();
    // a voter's portal shows the way into the video room
    const member = await postAsChair<{ key: string }>(
      request,
      token,
      `/v1/Meetings/${meeting.shortCode}/members`,
      { unit: 'V-1', controlNumber: `VIDEO-${meeting.shortCode}` },
    );
    await postAsChair(
      request,
      token,
      `/v1/Meetings/${meeting.shortCode}/members/${member.key}/voters`,
      { name: 'Vera Video', email: 'vera.video@example.org' },
    );
    const link = await request.post(
      `${e2eContext().baseUrl}/v1/Meetings/${meeting.shortCode}/members/${member.key}/voters/vera.video@example.org/personal-link`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const { portalUrl } = (await link.json()) as { portalUrl: string };
    const voterPage = await page.context().newPage();
    await voterPage.goto(portalUrl);
    const video = voterPage.getByRole('region', { name: 'Video room' });
    await expect(video.getByText('The video session is on now.')).toBeVisible();
    await expect(
      video.getByRole('link', { name: 'Join the video room (new tab)' }),
    ).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/LiveVote-/);
    // Jitsi's room is one for everyone: not called the voter's own
    await expect(video.getByText(/yours alone/)).toHaveCount(0);
    await expectNoAxeViolations(voterPage, 'the portal with a video room');
    await video.screenshot({ path: 'test-results/portal-video.png' });
    await voterPage.close();

    await page.screenshot({
      path: 'test-results/webcast-tab.png',
      fullPage: true,
    });
    await expectNoAxeViolations(page, 'a launched webcast');

    await form
      .getByRole('radio', { name: 'Meeting: everyone may speak' })
      .check();
    await form.getByRole('button', { name: 'Save webcast' }).click();
    await expect(
      form.getByRole('radio', { name: 'Meeting: everyone may speak' }),
    ).toBeChecked();
    await expect
      .poll(async () => {
        const answer = await request.get(
          `${e2eContext().baseUrl}/v1/Meetings/${meeting.shortCode}/webcast`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        return ((await answer.json()) as { castProvider: string }).castProvider;
      })
      .toBe('video-meeting');
    const saved = await request.get(
      `${e2eContext().baseUrl}/v1/Meetings/${meeting.shortCode}/webcast`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(await saved.json()).toMatchObject({
      castProvider: 'video-meeting',
      rehearsalDuration: 30,
      status: 'started',
      meta: { room: { provider: 'jitsi' }, rehearsal: { duration: 30 } },
    });
  });
});
