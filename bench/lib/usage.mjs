// What a phase of a harness cost the processes on this machine: CPU seconds from /proc, the
// load average, PostgreSQL's backends of the bench database, and Redis's command counters.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { need } from './deps.mjs';
import { ADMIN_DATABASE_URL } from './env.mjs';
import { round } from './stats.mjs';

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which may hold spaces: utime and stime are 14 and 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The whole machine's busy and idle CPU seconds so far (every core, from /proc/stat). */
export function machineCpuSeconds() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is inside user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] =
    fields.map(Number);
  return {
    busy: (user + nice + system + irq + softirq + steal) / CLOCK_TICKS,
    idle: (idle + iowait) / CLOCK_TICKS,
  };
}

/**
 * Runs fn and what it cost: CPU seconds of each named process and of the bench database's
 * PostgreSQL backends, the whole machine's busy and idle cores, Redis's commands, the load
 * average. A backend there before counts from then; one opened since, all of its time.
 */
export async function measureCost({ processes, database, redis }, fn) {
  const pgBefore = new Map(
    (await backendPids(ADMIN_DATABASE_URL, database.name)).map((pid) => [
      pid,
      cpuSecondsOf(pid),
    ]),
  );
  const cpuBefore = Object.fromEntries(
    Object.entries(processes).map(([name, pid]) => [name, cpuSecondsOf(pid)]),
  );
  const redisBefore = await redisCounters(redis.client);
  const machineBefore = machineCpuSeconds();
  const loadBefore = loadAverage();
  const started = performance.now();
  const value = await fn();
  const seconds = (performance.now() - started) / 1000;
  const machine = machineCpuSeconds();
  const cpuSeconds = Object.fromEntries(
    Object.entries(processes).map(([name, pid]) => [
      name,
      round(cpuSecondsOf(pid) - cpuBefore[name]),
    ]),
  );
  let postgres = 0;
  for (const pid of await backendPids(ADMIN_DATABASE_URL, database.name))
    postgres += cpuSecondsOf(pid) - (pgBefore.get(pid) ?? 0);
  cpuSeconds.postgresBackends = round(postgres);
  return {
    value,
    cost: {
      seconds: round(seconds),
      cpuSeconds,
      machine: {
        busyCores: round((machine.busy - machineBefore.busy) / seconds),
        idleCores: round((machine.idle - machineBefore.idle) / seconds),
      },
      redis: redisDelta(redisBefore, await redisCounters(redis.client)),
      load: [loadBefore, loadAverage()],
    },
  };
}

/**
 * CPU microseconds each process spent a unit of work (an acknowledged ballot), from a
 * `measureCost`: with every process on the same cores, their sum is what a unit costs the
 * machine, and the machine's cores over it the most units a second it can do.
 */
export function microsecondsPer(cost, units) {
  if (!units) return null;
  const per = (seconds) => Math.round((seconds * 1e6) / units);
  const processes = Object.fromEntries(
    Object.entries(cost.cpuSeconds).map(([name, seconds]) => [
      name,
      per(seconds),
    ]),
  );
  processes.redis = per(cost.redis.cpuSeconds);
  const machine = per(cost.machine.busyCores * cost.seconds);
  return { ...processes, machine };
}

/** The 1-minute load average. */
export const loadAverage = () =>
  Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** The pids of PostgreSQL's backends connected to the database `name` (same machine). */
export async function backendPids(adminUrl, name) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Redis's commands processed and CPU seconds so far (the whole server: shared with others). */
export async function redisCounters(client) {
  const info = await client.info();
  const field = (name) =>
    Number(new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1] ?? NaN);
  return {
    commands: field('total_commands_processed'),
    cpuSeconds: field('used_cpu_sys') + field('used_cpu_user'),
    at: performance.now(),
  };
}

/** Commands a second and CPU seconds between two `redisCounters`. */
export function redisDelta(before, after) {
  const seconds = (after.at - before.at) / 1000;
  return {
    seconds: Math.round(seconds * 100) / 100,
    commands: after.commands - before.commands,
    opsPerSecond: Math.round((after.commands - before.commands) / seconds),
    cpuSeconds: Math.round((after.cpuSeconds - before.cpuSeconds) * 100) / 100,
  };
}

/**
 * Reruns this harness under `ulimit -n <hard limit>` when the soft limit of open files is
 * lower than `needed` (as bench/run.sh does): a generator or a node holds `needed` sockets.
 * Returns only when the limit is enough; otherwise exits with the rerun's status.
 */
export function ensureOpenFiles(needed) {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const [, soft, hard] = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits) ?? [];
  const number = (value) => (value === 'unlimited' ? Infinity : Number(value));
  if (number(soft) >= needed) return;
  if (process.env.BENCH_ULIMIT_RAISED || number(hard) <= number(soft))
    throw new Error(
      `open files limit ${soft} (hard ${hard}) is below the ${needed} this run needs`,
    );
  const rerun = spawnSync(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" && exec "$@"',
      'bench',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_ULIMIT_RAISED: '1' } },
  );
  process.exit(rerun.status ?? 1);
}

/**
 * CPU seconds so far of the named pids, and of each `postgres` and `redis-server` process on
 * the machine (backends and background workers alike, by pid): taken before and after a
 * short phase, it shows who had the cores then.
 */
export function cpuSnapshot(pids) {
  const named = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)]),
  );
  const groups = { postgres: new Map(), redis: new Map() };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const group =
      comm === 'postgres'
        ? groups.postgres
        : comm === 'redis-server'
          ? groups.redis
          : null;
    group?.set(entry, cpuSecondsOf(entry));
  }
  return { named, groups };
}

/**
 * Milliseconds of CPU each process (or group) spent between two `cpuSnapshot`s. A process
 * that ended in between counts nothing (its last seconds are not known), one that began
 * counts all of its time.
 */
export function cpuDelta(before, after) {
  const ms = (seconds) => Math.round(seconds * 1000);
  const delta = Object.fromEntries(
    Object.entries(after.named).map(([name, seconds]) => [
      name,
      ms(seconds - before.named[name]),
    ]),
  );
  for (const [name, pids] of Object.entries(after.groups)) {
    let seconds = 0;
    for (const [pid, now] of pids)
      seconds += now - (before.groups[name].get(pid) ?? 0);
    delta[name] = ms(seconds);
  }
  return delta;
}
