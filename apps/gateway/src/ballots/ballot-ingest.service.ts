import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { BallotReceipt } from '@livevote/contracts';
import { ballotTiming, marksProblem } from '@livevote/rules';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import {
  causeMessage,
  isConnectionError,
  sqlState,
} from '../database/database';
import { MetricsService } from '../metrics/metrics.service';
import {
  BallotsRepository,
  type BallotInput,
  type BatchOutcome,
  type RefusalFacts,
} from './ballots.repository';
import type { CastChange } from '../voting/tally';
import { newReceipt } from './receipt-codes';
import {
  MARKS_CODES,
  TIMING_CODES,
  VotingErrorCode,
  VotingException,
} from '../voting/voting.exception';

export type BallotRequest = Omit<
  BallotInput,
  'eventId' | 'receivedAt' | 'receipt'
>;

/**
 * A durable ballot: its receipt, and whether it repeated a cast already written (same
 * idempotency key), so nothing was written for it now.
 */
export interface IngestedBallot {
  receipt: BallotReceipt;
  replayed: boolean;
}

interface Pending {
  input: BallotInput;
  resolve: (ballot: IngestedBallot) => void;
  reject: (error: Error) => void;
}

/** After a commit: the tally changes, or `recount` when some are unknown (a retried commit). */
export type AcceptedHandler = (
  matterId: string,
  changes: CastChange[],
  recount: boolean,
) => Promise<void>;

/** What became of one ballot of a batch. */
type Result =
  | BatchOutcome
  /** Its row alone made the statement fail (bad data or a constraint). */
  | { status: 'unstorable' }
  /** Not written: the database is unreachable, or failed for a reason not tied to a row. */
  | { status: 'unavailable' };

/** Group commit: a batch goes to the database every FLUSH_MS, or at once when it is full. */
export const FLUSH_MS = 2;
export const MAX_BATCH = 500;

const MAX_QUEUE = 50_000;
/** Statements one batch may take to isolate rows that fail it (about 3 bad rows in 500). */
const MAX_STATEMENTS_PER_BATCH = 64;

/**
 * A failure caused by the data of some row (SQLSTATE class 22, data exception, e.g. U+0000
 * in text) or a constraint it breaks (class 23, e.g. a voter deleted a moment before): the
 * rest of the batch can still be written.
 */
function isRowError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && /^2[23]/.test(state);
}

/**
 * Ballots from every voter on this node are queued and written in batches by one statement
 * each; a sender is answered only after its batch has committed. While the database is
 * unreachable every ballot is refused with 503 and nothing is acknowledged. A row that makes
 * the statement fail fails alone: the batch is split until it stands alone, and the rest is
 * written.
 */
@Injectable()
export class BallotIngestService implements OnApplicationShutdown {
  private readonly logger = new Logger('BallotIngestService');
  private queue: Pending[] = [];
  private timer?: NodeJS.Timeout;
  /** Batches being written, and the (matter, member) keys they hold. */
  private readonly writing = new Set<Promise<void>>();
  private readonly keysInFlight = new Set<string>();
  private onAccepted?: AcceptedHandler;
  /**
   * Batches written at once, on connections of their own (BALLOT_BATCHES_IN_FLIGHT, 2). One
   * at a time left the node idle while PostgreSQL committed (docs/benchmarks-history.md). Batches in
   * flight never share a (matter, member): a later cast of the same member waits for the
   * batch holding the earlier one, so the last ballot acknowledged is the one that stands.
   */
  private readonly batchesInFlight: number;

  constructor(
    private readonly ballots: BallotsRepository,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    config: AppConfig,
  ) {
    this.batchesInFlight = config.ballots.batchesInFlight;
    metrics.ballotQueueFrom(() => this.queue.length);
  }

  /** Ballots waiting for a batch. */
  get queued(): number {
    return this.queue.length;
  }

  setAcceptedHandler(handler: AcceptedHandler): void {
    this.onAccepted = handler;
  }

