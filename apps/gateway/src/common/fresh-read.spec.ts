import { describe, expect, it } from 'vitest';
import { FreshRead } from './single-flight';

/** Reads the test answers itself, in the order they started, each numbered from 1. */
function heldReads() {
  const answers: (() => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = answers.length + 1;
      answers.push(() => resolve(n));
      failures.push(reject);
    });
  return { read, answers, failures };
}

/** Lets every settled read's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe(FreshRead.name, () => {
  it('answers a crowd with two reads: the one under way and the next, which every later caller shares', async () => {
    const reads = new FreshRead<string, number>();
    const { read, answers } = heldReads();

    const first = reads.run('m', read);
    const crowd = [1, 2, 3, 4].map(() => reads.run('m', read));
    await settle();
    expect(answers).toHaveLength(1);

    answers[0]();
    expect(await first).toBe(1);
    await settle();
    // the crowd asked after the first read started: it gets the second, not the first's answer
    expect(answers).toHaveLength(2);
    answers[1]();
    expect(await Promise.all(crowd)).toEqual([2, 2, 2, 2]);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const reads = new FreshRead<string, number>();
    const { read, answers } = heldReads();
    const asked: { startedBefore: number; answer: Promise<number> }[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let caller = 0; caller < 3; caller += 1)
        asked.push({
          startedBefore: answers.length,
          answer: reads.run('m', read),
        });
      await settle();
      answers[answers.length - 1]();
      await settle();
    }
    for (const pending of answers) pending();
    await settle();
    for (const pending of answers) pending();
    for (const { startedBefore, answer } of asked)
      expect(await answer).toBeGreaterThan(startedBefore);
  });

  it('keeps keys apart', async () => {
    const reads = new FreshRead<string, string>();
    const a = reads.run('a', () => Promise.resolve('a'));
    const b = reads.run('b', () => Promise.resolve('b'));
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
  });

  it('hands a failed read to its callers only; the next caller reads again', async () => {
    const reads = new FreshRead<string, number>();
    const { read, answers, failures } = heldReads();
    const failing = reads.run('m', read);
    const queued = reads.run('m', read);
    await settle();
    failures[0](new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await settle();
    answers[1]();
    expect(await queued).toBe(2);
    await settle();
    const later = reads.run('m', read);
    await settle();
    expect(answers).toHaveLength(3);
    answers[2]();
    expect(await later).toBe(3);
  });

  it('starts afresh once a crowd is answered, keeping nothing', async () => {
    const reads = new FreshRead<string, number>();
    let n = 0;
    const read = () => Promise.resolve((n += 1));
    expect(await reads.run('m', read)).toBe(1);
    expect(await reads.run('m', read)).toBe(2);
  });
});
