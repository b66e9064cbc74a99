import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, HasherBusyError } from './password-hash.service';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((done) => setImmediate(done));

describe(ConcurrencyGate.name, () => {
  it('runs at most `running` jobs at once, queues `waiting` more and refuses the next at once', async () => {
    const gate = new ConcurrencyGate(1, 2);
    const started: number[] = [];
    const releases = [deferred(), deferred(), deferred()];
    const jobs = releases.map((release, i) =>
      gate.run(async () => {
        started.push(i);
        await release.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(
      HasherBusyError,
    );

    releases[0].resolve();
    expect(await jobs[0]).toBe(0);
    await settle();
    expect(started).toEqual([0, 1]);
    releases[1].resolve();
    releases[2].resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    // Everything drained: the gate takes work again.
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('frees the slot of a job that fails', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(
      gate.run(() => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });
});
