import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock beside the embedded database: `{ pid, holder, since }` (docs/deployment.md). */
export const PGLITE_LOCK_FILE = 'pglite.lock';

/** The embedded database is open in another live process. */
export class PgliteLockedError extends Error {}

interface LockContent {
  pid: number;
  holder: string;
  since: string;
}

function readLock(path: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as LockContent;
    return Number.isInteger(content.pid) && content.pid > 0
      ? content
      : undefined;
  } catch {
    return undefined;
  }
}

/** The lock files this process holds now. */
const held = new Set<string>();

/** Whether a process with that id runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database of `dataDir` for this process, or throws PgliteLockedError
 * naming the live process that has it: PGlite is one process's files, and a second one
 * opening them (the admin CLI beside `npm start`) corrupts them. A lock whose process is gone
 * (killed, crashed) is taken over. Resolves to the function that gives it back.
 */
export function lockPglite(dataDir: string, holder: string): () => void {
  const path = join(dataDir, PGLITE_LOCK_FILE);
  const mine: LockContent = {
    pid: process.pid,
    holder,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
      held.add(path);
      return () => {
        held.delete(path);
        if (readLock(path)?.pid === process.pid) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const other = readLock(path);
    // our own pid on a lock we do not hold: left by an earlier run that had the same pid, as
    // a container's first process has after a restart
    const ours = other?.pid === process.pid && !held.has(path);
    if (other && !ours && alive(other.pid))
      throw new PgliteLockedError(
        `The embedded database in ${join(dataDir, 'pglite')} is open in the ${other.holder} ` +
          `(pid ${other.pid}, since ${other.since}). It allows one process at a time: stop that ` +
          `process first (Ctrl+C in its terminal), or set DATABASE_URL to use PostgreSQL.`,
      );
    // stale: its process is gone, or the file is not ours to read
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new PgliteLockedError(
    `Could not take the lock ${path}: another process keeps taking it.`,
  );
}
