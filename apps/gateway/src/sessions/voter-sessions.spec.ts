import { describe, expect, it } from 'vitest';
import type { Clock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { InProcessSessionSignals } from './session-signals';
import { VoterSessions, voterSessionVersion } from './voter-sessions';
import type { VoterSessionsRepository } from './voter-sessions.repository';

type Session = Awaited<ReturnType<VoterSessionsRepository['sessionOf']>>;

/** Reads of the voter row that answer when the test says so. */
function heldReads() {
  const pending: ((session: Session) => void)[] = [];
  const repository = {
    sessionOf: () => new Promise<Session>((resolve) => pending.push(resolve)),
  } as unknown as VoterSessionsRepository;
  return {
    repository,
    answer: (session: Session) => pending.shift()!(session),
  };
}

describe('VoterSessions', () => {
  it('keeps a language heard while a re-check that read the old one was under way', async () => {
    let now = 0;
    const clock = { nowMs: () => now } as Clock;
    const config = { auth: { voterSessionRecheckSeconds: 60 } } as AppConfig;
    const signals = new InProcessSessionSignals();
    const reads = heldReads();
    const sessions = new VoterSessions(
      reads.repository,
      signals,
      clock,
      config,
    );
    const version = voterSessionVersion('v1', 'ann@owners.test');

    const first = sessions.isCurrent('v1', version);
    reads.answer({ email: 'ann@owners.test', language: 'en' });
    expect(await first).toBe(true);
    expect(sessions.languageOf('v1')).toBe('en');

    // a minute later a use starts a re-check in the background, which reads 'en'...
    now = 61_000;
    expect(await sessions.isCurrent('v1', version)).toBe(true);
    // ...while the voter switches to French on another node
    await signals.publish({
      kind: 'voter-language',
      voterId: 'v1',
      language: 'fr',
    });
    reads.answer({ email: 'ann@owners.test', language: 'en' });
    await new Promise(setImmediate);
    expect(sessions.languageOf('v1')).toBe('fr');
  });
});
