import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { GroupedCalls, GroupedRead } from './grouped-read';

interface HeldGroup {
  keys: string[];
  answer: (found: Map<string, string>) => void;
  fail: (error: Error) => void;
}

/** Statements the test answers itself, in the order they started. */
function heldGroups() {
  const groups: HeldGroup[] = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) =>
      groups.push({ keys, answer: resolve, fail: reject }),
    );
  return { read, groups };
}

/** Each key found, as its upper case. */
const upper = (keys: string[]) =>
  new Map(keys.map((k) => [k, k.toUpperCase()]));

/** Lets every settled statement's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe(GroupedRead.name, () => {
  it('reads the keys of one tick together, and every key asked during that read in the next statement', async () => {
    const { read, groups } = heldGroups();
    const rows = new GroupedRead(read, 'none');

    const first = [rows.get('a'), rows.get('b')];
    await settle();
    const crowd = ['c', 'd', 'a', 'c'].map((key) => rows.get(key));
    await settle();
    expect(groups.map((g) => g.keys)).toEqual([['a', 'b']]);

    groups[0].answer(upper(['a', 'b']));
    expect(await Promise.all(first)).toEqual(['A', 'B']);
    await settle();
    // 'a' asked again after the first statement began: read again, never the older answer
    expect(groups.map((g) => g.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'a'],
    ]);
    groups[1].answer(new Map([['c', 'C']]));
    expect(await Promise.all(crowd)).toEqual(['C', 'none', 'none', 'C']);
  });

  it('takes at most its group size a statement, and reads the rest next', async () => {
    const { read, groups } = heldGroups();
    const rows = new GroupedRead(read, 'none', 2);

    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => rows.get(key));
    await settle();
    groups[0].answer(upper(groups[0].keys));
    await settle();
    groups[1].answer(upper(groups[1].keys));
    await settle();
    groups[2].answer(upper(groups[2].keys));

    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(groups.map((g) => g.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails the callers of a failed statement only, and still reads the next group', async () => {
    const { read, groups } = heldGroups();
    const rows = new GroupedRead(read, 'none');

    const failed = rows.get('a');
    await settle();
    const next = rows.get('b');
    groups[0].fail(new Error('connection lost'));

    await expect(failed).rejects.toThrow('connection lost');
    await settle();
    groups[1].answer(upper(['b']));
    expect(await next).toBe('B');
  });

  it('reads at once again after an idle moment', async () => {
    const rows = new GroupedRead(async (keys: string[]) => upper(keys), '');

    expect(await rows.get('a')).toBe('A');
    expect(await rows.get('b')).toBe('B');
  });

  it('hands a group its items in the order added, repeats included, and answers each by position', async () => {
    const statements: string[][] = [];
    const calls = new GroupedCalls(async (items: string[]) => {
      statements.push(items);
      return items.map((item, i) => `${item}${i}`);
    });

    const answers = await Promise.all(
      ['b', 'a', 'b'].map((item) => calls.add(item)),
    );

    expect(statements).toEqual([['b', 'a', 'b']]);
    expect(answers).toEqual(['b0', 'a1', 'b2']);
  });
});

describe("GroupedCalls and the caller's context", () => {
  it('runs every group in the context it was made in, not in that of the item that started it', async () => {
    // as a transaction or a request is carried (database/database.ts, common/request-context.ts)
    const caller = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const grouping = () =>
      new GroupedCalls<string, string>((items) => {
        seen.push(caller.getStore());
        return Promise.resolve(items);
      });
    const calls = grouping();

    const first = caller.run('transaction of a', () => calls.add('a'));
    const joined = caller.run('transaction of b', () => calls.add('b'));
    expect(await Promise.all([first, joined])).toEqual(['a', 'b']);
    // the next group, started by another caller, neither
    expect(await caller.run('transaction of c', () => calls.add('c'))).toBe(
      'c',
    );
    expect(seen).toEqual([undefined, undefined]);

    // made inside a context, its groups keep that one (services are made outside any)
    const inside = caller.run('construction', grouping);
    await caller.run('transaction of d', () => inside.add('d'));
    expect(seen).toEqual([undefined, undefined, 'construction']);
  });
});
