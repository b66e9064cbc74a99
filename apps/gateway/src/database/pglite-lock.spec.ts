import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPglite, PGLITE_LOCK_FILE, PgliteLockedError } from './pglite-lock';

describe(lockPglite.name, () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0))
      rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first lives, naming it, and gives way once released', () => {
    const dir = dataDir();
    const release = lockPglite(dir, 'gateway');
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(true);
    expect(() => lockPglite(dir, 'admin CLI')).toThrow(PgliteLockedError);
    expect(() => lockPglite(dir, 'admin CLI')).toThrow(
      new RegExp(
        `open in the gateway \\(pid ${process.pid}, since .*stop that process first`,
      ),
    );
    release();
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(false);
    lockPglite(dir, 'admin CLI')();
  });

  it('takes over the lock of a process that is gone, or a file it cannot read', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dir, PGLITE_LOCK_FILE),
      JSON.stringify({ pid: gone, holder: 'gateway', since: 'then' }),
    );
    const release = lockPglite(dir, 'admin CLI');
    release();
    writeFileSync(join(dir, PGLITE_LOCK_FILE), 'not json');
    lockPglite(dir, 'gateway')();
  });

  it('takes over a lock with its own pid that it does not hold (a restarted container)', () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, PGLITE_LOCK_FILE),
      JSON.stringify({ pid: process.pid, holder: 'gateway', since: 'then' }),
    );
    const release = lockPglite(dir, 'gateway');
    expect(() => lockPglite(dir, 'admin CLI')).toThrow(PgliteLockedError);
    release();
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(false);
  });

  it('leaves a lock alone that another process has taken since', () => {
    const dir = dataDir();
    const release = lockPglite(dir, 'gateway');
    const other = spawnSync(process.execPath, ['-e', '']).pid;
    // as if our lock had been taken over after we were thought gone
    writeFileSync(
      join(dir, PGLITE_LOCK_FILE),
      JSON.stringify({ pid: other, holder: 'gateway', since: 'now' }),
    );
    release();
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(true);
  });
});