  /** Queues the ballot; resolves with its receipt once it is durable. */
  submit(request: BallotRequest): Promise<IngestedBallot> {
    if (this.queue.length >= MAX_QUEUE) {
      this.metrics.countBallotRefused(VotingErrorCode.Overloaded);
      return Promise.reject(new VotingException(VotingErrorCode.Overloaded));
    }
    const input: BallotInput = {
      ...request,
      eventId: randomUUID(),
      // made here, written by the batch statement: no round trip of its own
      receipt: newReceipt(),
      receivedAt: this.clock.now(),
    };
    return new Promise<IngestedBallot>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length || this.writing.size) {
      this.flush();
      await Promise.race(this.writing);
    }
  }

  private schedule(): void {
    if (this.writing.size >= this.batchesInFlight) return;
    if (this.queue.length >= MAX_BATCH) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, FLUSH_MS);
    }
  }

  /** Starts writing a batch when a place is free and a ballot can go; its end schedules more. */
  private flush(): void {
    if (this.writing.size >= this.batchesInFlight || !this.queue.length) return;
    const batch = this.takeBatch();
    if (!batch.length) return;
    const keys = batch.map(keyOf);
    for (const key of keys) this.keysInFlight.add(key);
    const writing: Promise<void> = this.write(batch).finally(() => {
      for (const key of keys) this.keysInFlight.delete(key);
      this.writing.delete(writing);
      if (this.queue.length) this.schedule();
    });
    this.writing.add(writing);
  }

  /**
   * Up to MAX_BATCH ballots with at most one per member and matter, none of whose keys is in
   * a batch being written; the rest wait their turn, in order.
   */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const skipped: Pending[] = [];
    const seen = new Set<string>();
    // stops once the batch is full: the queue behind it stays as it is (O(batch), not
    // O(queue) a batch: with 10,000 voters queued the scan was 6 % of the node's CPU)
    let index = 0;
    for (; index < this.queue.length && batch.length < MAX_BATCH; index += 1) {
      const pending = this.queue[index];
      const key = keyOf(pending);
      if (!seen.has(key) && !this.keysInFlight.has(key)) batch.push(pending);
      else skipped.push(pending);
      // a key seen once keeps its later casts behind it, taken or not
      seen.add(key);
    }
    const rest =
      index >= this.queue.length
        ? skipped
        : skipped.length
          ? skipped.concat(this.queue.slice(index))
          : this.queue.slice(index);
    this.queue = rest;
    return batch;
  }

  private async write(batch: Pending[]): Promise<void> {
    const started = performance.now();
    const results = await this.castIsolating(
      batch.map((pending) => pending.input),
    );
    this.metrics.observeBallotBatch(
      batch.length,
      (performance.now() - started) / 1000,
    );
    const refused = results.flatMap((result, ord) =>
      result.status === 'refused' || result.status === 'unstorable'
        ? [{ ord, input: batch[ord].input }]
        : [],
    );
    const facts = refused.length
      ? await this.refusalFacts(refused)
      : new Map<number, RefusalFacts>();
    const changes = new Map<string, { list: CastChange[]; recount: boolean }>();
    const changesOf = (matterId: string) => {
      const entry = changes.get(matterId) ?? { list: [], recount: false };
      changes.set(matterId, entry);
      return entry;
    };
    results.forEach((result, ord) => {
      const pending = batch[ord];
      switch (result.status) {
        case 'unavailable':
          pending.reject(
            new VotingException(VotingErrorCode.StoreUnavailable, {
              'retry-after': '1',
            }),
          );
          return;
        case 'unstorable':
          pending.reject(new VotingException(failureCode(facts.get(ord))));
          return;
        case 'refused':
          pending.reject(
            new VotingException(refusalCode(pending.input, facts.get(ord))),
          );
          return;
      }
      pending.resolve({
        receipt: {
          ballotId: result.ballotId,
          matterKey: pending.input.matterId,
          castAt: result.castAt.toISOString(),
          receipt: result.receipt,
        },
        // a cast an earlier attempt of the same statement wrote is this request's own write
        replayed: result.status === 'replayed' && !result.rewritten,
      });
      // a test voter's ballot changes no tally (docs/test-voters.md)
      if (pending.input.test) return;
      if (result.status === 'accepted') {
        changesOf(pending.input.matterId).list.push({
          method: result.method,
          choices: result.choices,
          votes: result.votes,
          weight: result.weight,
          prev: result.prev,
        });
      } else if (result.rewritten) {
        // an earlier attempt committed it and its changes were never applied
        changesOf(pending.input.matterId).recount = true;
      }
    });
    for (const [matterId, { list, recount }] of changes) {
      this.onAccepted?.(matterId, list, recount).catch((error: unknown) =>
        this.logger.warn(
          `after-commit work for matter ${matterId} failed: ${String(error)}`,
        ),
      );
    }
  }

  /**
   * Writes the batch in one statement. When a row's data or a constraint fails it, the batch
   * is halved and each half written again, until the failing rows stand alone: only they
   * fail. A lost connection, or any other failure, leaves what is not yet written unwritten.
   */
  private async castIsolating(inputs: BallotInput[]): Promise<Result[]> {
    const results: Result[] = inputs.map(() => ({ status: 'unavailable' }));
    const ranges: [number, number][] = [[0, inputs.length]];
    let statements = 0;
    while (ranges.length && statements < MAX_STATEMENTS_PER_BATCH) {
      const [from, to] = ranges.pop()!;
      statements += 1;
      try {
        const outcomes = await this.ballots.castBatch(inputs.slice(from, to));
        outcomes.forEach((outcome, k) => (results[from + k] = outcome));
      } catch (error) {
        if (!isRowError(error)) {
          const message = `ballot batch of ${to - from} failed: ${causeMessage(error)}`;
          if (isConnectionError(error)) this.logger.warn(message);
          else this.logger.error(message);
          break;
        }
        if (to - from === 1) {
          results[from] = { status: 'unstorable' };
          this.logger.warn(
            `a ballot could not be stored (SQLSTATE ${sqlState(error)}): ${causeMessage(error)}`,
          );
        } else {
          const middle = (from + to) >> 1;
          ranges.push([middle, to], [from, middle]);
        }
      }
    }
    if (ranges.length) {
      this.logger.error(
        `gave up isolating failing ballots after ${statements} statements`,
      );
    }
    return results;
  }

  private async refusalFacts(
    refused: { ord: number; input: BallotInput }[],
  ): Promise<Map<number, RefusalFacts>> {
    try {
      const facts = await this.ballots.refusalFacts(refused);
      return new Map(facts.map((fact) => [fact.ord, fact]));
    } catch {
      return new Map();
    }
  }
}

