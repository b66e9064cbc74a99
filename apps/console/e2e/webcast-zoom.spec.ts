import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  signZoomEvent,
  startZoomStandIn,
  type ZoomSessionRecord,
  type ZoomStandIn,
} from '../../gateway/test/support/zoom-stand-in';
import { expectNoAxeViolations } from './support/axe';
import { startE2eGateway, type E2eGateway } from './support/e2e-gateway';
import { keepScreenshot, signInAs } from './support/helpers';
import { linkMailedTo } from './support/outbox';

/**
 * The webcast tab against Zoom: a gateway of its own started with WEBCAST_PROVIDER=zoom and
 * pointed at the local stand-in for Zoom's API (apps/gateway/test/support/zoom-stand-in.ts),
 * which records what the gateway asked for and signs webhook events as Zoom does
 * (docs/webcast.md). The shared e2e gateway keeps the default provider, Jitsi.
 */

const MATTER = 'Approve the harbour wall repairs';

let zoom: ZoomStandIn;
let gateway: E2eGateway;

test.beforeAll(async () => {
  zoom = await startZoomStandIn();
  gateway = await startE2eGateway({ name: 'gateway-zoom', env: zoom.env });
});

test.afterAll(async () => {
  await gateway?.stop();
  await zoom?.close();
});

