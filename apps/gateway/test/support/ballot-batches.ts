import { vi } from 'vitest';
import {
  BallotIngestService,
  type BallotRequest,
} from '../../src/ballots/ballot-ingest.service';
import { BallotsRepository } from '../../src/ballots/ballots.repository';
import type { TestGateway } from './test-app';

/**
 * Holds the next batch statement until released: the ballots sent meanwhile queue up behind
 * it and go to the database together, in one batch.
 */
export function holdNextBatch(gateway: TestGateway) {
  const repository = gateway.app.get(BallotsRepository);
  const original = repository.castBatch.bind(repository);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const holding = new Promise<void>((resolve) => (reached = resolve));
  const batches = vi
    .spyOn(repository, 'castBatch')
    .mockImplementationOnce(async (inputs) => {
      reached();
      await released;
      return original(inputs);
    });
  return {
    holding,
    release,
    /** Every batch statement run since, with its inputs. */
    batches: () => batches.mock.calls.map(([inputs]) => inputs),
  };
}

/** Conditions a test awaits, re-checked each time something happens. */
export class Signal {
  private readonly waiters: { ready: () => boolean; resolve: () => void }[] =
    [];

  poke(): void {
    for (const waiter of [...this.waiters]) {
      if (!waiter.ready()) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }
}

/** The idempotency keys of the ballots that reached the ingest queue, and its deepest length. */
export function watchQueue(gateway: TestGateway) {
  const ingest = gateway.app.get(BallotIngestService);
  const original = ingest.submit.bind(ingest);
  const signal = new Signal();
  const watched = { keys: new Set<string | null>(), deepest: 0 };
  vi.spyOn(ingest, 'submit').mockImplementation((ballot: BallotRequest) => {
    watched.keys.add(ballot.idempotencyKey);
    const receipt = original(ballot);
    watched.deepest = Math.max(watched.deepest, ingest.queued);
    signal.poke();
    return receipt;
  });
  return {
    keys: watched.keys,
    get deepest() {
      return watched.deepest;
    },
    until: (ready: () => boolean) => signal.until(ready),
  };
}