/** A test voter's ballot is its own, not its member's: it waits only behind its own casts. */
const keyOf = ({ input }: Pending): string =>
  input.test
    ? `${input.matterId}/test/${input.voterId}`
    : `${input.matterId}/${input.memberId}`;

/** Why the batch statement refused a ballot, from the state it met. */
export function refusalCode(
  input: BallotInput,
  facts: RefusalFacts | undefined,
): VotingErrorCode {
  if (!facts?.matter || !facts.meeting) return VotingErrorCode.MatterNotFound;
  if (!facts.memberFound) return VotingErrorCode.MemberNotFound;
  if (!facts.voterFound) return VotingErrorCode.VoterRemoved;
  if (!facts.recorderFound) return VotingErrorCode.ManagerRemoved;
  if (!facts.validChoices) {
    // the matter as the statement met it (the intake checked a cached copy): its problem's code
    const problem =
      facts.marked &&
      marksProblem(facts.marked, {
        choices: input.choices,
        votes: input.votes,
      });
    return problem ? MARKS_CODES[problem] : VotingErrorCode.InvalidChoice;
  }
  if (!facts.eligible) return VotingErrorCode.NotEligible;
  const timing = ballotTiming(
    input.kind,
    facts.matter,
    facts.meeting,
    input.receivedAt,
  );
  // in time, eligible and fitting: what stands may not be replaced by it
  return timing.refused
    ? TIMING_CODES[timing.refused]
    : VotingErrorCode.BallotLocked;
}

/** Why a ballot whose row failed the statement on its own could not be stored. */
export function failureCode(facts: RefusalFacts | undefined): VotingErrorCode {
  if (!facts) return VotingErrorCode.InvalidBallot;
  if (!facts.matter) return VotingErrorCode.MatterNotFound;
  if (!facts.memberFound) return VotingErrorCode.MemberNotFound;
  if (!facts.voterFound) return VotingErrorCode.VoterRemoved;
  if (!facts.recorderFound) return VotingErrorCode.ManagerRemoved;
  return VotingErrorCode.InvalidBallot;
}
