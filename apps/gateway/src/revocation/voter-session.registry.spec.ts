import { describe, expect, it } from 'vitest';
import type { Clock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { InProcessRevocationSignals } from './revocation-signals.service';
import {
  VoterSessionRegistry,
  voterSessionVersion,
} from './voter-session.registry';
import type { VoterSessionsRepository } from './voter-sessions.repository';

type Sessions = Awaited<ReturnType<VoterSessionsRepository['sessionsOf']>>;
type Session = Sessions extends Map<string, infer S> ? S : never;

interface HeldRead {
  voterIds: string[];
  resolve: (rows: Sessions) => void;
}

/** Reads of voter rows that answer when the test says so, each voter read as `session`. */
function heldReads() {
  const pending: HeldRead[] = [];
  const asked: ((read: HeldRead) => void)[] = [];
  const repository = {
    sessionsOf: (voterIds: string[]) =>
      new Promise<Sessions>((resolve) => {
        const read = { voterIds, resolve };
        const waiter = asked.shift();
        if (waiter) waiter(read);
        else pending.push(read);
      }),
  } as unknown as VoterSessionsRepository;
  /** The oldest read not answered yet, once it has been asked. */
  const nextRead = () =>
    pending.length
      ? Promise.resolve(pending.shift()!)
      : new Promise<HeldRead>((resolve) => asked.push(resolve));
  return {
    repository,
    answer: async (session: Session) => {
      const { voterIds, resolve } = await nextRead();
      resolve(new Map(voterIds.map((id) => [id, session])));
    },
  };
}

describe('VoterSessionRegistry', () => {
  it('keeps a language heard while a re-check that read the old one was under way', async () => {
    let now = 0;
    const clock = { nowMs: () => now } as Clock;
    const config = { auth: { voterSessionRecheckSeconds: 60 } } as AppConfig;
    const signals = new InProcessRevocationSignals();
    const reads = heldReads();
    const sessions = new VoterSessionRegistry(
      reads.repository,
      signals,
      clock,
      config,
    );
    const version = voterSessionVersion('v1', 'ann@owners.test');

    const first = sessions.isCurrent('v1', version);
    await reads.answer({
      email: 'ann@owners.test',
      language: 'en',
      isTestVoter: false,
    });
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
    await reads.answer({
      email: 'ann@owners.test',
      language: 'en',
      isTestVoter: false,
    });
    await new Promise(setImmediate);
    expect(sessions.languageOf('v1')).toBe('fr');
  });
});
