import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './support/services';

const REPO = resolve(__dirname, '../../..');
const run = promisify(execFile);
const HARNESS_TIMEOUT_MS = 240_000;

/** Runs bench/<name>.mjs and returns its one JSON line, parsed. */
async function harness(name: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [resolve(REPO, 'bench', `${name}.mjs`), ...args],
    {
      cwd: REPO,
      env: {
        ...process.env,
        BENCH_DATABASE_URL: TEST_DATABASE_URL,
        BENCH_REDIS_URL: TEST_REDIS_URL,
      },
      maxBuffer: 16 * 2 ** 20,
    },
  );
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

const Latency = z.object({
  n: z.number().int().positive(),
  p50: z.number(),
  p90: z.number(),
  p99: z.number(),
  max: z.number(),
});
const Target = z.object({ rule: z.string(), met: z.boolean() });
const Line = { run: z.number().int(), at: z.iso.datetime() };

/**
 * Every harness at N = 50 and short durations, so they cannot rot. Figures are not checked:
 * benchmarks are never timed assertions; only the shape of each line and the ingest recount.
 */
describe('bench harnesses (smoke, N = 50)', () => {
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
  }, 120_000);

  it(
    'fanout measures the gateway and the bare socket.io server on the same sockets',
    async () => {
      const line = z
        .object({
          ...Line,
          bench: z.literal('fanout'),
          runs: z
            .array(
              z.object({
                sockets: z.literal(50),
                bytes: z.object({ gateway: z.number(), bare: z.number() }),
                gateway: Latency,
                bare: Latency,
                p50Ratio: z.number(),
                p99Ratio: z.number(),
                // one round a side, left out of the figures above
                warmup: z.object({ gateway: Latency, bare: Latency }),
              }),
            )
            .length(1),
          target: Target,
        })
        .parse(await harness('fanout', ['--sockets', '50', '--rounds', '1']));
      expect(line.runs[0].gateway.n).toBe(100);
      expect(line.runs[0].bare.n).toBe(100);
      expect(line.runs[0].warmup.gateway.n).toBe(100);
      expect(line.runs[0].warmup.bare.n).toBe(100);
      expect(line.runs[0].bytes.bare).toBe(line.runs[0].bytes.gateway);
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'ingest recounts exactly the ballots it was acknowledged',
    async () => {
      const line = z
        .object({
          ...Line,
          bench: z.literal('ingest'),
          voters: z.literal(50),
          gateway: z.object({
            acks: z.number().int().positive(),
            acksPerSecond: z.number(),
            ackLatency: Latency,
            errors: z.record(z.string(), z.number()),
            batches: z.object({
              batches: z.number(),
              meanSize: z.number(),
              meanCommitMs: z.number(),
            }),
            // what a ballot cost each process: the node and PostgreSQL's backends did work
            cost: z.object({
              machine: z.object({
                busyCores: z.number().positive(),
                idleCores: z.number(),
              }),
              cpuMicrosecondsPerAck: z.object({
                gateway: z.number().positive(),
                generator: z.number().positive(),
                postgresBackends: z.number().positive(),
                redis: z.number(),
                machine: z.number().positive(),
              }),
            }),
          }),
          recount: z.object({
            ballotEvents: z.number(),
            acknowledgedStored: z.number(),
            lastMismatches: z.number(),
            equalsAcks: z.boolean(),
          }),
          baseline: z.object({
            connections: z.number(),
            rowsPerSecond: z.number(),
            latency: Latency,
          }),
          bare: z.object({
            acksPerSecond: z.number(),
            ackLatency: Latency,
            cost: z.object({
              cpuMicrosecondsPerAck: z.object({
                bare: z.number().positive(),
                generator: z.number().positive(),
              }),
            }),
          }),
          bursts: z
            .array(
              z.object({
                seconds: z.literal(1),
                offeredPerSecond: z.literal(50),
                // it began once the closed loop's events were in the hash chain
                sealedAfterMs: z.number().nonnegative(),
                gateway: z.object({
                  acks: z.number(),
                  ackLatency: Latency,
                  errors: z.record(z.string(), z.number()),
                  // the burst's own batches: its 50 ballots, no more
                  batches: z.object({
                    batches: z.number().int().positive(),
                    written: z.literal(50),
                  }),
                  cost: z.object({
                    cpuMicrosecondsPerAck: z.object({
                      gateway: z.number().positive(),
                      postgresBackends: z.number().positive(),
                    }),
                  }),
                }),
                bare: z.object({ acks: z.literal(50), ackLatency: Latency }),
                recount: z.object({ equalsAcks: z.boolean() }),
              }),
            )
            .length(1),
          target: Target,
        })
        .parse(
          await harness('ingest', [
            '--voters',
            '50',
            '--matters',
            '3',
            '--seconds',
            '1',
            '--bursts',
            '1',
          ]),
        );
      expect(line.recount).toMatchObject({
        ballotEvents: line.gateway.acks,
        acknowledgedStored: line.gateway.acks,
        lastMismatches: 0,
        equalsAcks: true,
      });
      // every voter's one burst ballot acknowledged and stored, no more
      expect(line.bursts[0].gateway).toMatchObject({ acks: 50, errors: {} });
      expect(line.bursts[0].recount.equalsAcks).toBe(true);
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    "reads times each of the chair's console reads over a seeded meeting",
    async () => {
      const Read = Latency.extend({ meanBytes: z.number() });
      const line = z
        .object({
          ...Line,
          bench: z.literal('reads'),
          units: z.literal(50),
          ballotEvents: z.literal(270),
          ballots: z.literal(135),
          reads: z.object({
            meeting: Read,
            meetingStats: Read,
            matterStats: Read,
            matterVoters: Read,
            matterVotersAll: Read,
            membersPage: Read,
            membersSearch: Read,
            notVotedPage: Read,
            notVotedSearch: Read,
          }),
          target: Target,
        })
        .parse(
          await harness('reads', [
            '--units',
            '50',
            '--matters',
            '3',
            '--events',
            '270',
            '--requests',
            '5',
          ]),
        );
      expect(line.reads.notVotedPage.n).toBe(5);
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'deadlines reports the lateness of every close beside bare BullMQ jobs',
    async () => {
      const line = z
        .object({
          ...Line,
          bench: z.literal('deadlines'),
          matters: z.literal(10),
          redisHz: z.number(),
          gateway: z.object({
            lateness: Latency,
            latenessBySocketNode: z.object({ a: Latency, b: Latency }),
            closeEvents: z.number(),
            doubleCloses: z.number(),
            missing: z.number(),
            closedAtDeadline: z.number(),
          }),
          baseline: z.object({ lateness: Latency, fired: z.literal(10) }),
          target: Target,
        })
        .parse(
          await harness('deadlines', ['--matters', '10', '--spread-ms', '300']),
        );
      // correctness, not timing: every matter closed exactly once, none missed
      expect(line.gateway).toMatchObject({
        doubleCloses: 0,
        missing: 0,
        closedAtDeadline: 10,
      });
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'socket-flood times the other voters quiet and flooded, and recounts their ballots',
    async () => {
      const Others = z.object({
        acks: z.literal(50),
        ackLatency: Latency,
        overTwoSeconds: z.number().int(),
        unanswered: z.literal(0),
        errors: z.object({}).strict(),
      });
      const line = z
        .object({
          ...Line,
          bench: z.literal('socket-flood'),
          voters: z.literal(50),
          quiet: Others,
          flooded: Others,
          flooder: z.object({
            emitted: z.number().int(),
            disconnect: z.string().nullable(),
            closing: z.object({ error: z.object({ code: z.string() }) }),
          }),
          recount: z.object({ equalsAcks: z.boolean() }),
        })
        .parse(
          await harness('socket-flood', [
            '--voters',
            '50',
            '--flood-seconds',
            '5',
          ]),
        );
      // correctness, not timing: the flooder was closed with its reason, every other ballot stored
      expect(line.flooder).toMatchObject({
        disconnect: 'io server disconnect',
        closing: { error: { code: 'rate_limited' } },
      });
      expect(line.recount.equalsAcks).toBe(true);
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'memory reports RSS per socket of both servers and writes their snapshots, which heap-diff reads per socket',
    async () => {
      const PerSocket = z.object({
        rssBeforeMb: z.number(),
        rssAfterMb: z.number(),
        bytesPerSocket: z.number(),
      });
      const dir = mkdtempSync(join(tmpdir(), 'lv-heap-'));
      try {
        // one run for both: --heap-snapshot adds the snapshots and leaves the line as it is
        z.object({
          ...Line,
          bench: z.literal('memory'),
          sockets: z.literal(50),
          gateway: PerSocket,
          bare: PerSocket,
          // null when the bare server's RSS did not grow: at 50 sockets RSS moves by more than
          // the sockets cost, either way (the full size measures the ratio)
          perSocketRatio: z.number().nullable(),
          target: Target,
          heapSnapshots: z.literal(dir),
        }).parse(
          await harness('memory', ['--sockets', '50', '--heap-snapshot', dir]),
        );
        const { stdout } = await run(
          process.execPath,
          [
            resolve(REPO, 'bench', 'heap-diff.mjs'),
            dir,
            '--sockets',
            '50',
            '--json',
          ],
          { cwd: REPO, maxBuffer: 16 * 2 ** 20 },
        );
        const Anchor = z.object({
          label: z.string(),
          count: z.number(),
          retained: z.number(),
        });
        const diff = z
          .object({
            sockets: z.literal(50),
            totals: z.object({
              gatewayBytes: z.number(),
              bareBytes: z.number(),
            }),
            rows: z.array(z.object({ key: z.string() })).min(1),
            gateway: z.array(Anchor),
            bare: z.array(Anchor),
          })
          .parse(JSON.parse(stdout));
        const sockets = (anchors: z.infer<typeof Anchor>[]) =>
          anchors.find((anchor) => anchor.label === 'socket.io Socket');
        // the 50 sockets are connected in both "after" snapshots, and each holds something
        expect(sockets(diff.bare)?.count).toBe(50);
        expect(sockets(diff.gateway)?.count).toBeGreaterThanOrEqual(50);
        expect(sockets(diff.gateway)?.retained).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'multinode measures one node and two nodes, and ballots cast on both',
    async () => {
      z.object({
        ...Line,
        bench: z.literal('multinode'),
        sockets: z.literal(50),
        socketsPerNode: z.literal(25),
        oneNode: Latency,
        twoNodes: Latency,
        warmup: z.object({ oneNode: Latency, twoNodes: Latency }),
        twoNodesBySocketNode: z.object({ a: Latency, b: Latency }),
        addedP50Ms: z.number(),
        // ballots cast on both nodes; every tally equals the recount and the acks
        ballots: z.object({
          acks: z.literal(50),
          byNode: z.object({
            a: z.object({ acks: z.literal(25) }),
            b: z.object({ acks: z.literal(25) }),
          }),
          recount: z.object({ equalsAcks: z.literal(true) }),
          talliesEqual: z.literal(true),
        }),
        target: Target,
      }).parse(
        await harness('multinode', [
          '--sockets-per-node',
          '25',
          '--rounds',
          '1',
          '--ballot-seconds',
          '1',
        ]),
      );
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'import-members imports every unit through a gateway of its own',
    async () => {
      z.object({
        ...Line,
        bench: z.literal('import-members'),
        units: z.literal(50),
        voters: z.number(),
        ms: z.number(),
      }).parse(await harness('run-import-members', ['--units', '50']));
    },
    HARNESS_TIMEOUT_MS,
  );

  it(
    'report-minutes renders the whole report of a closed meeting while /healthz is timed',
    async () => {
      const line = z
        .object({
          ...Line,
          bench: z.literal('report-minutes'),
          units: z.literal(50),
          matters: z.literal(2),
          ballotEvents: z.number().int().positive(),
          ballots: z.number().int().positive(),
          renders: z.literal(2),
          pdf: Latency.extend({ firstMs: z.number(), bytes: z.number() }),
          csv: Latency.extend({ firstMs: z.number(), bytes: z.number() }),
          attendanceCsvMs: z.number(),
          healthzQuiet: Latency,
          healthzDuringRenders: Latency,
          target: Target,
        })
        .parse(
          await harness('report-minutes', [
            '--units',
            '50',
            '--matters',
            '2',
            '--events',
            '100',
            '--renders',
            '2',
          ]),
        );
      expect(line.pdf.n).toBe(2);
    },
    HARNESS_TIMEOUT_MS,
  );
});
