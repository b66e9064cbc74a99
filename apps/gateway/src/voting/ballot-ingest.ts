import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { BallotReceipt } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { MetricsService } from '../metrics/metrics.service';
import {
  BallotsRepository,
  type BallotInput,
  type BatchOutcome,
  type RefusalFacts,
} from './ballots.repository';
import type { CastChange } from './tally';
import { VotingErrorCode, VotingException } from './voting.exception';

export type BallotRequest = Omit<BallotInput, 'eventId' | 'receivedAt'>;

interface Pending {
  input: BallotInput;
  resolve: (receipt: BallotReceipt) => void;
  reject: (error: Error) => void;
}

export type AcceptedHandler = (
  matterId: string,
  changes: CastChange[],
) => Promise<void>;

/** Group commit: a batch goes to the database every FLUSH_MS, or at once when it is full. */
export const FLUSH_MS = 2;
export const MAX_BATCH = 500;
const MAX_QUEUE = 50_000;

/**
 * Ballots from every voter on this node are queued and written in batches by one statement
 * each; a sender is answered only after its batch has committed. While the database is
 * unreachable every ballot is refused with 503 and nothing is acknowledged.
 */
@Injectable()
export class BallotIngest implements OnApplicationShutdown {
  private readonly logger = new Logger('BallotIngest');
  private queue: Pending[] = [];
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private onAccepted?: AcceptedHandler;

  constructor(
    private readonly ballots: BallotsRepository,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
  ) {}

  setAcceptedHandler(handler: AcceptedHandler): void {
    this.onAccepted = handler;
  }

  /** Queues the ballot; resolves with the receipt once it is durable. */
  submit(request: BallotRequest): Promise<BallotReceipt> {
    if (this.queue.length >= MAX_QUEUE)
      return Promise.reject(new VotingException(VotingErrorCode.Overloaded));
    const input: BallotInput = {
      ...request,
      eventId: randomUUID(),
      receivedAt: this.clock.now(),
    };
    return new Promise<BallotReceipt>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    while (this.queue.length || this.flushing) {
      await (this.flushing ?? this.flush());
    }
  }

  private schedule(): void {
    if (this.flushing) return;
    if (this.queue.length >= MAX_BATCH) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    }
  }

  private flush(): Promise<void> {
    this.timer = undefined;
    if (this.flushing || !this.queue.length)
      return this.flushing ?? Promise.resolve();
    const batch = this.takeBatch();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined;
      if (this.queue.length) this.schedule();
    });
    return this.flushing;
  }

  /** Up to MAX_BATCH ballots with at most one per member and matter; the rest wait their turn. */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const seen = new Set<string>();
    for (const pending of this.queue) {
      const key = `${pending.input.matterId}/${pending.input.memberId}`;
      if (batch.length < MAX_BATCH && !seen.has(key)) {
        seen.add(key);
        batch.push(pending);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Pending[]): Promise<void> {
    const started = performance.now();
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.ballots.castBatch(
        batch.map((pending) => pending.input),
      );
    } catch (error) {
      this.logger.error(
        `ballot batch of ${batch.length} failed: ${String(error)}`,
      );
      for (const pending of batch)
        pending.reject(new VotingException(VotingErrorCode.StoreUnavailable));
      return;
    }
    this.metrics.observeBallotBatch(
      batch.length,
      (performance.now() - started) / 1000,
    );
    const refused = outcomes.flatMap((outcome, ord) =>
      outcome.status === 'refused' ? [{ ord, input: batch[ord].input }] : [],
    );
    const facts = refused.length
      ? await this.refusalFacts(refused)
      : new Map<number, RefusalFacts>();
    const changes = new Map<string, CastChange[]>();
    outcomes.forEach((outcome, ord) => {
      const pending = batch[ord];
      if (outcome.status === 'refused') {
        pending.reject(
          new VotingException(refusalCode(pending.input, facts.get(ord))),
        );
        return;
      }
      pending.resolve({
        ballotId: outcome.ballotId,
        matterKey: pending.input.matterId,
        castAt: outcome.castAt.toISOString(),
      });
      if (outcome.status === 'accepted') {
        const list = changes.get(pending.input.matterId) ?? [];
        list.push({
          method: outcome.method,
          choices: outcome.choices,
          weight: outcome.weight,
          prev: outcome.prev,
        });
        changes.set(pending.input.matterId, list);
      }
    });
    for (const [matterId, list] of changes) {
      this.onAccepted?.(matterId, list).catch((error: unknown) =>
        this.logger.warn(
          `after-commit work for matter ${matterId} failed: ${String(error)}`,
        ),
      );
    }
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

/** Why the batch statement refused a ballot, from the state it met. */
export function refusalCode(
  input: BallotInput,
  facts: RefusalFacts | undefined,
): VotingErrorCode {
  if (!facts || facts.liveStatus === null)
    return VotingErrorCode.MatterNotFound;
  if (!facts.memberFound) return VotingErrorCode.MemberNotFound;
  if (!facts.validChoices) return VotingErrorCode.InvalidChoice;
  if (!facts.eligible) return VotingErrorCode.NotEligible;
  if (input.kind !== 'voter') {
    if (facts.liveStatus === 'closed') return VotingErrorCode.MatterClosed;
    if (input.kind === 'proxy' && !facts.allowProxyVote)
      return VotingErrorCode.ProxyNotAllowed;
    return VotingErrorCode.BallotLocked;
  }
  if (facts.liveStatus === 'live') {
    const late =
      facts.liveEndsAt !== null && input.receivedAt > facts.liveEndsAt;
    return late ? VotingErrorCode.MatterNotLive : VotingErrorCode.BallotLocked;
  }
  if (facts.liveStatus === 'closed') return VotingErrorCode.MatterNotLive;
  if (!facts.allowProxyVote) return VotingErrorCode.MatterNotLive;
  if (
    facts.earlyVotingClosesAt &&
    input.receivedAt >= facts.earlyVotingClosesAt
  ) {
    return VotingErrorCode.EarlyVotingClosed;
  }
  return VotingErrorCode.BallotLocked;
}
