import {
  devices,
  expect,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { fitsWidth, keepScreenshot } from './support/helpers';

test.use({ baseURL: e2eContext().baseUrl });

const MATTER = 'Approuver le budget 2027';
const CONTROL_NUMBER = 'FR-2027-0001';

/** The chair's calls, straight to the management API (the chair's console is not the subject). */
async function managerApi(request: APIRequestContext) {
  const { demo } = e2eContext();
  const signedIn = await request.post('/auth/token', {
    data: { username: demo.signIn.username, password: demo.signIn.password },
  });
  expect(signedIn.status()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as {
    access_token: string;
  };
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: string, path: string, data?: unknown) => {
    const response = await request.fetch(path, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { call };
}

test.describe('French', () => {
  test('a French meeting: a voter’s phone and the big screen follow the same vote in French, times in the meeting’s zone', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { baseUrl, demo } = e2eContext();
    const { call } = await managerApi(request);

    // a meeting of its own, so the other specs keep the demo meeting as they expect it
    const meeting = await call<{ shortCode: string }>(
      'POST',
      `/v1/Accounts/${demo.accountKey}/meetings`,
      {
        name: 'Réunion du conseil des copropriétaires',
        type: 'agm',
        // 6:00 PM in Montréal
        meetingDate: '2027-01-14T23:00:00.000Z',
        meetingTimezone: 'America/Toronto',
        language: 'fr',
        location: 'Salle communautaire',
      },
    );
    const code = meeting.shortCode;
    await call('POST', `/v1/Meetings/${code}/members`, {
      unit: '101',
      controlNumber: CONTROL_NUMBER,
      shares: 2,
    });
    const matter = await call<{ key: string }>(
      'POST',
      `/v1/Meetings/${code}/matters`,
      {
        name: MATTER,
        options: ['Pour', 'Contre', 'Abstention'],
        secretBallot: false,
      },
    );
    const screenToken = await call<{ token: string }>(
      'POST',
      `/v1/Meetings/${code}/screen-tokens`,
    );

    // a voter whose phone speaks French, and a screen in a room in Québec
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: baseUrl,
      locale: 'fr-CA',
    });
    const room = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1600, height: 900 },
      locale: 'fr-CA',
    });
    const voter = await phone.newPage();
    const screen = await room.newPage();

    await voter.goto(`/vote/${code}`);
    const entry = voter.getByRole('form', {
      name: 'Entrer avec votre numéro de contrôle',
    });
    await entry.getByLabel('Numéro de contrôle').fill(CONTROL_NUMBER);
    await entry.getByLabel('Votre nom').fill('Élise Tremblay');
    await entry.getByLabel('Votre courriel').fill('elise@example.test');
    await entry.getByRole('button', { name: 'Rejoindre l’assemblée' }).click();
    await expect(voter.getByText('Élise Tremblay, unité 101')).toBeVisible();
    // the meeting's clock, labelled, whatever the phone's zone
    await expect(
      voter.getByText('14 janv. 2027, 18 h 00 HNE · Salle communautaire'),
    ).toBeVisible();
    await expect(voter.locator('p.waiting')).toHaveText(
      /^Aucun vote n’est ouvert pour l’instant\./,
    );
    await expect(voter.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoAxeViolations(voter, 'the French portal, no vote open');

    await screen.goto(`/screen/${code}?token=${screenToken.token}`);
    await expect(
      screen.getByText(
        'En attente de l’ouverture d’un vote par la présidence.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(screen, 'the French screen before a vote');

    // the chair opens the vote; the phone and the screen see it without reloading
    await call('POST', `/v1/Meetings/${code}/matters/${matter.key}/action`, {
      action: 'start',
      duration: 600,
      overrideQuorum: true,
    });
    const card = voter.getByRole('article', { name: MATTER });
    await expect(card).toBeVisible();
    await expect(card.getByText('Choisissez une option.')).toBeVisible();
    await expectNoAxeViolations(voter, 'the French portal, vote open');
    await card.getByRole('radio', { name: 'Pour' }).check();
    await card.getByRole('button', { name: 'Vérifier mon vote' }).click();
    await expect(card.getByText('Votre choix : Pour')).toBeVisible();
    await card.getByRole('button', { name: 'Confirmer mon vote' }).click();
    const receipt = card
      .getByRole('status')
      .filter({ hasText: 'Votre vote est enregistré' });
    await expect(receipt).toContainText(/\d+ h \d\d (HNE|HAE)/);
    await expect(receipt).toContainText('Votre reçu :');
    expect(await fitsWidth(voter)).toBe(true);
    await keepScreenshot(voter, 'portal-phone-fr');
    await expectNoAxeViolations(voter, 'the French portal with a receipt');

    const tally = screen.getByRole('region', { name: 'Décompte en direct' });
    await expect(tally.locator('[data-votes-cast="1"]')).toBeVisible();
    await expect(tally).toContainText('voix exprimée');
    await expect(tally.locator('[data-option="Pour"]')).toContainText('1 voix');
    await expect(screen.getByText('Vote ouvert')).toBeVisible();
    await expectNoAxeViolations(screen, 'the French screen during a vote');
    await keepScreenshot(screen, 'screen-fr');

    // the chair's control room, on a computer set to French, follows the same vote
    const office = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
      locale: 'fr-CA',
    });
    const chair = await office.newPage();
    await chair.goto('/signin');
    await chair.getByLabel('Courriel').fill(demo.signIn.username);
    await chair.getByLabel('Mot de passe').fill(demo.signIn.password);
    await chair.getByRole('button', { name: 'Se connecter' }).click();
    await expect(chair.getByRole('heading', { name: 'Comptes' })).toBeVisible();
    await chair.goto(`/meetings/${code}/live`);
    await expect(
      chair.getByRole('heading', { name: /^Salle de contrôle/ }),
    ).toBeVisible();
    const desk = chair.getByRole('region', { name: MATTER });
    await expect(desk.getByText('Vote ouvert')).toBeVisible();
    await expect(
      desk.getByRole('button', { name: 'Clore le vote…' }),
    ).toBeVisible();
    await expect(
      chair.getByRole('list', { name: 'Points à l’ordre du jour' }),
    ).toContainText(MATTER);
    await expect(
      desk
        .getByRole('region', { name: 'Décompte en direct' })
        .locator('[data-votes-cast="1"]'),
    ).toBeVisible();
    await expectNoAxeViolations(chair, 'the French control room during a vote');
    await keepScreenshot(chair, 'control-room-fr');

    // the chair stops it: the verdict in French on both
    await call('POST', `/v1/Meetings/${code}/matters/${matter.key}/action`, {
      action: 'stop',
    });
    await expect(
      screen.getByRole('region', { name: 'Décompte final' }),
    ).toBeVisible();
    await expect(
      screen.getByRole('region', { name: 'Résultat' }),
    ).toContainText('Adoptée par 100 % des voix exprimées');
    await expect(desk.getByText('Clos', { exact: true })).toBeVisible();
    await expect(
      chair.getByRole('link', { name: 'Décompte publié de ce point' }),
    ).toBeVisible();
    await office.close();
    await expectNoAxeViolations(screen, 'the French screen with the verdict');

    // the voter prefers English: the portal switches and remembers it on the gateway
    await voter.getByLabel('Langue').selectOption('en');
    await expect(voter.getByText('Élise Tremblay, unit 101')).toBeVisible();
    await voter.reload();
    await expect(voter.getByText('Élise Tremblay, unit 101')).toBeVisible();
    await expect(
      voter.getByText('Jan 14, 2027, 6:00 PM EST · Salle communautaire'),
    ).toBeVisible();
    await expectNoAxeViolations(voter, 'the portal switched to English');

    await phone.close();
    await room.close();
  });
});
