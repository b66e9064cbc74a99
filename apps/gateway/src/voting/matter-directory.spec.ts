import { describe, expect, it } from 'vitest';
import type { Database } from '../database/database';
import {
  MatterDirectoryStore,
  type MatterInfo,
} from './matter-directory.store';

/** A database whose every select waits until the test answers it, counting the reads. */
function fakeDatabase() {
  const reads: ((rows: unknown[]) => void)[] = [];
  const query = {
    from: () => query,
    innerJoin: () => query,
    where: () => query,
    limit: () =>
      new Promise<unknown[]>((resolve) => {
        reads.push(resolve);
      }),
  };
  const database = { db: { select: () => query } } as unknown as Database;
  return { database, reads };
}

const aMatter = (liveStatus: MatterInfo['liveStatus']): MatterInfo => ({
  id: '3f6c1c3e-5d0b-4a59-9a52-8f1a2b3c4d5e',
  meetingId: '0b9d2f4a-6c1e-4e7b-8a3d-5f6e7d8c9b0a',
  shortCode: 'ABC123',
  options: ['Yes', 'No'],
  votingMethod: 'plurality',
  choices: 1,
  autoCloseWhenAllVoted: false,
  secretBallot: false,
  liveStatus,
  liveGeneration: 1,
  liveEndsAt: null,
});

describe(MatterDirectoryStore.name, () => {
  it('answers the ballots that miss the cache together with one read', async () => {
    const { database, reads } = fakeDatabase();
    const directory = new MatterDirectoryStore(database);
    const matter = aMatter('live');
    const asked = [1, 2, 3, 4, 5].map(() => directory.get(matter.id));
    expect(reads).toHaveLength(1);
    reads[0]([matter]);
    expect(await Promise.all(asked)).toEqual(asked.map(() => matter));
    // kept: the next ballot reads nothing
    expect(await directory.get(matter.id)).toEqual(matter);
    expect(reads).toHaveLength(1);
  });

  it('does not keep a read that an invalidate overtook', async () => {
    const { database, reads } = fakeDatabase();
    const directory = new MatterDirectoryStore(database);
    const before = aMatter('pending');
    const after = aMatter('live');
    const stale = directory.get(before.id);
    directory.invalidate(before.id);
    const fresh = directory.get(before.id);
    expect(reads).toHaveLength(2);
    reads[1]([after]);
    expect(await fresh).toEqual(after);
    reads[0]([before]);
    expect(await stale).toEqual(before);
    expect(await directory.get(before.id)).toEqual(after);
    expect(reads).toHaveLength(2);
  });

  it('lets the next caller read again after a read failed', async () => {
    const reads: (() => void)[] = [];
    let fail = true;
    const query = {
      from: () => query,
      innerJoin: () => query,
      where: () => query,
      limit: () =>
        new Promise<unknown[]>((resolve, reject) => {
          reads.push(() =>
            fail ? reject(new Error('gone')) : resolve([aMatter('live')]),
          );
        }),
    };
    const directory = new MatterDirectoryStore({
      db: { select: () => query },
    } as unknown as Database);
    const first = directory.get(aMatter('live').id);
    reads[0]();
    await expect(first).rejects.toThrow('gone');
    fail = false;
    const second = directory.get(aMatter('live').id);
    expect(reads).toHaveLength(2);
    reads[1]();
    expect(await second).toEqual(aMatter('live'));
  });

  it('counts the eligible members once for the ballots that miss the cache together', async () => {
    // the count's select ends at where(): each awaits its read until the test answers it
    const reads: ((rows: unknown[]) => void)[] = [];
    const query = {
      from: () => query,
      innerJoin: () => query,
      where: () =>
        new Promise<unknown[]>((resolve) => {
          reads.push(resolve);
        }),
    };
    const directory = new MatterDirectoryStore({
      db: { select: () => query },
    } as unknown as Database);
    const matterId = aMatter('live').id;

    const asked = [1, 2, 3, 4, 5].map(() =>
      directory.eligibleMembers(matterId),
    );
    expect(reads).toHaveLength(1);
    reads[0]([{ count: 7 }]);
    expect(await Promise.all(asked)).toEqual([7, 7, 7, 7, 7]);
    // kept: the next ballot reads nothing
    expect(await directory.eligibleMembers(matterId)).toBe(7);
    expect(reads).toHaveLength(1);

    // a read an invalidate overtook answers its callers but is not kept
    directory.invalidate(matterId);
    const stale = directory.eligibleMembers(matterId);
    directory.invalidate(matterId);
    const fresh = directory.eligibleMembers(matterId);
    expect(reads).toHaveLength(3);
    reads[2]([{ count: 9 }]);
    reads[1]([{ count: 8 }]);
    expect(await stale).toBe(8);
    expect(await fresh).toBe(9);
    expect(await directory.eligibleMembers(matterId)).toBe(9);
    expect(reads).toHaveLength(3);
  });
});
