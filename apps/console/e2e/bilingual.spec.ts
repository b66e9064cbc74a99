import {
  devices,
  expect,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { e2eContext } from './support/context';
import { expectFits } from './support/screen-fit';
import { expectNoAxeViolations } from './support/axe';
import {
  fitsWidth,
  keepScreenshot,
  screenshotPath,
  signInAsChair,
} from './support/helpers';

test.use({ baseURL: e2eContext().baseUrl });

const BUDGET = 'Approve the 2027 budget';
const BUDGET_FR = 'Approuver le budget 2027';
const ROOF = 'Replace the roof';
const ROOF_FR = 'Remplacer la toiture';

/** The chair's set-up, straight to the management API (the forms have their own tests). */
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
    expect(
      response.ok(),
      `${method} ${path}: ${response.status()} ${await response.text()}`,
    ).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { call };
}

test.describe('Bilingual meeting', () => {
  test('a French owner and an English owner vote on the same matter, each in their language; the tally counts both on the canonical options', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { baseUrl } = e2eContext();
    const { call } = await managerApi(request);
    const { demo } = e2eContext();

    // an English-first meeting with its French texts, and a matter whose translation is partial
    const meeting = await call<{ shortCode: string }>(
      'POST',
      `/v1/Accounts/${demo.accountKey}/meetings`,
      {
        name: 'Harbourview AGM',
        type: 'agm',
        meetingDate: '2027-03-01T23:00:00.000Z',
        meetingTimezone: 'America/Toronto',
        languages: ['en', 'fr'],
        location: 'Community room',
        translations: {
          fr: { name: 'AGA de Harbourview', location: 'Salle communautaire' },
        },
      },
    );
    const code = meeting.shortCode;
    const owner = async (
      unit: string,
      voter: { name: string; email: string; language: 'en' | 'fr' },
    ) => {
      const member = await call<{ key: string }>(
        'POST',
        `/v1/Meetings/${code}/members`,
        { unit, shares: 1 },
      );
      await call(
        'POST',
        `/v1/Meetings/${code}/members/${member.key}/voters`,
        voter,
      );
      // the personal link the invite carries
      const link = await call<{ portalUrl: string }>(
        'POST',
        `/v1/Meetings/${code}/members/${member.key}/voters/${encodeURIComponent(voter.email)}/personal-link`,
      );
      return new URL(link.portalUrl).pathname + new URL(link.portalUrl).search;
    };
    const eliseUrl = await owner('101', {
      name: 'Élise Tremblay',
      email: 'elise@example.test',
      language: 'fr',
    });
    const annUrl = await owner('102', {
      name: 'Ann Walker',
      email: 'ann@example.test',
      language: 'en',
    });
    const budget = await call<{ key: string }>(
      'POST',
      `/v1/Meetings/${code}/matters`,
      {
        name: BUDGET,
        header: 'Do you approve the budget?',
        options: ['For', 'Against', 'Abstain'],
        secretBallot: false,
        translations: {
          fr: {
            name: BUDGET_FR,
            header: 'Approuvez-vous le budget ?',
            options: ['Pour', 'Contre', 'Abstention'],
          },
        },
      },
    );
    // no French header nor option labels: French readers see the English ones
    await call('POST', `/v1/Meetings/${code}/matters`, {
      name: ROOF,
      header: 'Replace the roof this summer?',
      options: ['Yes', 'No'],
      translations: { fr: { name: ROOF_FR } },
    });

    // the French owner on a phone set to English: the portal follows her own language
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: baseUrl,
      locale: 'en-US',
    });
    const office = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    const chairContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
    });
    const elise = await phone.newPage();
    const ann = await office.newPage();
    const chair = await chairContext.newPage();

    await elise.goto(eliseUrl);
    await expect(
      elise.getByRole('heading', { level: 1, name: 'AGA de Harbourview' }),
    ).toBeVisible();
    await expect(elise.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(elise.getByText('Élise Tremblay, unité 101')).toBeVisible();
    await expect(
      elise.getByText('1 mars 2027, 18 h 00 HNE · Salle communautaire'),
    ).toBeVisible();
    await expectNoAxeViolations(elise, 'the French owner’s portal');

    await ann.goto(annUrl);
    await expect(
      ann.getByRole('heading', { level: 1, name: 'Harbourview AGM' }),
    ).toBeVisible();
    await expect(
      ann.getByText('Mar 1, 2027, 6:00 PM EST · Community room'),
    ).toBeVisible();

    // before the vote the chair is told which texts are missing, without being stopped
    await signInAsChair(chair);
    await chair.goto(`/meetings/${code}/live`);
    await chair
      .getByRole('list', { name: 'Matters' })
      .getByRole('button', { name: new RegExp(ROOF) })
      .click();
    const roofDesk = chair.getByRole('region', { name: ROOF });
    await expect(
      roofDesk.getByText(
        'The French text of this matter is missing: voters reading French will see the English text.',
      ),
    ).toBeVisible();
    await expect(
      roofDesk.getByRole('button', { name: /^Start/ }),
    ).toBeEnabled();
    await expectNoAxeViolations(chair, 'the control room with the warning');
    await keepScreenshot(chair, 'control-room-translation-missing');

    // the vote opens; each owner reads it in their language and both choose the same option
    await call('POST', `/v1/Meetings/${code}/matters/${budget.key}/action`, {
      action: 'start',
      duration: 600,
      overrideQuorum: true,
    });
    const eliseCard = elise.getByRole('article', { name: BUDGET_FR });
    await expect(
      eliseCard.getByText('Approuvez-vous le budget ?'),
    ).toBeVisible();
    await expect(eliseCard.getByRole('radio', { name: 'For' })).toHaveCount(0);
    await eliseCard.getByRole('radio', { name: 'Pour' }).check();
    await eliseCard.getByRole('button', { name: 'Vérifier mon vote' }).click();
    await expect(eliseCard.getByText('Votre choix : Pour')).toBeVisible();
    await expectNoAxeViolations(elise, 'the French ballot being confirmed');
    await eliseCard.getByRole('button', { name: 'Confirmer mon vote' }).click();
    const receipt = eliseCard
      .getByRole('status')
      .filter({ hasText: 'Votre vote est enregistré' });
    await expect(receipt).toContainText('Votre choix : Pour');
    await expect(receipt).toContainText(/\d+ h \d\d HNE/);
    await expect(receipt).toContainText('Votre reçu :');
    expect(await fitsWidth(elise)).toBe(true);
    await keepScreenshot(elise, 'portal-phone-bilingual-fr', {
      fullPage: true,
    });
    await expectNoAxeViolations(elise, 'the French receipt');

    const annCard = ann.getByRole('article', { name: BUDGET });
    await expect(annCard.getByText('Do you approve the budget?')).toBeVisible();
    await annCard.getByRole('radio', { name: 'For' }).check();
    await annCard.getByRole('button', { name: 'Review my vote' }).click();
    await annCard.getByRole('button', { name: 'Confirm my vote' }).click();
    await expect(
      annCard.getByRole('status').filter({ hasText: 'Your vote is recorded' }),
    ).toContainText('For');
    await expectNoAxeViolations(ann, 'the English receipt');

    // one canonical option counts both ballots
    await chair
      .getByRole('list', { name: 'Matters' })
      .getByRole('button', { name: new RegExp(BUDGET) })
      .click();
    const budgetDesk = chair.getByRole('region', { name: BUDGET });
    const tally = budgetDesk.getByRole('region', { name: 'Live tally' });
    await expect(tally.locator('[data-option="For"]')).toHaveAttribute(
      'data-votes',
      '2',
    );
    await expect(tally.locator('[data-votes-cast="2"]')).toBeVisible();
    await budgetDesk.screenshot({
      path: screenshotPath('control-room-bilingual-tally'),
    });
    await call('POST', `/v1/Meetings/${code}/matters/${budget.key}/action`, {
      action: 'stop',
    });
    // the result in each reader's words, over the same figures
    const result = elise
      .getByRole('article', { name: BUDGET_FR })
      .getByRole('region', { name: 'Résultat' });
    await expect(result.getByRole('row', { name: /^Pour/ })).toContainText('2');
    await expect(result.getByRole('row', { name: /^For/ })).toHaveCount(0);

    // the big screen in both languages, the primary first, as the settings ask
    await call('PATCH', `/v1/Meetings/${code}/settings`, {
      displayLanguages: 'all',
    });
    const screenToken = await call<{ token: string }>(
      'POST',
      `/v1/Meetings/${code}/screen-tokens`,
    );
    const room = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1600, height: 900 },
      locale: 'en-US',
    });
    const screen = await room.newPage();
    await screen.goto(`/screen/${code}?token=${screenToken.token}`);
    await expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Harbourview AGM / AGA de Harbourview',
      }),
    ).toBeVisible();
    await expect(screen.getByText(`${BUDGET} / ${BUDGET_FR}`)).toBeVisible();
    const final = screen.getByRole('region', { name: 'Final tally' });
    await expect(final.locator('[data-option="For"]')).toContainText(
      'For / Pour',
    );
    await expect(final.locator('[data-option="For"]')).toHaveAttribute(
      'data-votes',
      '2',
    );
    // twice the words still fit one screen: the last tally and the quorum line included
    await expectFits(screen, 'both languages, after the close');
    await expectNoAxeViolations(screen, 'the screen in both languages');
    await keepScreenshot(screen, 'screen-bilingual');
    await room.close();

    // the French owner gives a proxy for the next matter, in French; the missing labels show
    // the English ones, never a key or a blank
    const proxy = elise.getByRole('region', { name: 'Procuration' });
    const form = proxy.getByRole('form', { name: 'Formulaire de procuration' });
    await form.getByRole('radio', { name: 'Une autre personne' }).check();
    await form.getByLabel('Son nom complet').fill('Marc Gagnon');
    await form.getByLabel('Son courriel').fill('marc@example.test');
    const roof = form.getByRole('group', { name: ROOF_FR });
    await expect(roof).toContainText('Replace the roof this summer?');
    await expect(
      roof.getByRole('radio', { name: 'Laisser mon mandataire décider' }),
    ).toBeChecked();
    await expect(roof.getByRole('radio', { name: 'Yes' })).toBeVisible();
    await form
      .getByLabel('Votre nom complet (votre signature)')
      .fill('Élise Tremblay');
    await form.getByRole('checkbox', { name: /Je désigne/ }).check();
    await expectNoAxeViolations(elise, 'the French proxy form');
    await form
      .getByRole('button', { name: 'Signer et envoyer ma procuration' })
      .click();
    const summary = proxy.getByRole('status', { name: 'Votre procuration' });
    await expect(summary).toContainText('Reçue, en attente de vérification');
    await expect(summary).toContainText('Mandataire : Marc Gagnon');
    await expect(summary).toContainText(
      `${ROOF_FR} : à la discrétion du mandataire`,
    );
    await expectNoAxeViolations(elise, 'the French proxy summary');
    await keepScreenshot(elise, 'portal-phone-proxy-fr', { fullPage: true });

    // the chair edits the matter's texts side by side
    await chair.goto(`/meetings/${code}/matters`);
    await chair
      .getByRole('button', { name: new RegExp(`^Edit.*${ROOF}`) })
      .click();
    const edit = chair.getByRole('form', { name: `Edit “${ROOF}”` });
    await expect(edit.getByLabel('Name, in English')).toHaveValue(ROOF);
    await expect(edit.getByLabel('Name, in French')).toHaveValue(ROOF_FR);
    await edit.getByLabel('French label of “Yes”').fill('Oui');
    await expectNoAxeViolations(chair, 'the matter form in two languages');
    await edit.screenshot({ path: screenshotPath('matter-form-bilingual') });
    await edit.getByRole('button', { name: 'Save matter' }).click();
    await expect(edit).toHaveCount(0);
    // saved: the label given, the blank one the English option (the same number of labels)
    const matters = await call<
      { name: string; translations: { fr?: { options?: string[] } } }[]
    >('GET', `/v1/Meetings/${code}/matters`);
    expect(
      matters.find((matter) => matter.name === ROOF)?.translations.fr?.options,
    ).toEqual(['Oui', 'No']);

    await phone.close();
    await office.close();
    await chairContext.close();
  });
});
