import { describe, expect, it } from 'vitest';
import { PacketBudget, type PacketVerdict } from './packet-guard';

const limits = { perSecond: 10, burst: 20, floodSeconds: 3 };

/** `count` packets taken at `at` ms, their verdicts counted. */
function takeMany(budget: PacketBudget, at: number, count: number) {
  const verdicts: Partial<Record<PacketVerdict, number>> = {};
  for (let i = 0; i < count; i += 1) {
    const verdict = budget.take(at);
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
  }
  return verdicts;
}

describe(PacketBudget.name, () => {
  it('passes a burst, drops what goes past it, and refills at the rate', () => {
    const budget = new PacketBudget(limits, 0);
    expect(takeMany(budget, 0, 25)).toEqual({ pass: 20, drop: 5 });
    expect(takeMany(budget, 500, 10)).toEqual({ pass: 5, drop: 5 });
    expect(takeMany(budget, 10_000, 30)).toEqual({ pass: 20, drop: 10 });
  });

  it('never lets a client that keeps to the rate lose a packet', () => {
    const budget = new PacketBudget(limits, 0);
    for (let at = 0; at < 60_000; at += 100)
      expect(budget.take(at)).toBe('pass');
  });

  it('finds flooding once a connection has stayed over its budget for floodSeconds', () => {
    const budget = new PacketBudget(limits, 0);
    takeMany(budget, 0, 20);
    const verdicts: PacketVerdict[] = [];
    for (let at = 0; at <= 3_050; at += 50) verdicts.push(budget.take(at));
    expect(verdicts.at(-1)).toBe('flood');
    expect(verdicts.indexOf('flood')).toBe(verdicts.length - 1);
    expect(verdicts.filter((v) => v === 'pass').length).toBeGreaterThan(0);
  });

  it('forgives bursts over the budget with a second’s pause between them', () => {
    const budget = new PacketBudget(limits, 0);
    for (let at = 0; at < 30_000; at += 2_500) {
      const verdicts = takeMany(budget, at, 60);
      expect(verdicts.flood).toBeUndefined();
      expect(verdicts.drop).toBeGreaterThan(0);
    }
  });

  it('does not refill from a clock that went back', () => {
    const budget = new PacketBudget(limits, 10_000);
    takeMany(budget, 10_000, 20);
    expect(budget.take(5_000)).toBe('drop');
    expect(takeMany(budget, 5_100, 5)).toEqual({ pass: 1, drop: 4 });
  });
});
