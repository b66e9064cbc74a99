import { expect, test } from '@playwright/test';
import { e2eContext } from './support/context';
import { expectNoAxeViolations } from './support/axe';
import { keepScreenshot, signInAsChair } from './support/helpers';

test.describe('The audit log in words', () => {
  test('the demo’s log holds its set-up in plain words, filtered by kind and person, in English and French', async ({
    browser,
    request,
  }) => {
    const { baseUrl, demo } = e2eContext();
    const shortCode = demo.meeting.shortCode;
    const token = (
      (await (
        await request.post(`${baseUrl}/auth/token`, {
          data: {
            username: demo.signIn.username,
            password: demo.signIn.password,
          },
        })
      ).json()) as { access_token: string }
    ).access_token;
    // the chair moderates a question the demo seeded
    const questions = (await (
      await request.get(`${baseUrl}/v1/Meetings/${shortCode}/questions`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { key: string; unit: string; status: string }[];
    const waiting = questions.find((question) => question.status === 'new');
    if (!waiting) throw new Error('the demo has no new question');
    expect(
      (
        await request.patch(
          `${baseUrl}/v1/Meetings/${shortCode}/questions/${waiting.key}`,
          {
            data: { status: 'approved' },
            headers: { authorization: `Bearer ${token}` },
          },
        )
      ).status(),
    ).toBe(200);

    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const chair = await context.newPage();
    await signInAsChair(chair);
    await chair.goto(`/meetings/${shortCode}/audit`);
    const log = chair.getByRole('table', { name: 'Audit entries' });
    await expect(log).toContainText(
      'The gateway set up the demo meeting with 12 units and 5 matters',
    );
    await expect(log).toContainText(
      'The gateway verified the proxy of unit 107',
    );
    await expect(log).toContainText(
      'The gateway checked in Gus Lindqvist (unit 107)',
    );
    await expect(log).toContainText(
      `Demo Chair approved the question of unit ${waiting.unit}`,
    );
    for (const raw of ['proxy.verify', 'question.approve', 'matterKey', '{"'])
      await expect(log).not.toContainText(raw);
    await expectNoAxeViolations(chair, 'the audit log in words');
    await keepScreenshot(chair, 'audit-log-words');

    // the chair's own actions only, then proxies only: filtered by the gateway
    const filtered = chair.waitForRequest(
      (req) => req.url().includes('/audit') && req.url().includes('actor='),
    );
    await chair.getByLabel('Who').selectOption({ label: 'Demo Chair' });
    await filtered;
    await expect(log).not.toContainText('The gateway set up');
    await expect(log).toContainText('Demo Chair approved the question');
    await chair.getByLabel('Who').selectOption({ label: 'Everyone' });
    await chair.getByLabel('Kind').selectOption({ label: 'Proxies' });
    await expect(log).not.toContainText('checked in');
    await expect(log).toContainText(
      'The gateway rejected the proxy of unit 111',
    );
    await expect(log).toContainText('Reason');
    await expectNoAxeViolations(chair, 'the audit log, filtered');

    // in French
    await chair.getByLabel('Language').selectOption('fr');
    const journal = chair.getByRole('table', { name: 'Entrées du journal' });
    await expect(journal).toContainText(
      'La passerelle a vérifié la procuration de l’unité 107',
    );
    await expectNoAxeViolations(chair, 'le journal d’audit');
    await keepScreenshot(chair, 'audit-log-fr');
    await context.close();
  });
});