/** The manager's API, as the demo chair of this gateway. */
async function chairApi(request: APIRequestContext) {
  const signIn = await request.post(`${gateway.baseUrl}/auth/token`, {
    data: {
      username: gateway.demo.signIn.username,
      password: gateway.demo.signIn.password,
    },
  });
  expect(signIn.status()).toBe(200);
  const token = ((await signIn.json()) as { access_token: string })
    .access_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    async post<T>(path: string, data?: object, status = 201): Promise<T> {
      const response = await request.post(`${gateway.baseUrl}${path}`, {
        data,
        headers,
      });
      expect(response.status(), await response.text()).toBe(status);
      return (await response.json()) as T;
    },
    async get<T>(path: string): Promise<T> {
      const response = await request.get(`${gateway.baseUrl}${path}`, {
        headers,
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as T;
    },
  };
}

test.describe('Webcast on Zoom', () => {
  test('a manager sets up a Zoom webinar: panelists and registrants at Zoom, a join link in the invite, the host’s launch with Zoom’s capacities, a signed event starts it, and a test voter’s ballot counts nowhere', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const api = await chairApi(request);
    const meeting = await api.post<{ shortCode: string }>(
      `/v1/Accounts/${gateway.demo.accountKey}/meetings`,
      {
        name: 'Harbour View AGM on Zoom',
        type: 'agm',
        meetingDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        duration: 90,
      },
    );
    const path = `/v1/Meetings/${meeting.shortCode}`;
    const addVoter = async (
      unit: string,
      voter: {
        name: string;
        email: string;
        isPanelist?: boolean;
        isTestVoter?: boolean;
      },
    ) => {
      const member = await api.post<{ key: string }>(`${path}/members`, {
        unit,
      });
      await api.post(`${path}/members/${member.key}/voters`, voter);
      return { memberKey: member.key, ...voter };
    };
    const pia = await addVoter('1', {
      name: 'Pia Panelist',
      email: 'pia@harbour.example',
      isPanelist: true,
    });
    const rob = await addVoter('2', {
      name: 'Rob Registrant',
      email: 'rob@harbour.example',
    });
    const tess = await addVoter('T', {
      name: 'Tess Tester',
      email: 'tess@harbour.example',
      isTestVoter: true,
    });
    const matter = await api.post<{ key: string }>(`${path}/matters`, {
      name: MATTER,
      options: ['For', 'Against'],
      secretBallot: false,
    });

    const context = await browser.newContext({
      baseURL: gateway.baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await signInAs(page, gateway.demo.signIn);

    // ---- the manager sets the webinar up from the console ----
    await page.goto(`/meetings/${meeting.shortCode}/webcast`);
    const form = page.getByRole('form', { name: 'Webcast' });
    await form
      .getByRole('radio', { name: 'Webinar: the board speaks, members watch' })
      .check();
    await form.getByLabel(/^Rehearsal \(/).fill('2030-01-15T18:30');
    await form.getByLabel('Rehearsal length (minutes)').fill('30');
    await form.getByRole('button', { name: 'Set up the webcast' }).click();
    await expect(
      form.getByRole('button', { name: 'Save webcast' }),
    ).toBeVisible();
    const { castId } = await api.get<{ castId: number }>(`${path}/webcast`);
    const launch = page.getByRole('region', { name: 'Start the webcast' });
    await expect(
      launch.getByText(
        `Room: Zoom webinar ${castId}. Panelists and registered voters each have their own link.`,
      ),
    ).toBeVisible();
    await expect(
      launch.getByText(/^Not started yet\. Rehearsal /),
    ).toBeVisible();

    // at the stand-in: the webinar, its panelist, every other voter registered
    const session = zoom.sessions.get(Number(castId)) as ZoomSessionRecord;
    expect(session).toMatchObject({ kind: 'webinar', duration: 90 });
    await expect.poll(() => [...session.panelists.keys()]).toEqual([pia.email]);
    await expect
      .poll(() => [...session.registrants.keys()].sort())
      .toEqual([rob.email, tess.email].sort());

    // the voter's invite carries the voter's own join link
    await api.post(
      `${path}/members/${rob.memberKey}/voters/${rob.email}/invite`,
      undefined,
      200,
    );
    const robJoin = session.registrants.get(rob.email)!.join_url;
    expect(
      await linkMailedTo(rob.email, /https?:\/\/[^\s"<]+tk=registrant-[\w-]+/, {
        outboxDir: gateway.outboxDir,
      }),
    ).toBe(robJoin);

    // ---- launch: the host's start link and Zoom's capacities; one seat short ----
    zoom.feature.webinar_capacity = 1;
    await launch
      .getByRole('button', { name: 'Get the host’s start link' })
      .click();
    await expect(
      launch.getByText(
        'The provider’s room holds 500 in a meeting and 1 in a webinar.',
      ),
    ).toBeVisible();
    await expect(
      launch.getByText(
        'More members may join than the room holds (1 in a webinar, 500 in a meeting).',
      ),
    ).toBeVisible();
    await expect(
      launch.getByRole('link', { name: 'Open the host’s room (new tab)' }),
    ).toHaveAttribute('href', session.start_url);
    // Zoom tells when it starts: launching alone does not
    await expect(
      launch.getByText(/^Not started yet\. Rehearsal /),
    ).toBeVisible();
    await keepScreenshot(page, 'webcast-zoom', { fullPage: true });
    await expectNoAxeViolations(page, 'a Zoom webinar, launched');

    // ---- Zoom's signed `webinar.started` moves the status; a forged one is refused ----
    const started = {
      event: 'webinar.started',
      event_ts: Date.now(),
      payload: {
        account_id: zoom.env.ZOOM_ACCOUNT_ID,
        object: { id: String(castId), uuid: session.uuid, host_id: 'host' },
      },
    };
    const forged = signZoomEvent(started, {
      timestampSeconds: Math.floor(Date.now() / 1000),
      secret: 'not-the-webhook-secret',
    });
    const refused = await request.post(
      `${gateway.baseUrl}/webhooks/webcast/zoom`,
      { headers: forged.headers, data: forged.raw },
    );
    expect(refused.status()).toBe(401);
    await page.reload();
    await expect(
      launch.getByText(/^Not started yet\. Rehearsal /),
    ).toBeVisible();
    const signed = signZoomEvent(started, {
      timestampSeconds: Math.floor(Date.now() / 1000),
    });
    const delivered = await request.post(
      `${gateway.baseUrl}/webhooks/webcast/zoom`,
      { headers: signed.headers, data: signed.raw },
    );
    expect(delivered.status()).toBe(200);
    await page.reload();
    await expect(launch.getByText(/^Started\. Rehearsal /)).toBeVisible();

    // ---- the rehearsal: a test voter votes beside a real one, and counts nowhere ----
    await page.goto(`/meetings/${meeting.shortCode}/live`);
    await page
      .getByRole('list', { name: 'Matters' })
      .getByRole('button', { name: new RegExp(MATTER) })
      .click();
    const desk = page.getByRole('region', { name: MATTER });
    await desk.getByRole('button', { name: 'Start voting' }).click();
    const tally = desk.getByRole('region', { name: 'Live tally' });
    await expect(tally.locator('[data-votes-cast="0"]')).toBeVisible();

    const vote = async (email: string, memberKey: string, option: string) => {
      const { portalUrl } = await api.post<{ portalUrl: string }>(
        `${path}/members/${memberKey}/voters/${email}/personal-link`,
        undefined,
        200,
      );
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 412, height: 915 });
      await phone.goto(portalUrl);
      const card = phone.getByRole('article', { name: MATTER });
      await card.getByLabel(option, { exact: true }).check();
      await card.getByRole('button', { name: 'Review my vote' }).click();
      await card.getByRole('button', { name: 'Confirm my vote' }).click();
      await expect(
        card.getByRole('status', { name: 'Your vote is recorded' }),
      ).toContainText(`You chose: ${option}`);
      return phone;
    };
    const robPhone = await vote(rob.email, rob.memberKey, 'For');
    // the real voter's own link to the webinar, in the portal
    const video = robPhone.getByRole('region', { name: 'Video room' });
    await expect(video.getByText('The video session is on now.')).toBeVisible();
    await expect(
      video.getByRole('link', { name: 'Join the video room (new tab)' }),
    ).toHaveAttribute('href', robJoin);
    await expect(video.getByText(/yours alone/)).toBeVisible();
    await expectNoAxeViolations(robPhone, 'the portal with a Zoom link');
    await expect(tally.locator('[data-votes-cast="1"]')).toBeVisible();

    // the test voter sees its ballot and receipt like anyone …
    const tessPhone = await vote(tess.email, tess.memberKey, 'Against');
    await expectNoAxeViolations(tessPhone, 'the portal of a test voter');

    // … and the counts do not: the tally, the stats, the results
    await desk.getByRole('button', { name: 'Stop voting…' }).click();
    await page.getByRole('button', { name: 'Stop now' }).click();
    await expect(desk.getByRole('region', { name: 'Result' })).toBeVisible();
    const rows = await api.get<{ vote: string; numLiveVotes: number }[]>(
      `${path}/matters/${matter.key}/stats`,
    );
    expect(rows.map((row) => [row.vote, row.numLiveVotes])).toEqual([
      ['For', 1],
      ['Against', 0],
    ]);
    const closed = await api.get<{
      result: { forYes: { units: number }; base: { units: number } };
    }>(`${path}/matters/${matter.key}`);
    expect(closed.result).toMatchObject({
      forYes: { units: 1 },
      base: { units: 1 },
    });
    const stats = await api.get<{ testVoterStats: string }>(`${path}/stats`);
    expect(stats.testVoterStats).toBe('1 test voter, 1 voted');
    await page.goto(`/meetings/${meeting.shortCode}`);
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByText('1 test voter, 1 voted')).toBeVisible();
    await expectNoAxeViolations(page, 'the details tab after a rehearsal');
    await context.close();
  });
});
