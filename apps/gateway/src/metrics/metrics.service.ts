import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';

/** One Prometheus registry per gateway instance (tests run several in one process). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  private readonly ballotBatches = new Histogram({
    name: 'ballot_batch_seconds',
    help: 'Time to commit one group-commit batch of ballots',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  private readonly ballotsCommitted = new Counter({
    name: 'ballots_written_total',
    help: 'Ballots sent to the database in group-commit batches',
    registers: [this.registry],
  });

  private readonly ballotsRefused = new Counter({
    name: 'ballots_refused_total',
    help: 'Ballots refused before they reached the database, by code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  /** Read when scraped, not set once a ballot: prom-client's `set` is work on the hot path. */
  private ballotQueueLength: () => number = () => 0;
  private readonly ballotQueue: Gauge = new Gauge({
    name: 'ballot_queue_length',
    help: 'Ballots waiting for a group-commit batch on this node',
    registers: [this.registry],
    collect: (): void => this.ballotQueue.set(this.ballotQueueLength()),
  });

  private reportRendersInFlight: () => number = () => 0;
  private readonly reportRenders: Gauge = new Gauge({
    name: 'report_renders_in_flight',
    help: 'Report renders handed to the worker pool on this node and not finished',
    registers: [this.registry],
    collect: (): void => this.reportRenders.set(this.reportRendersInFlight()),
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  countBallotRefused(code: string): void {
    this.ballotsRefused.inc({ code });
  }

  /** Where the gauge of ballots waiting for a batch reads its value when scraped. */
  ballotQueueFrom(length: () => number): void {
    this.ballotQueueLength = length;
  }

  /** Where the gauge of report renders in the worker pool reads its value when scraped. */
  reportRendersFrom(count: () => number): void {
    this.reportRendersInFlight = count;
  }

  observeBallotBatch(size: number, seconds: number): void {
    this.ballotBatches.observe(seconds);
    this.ballotsCommitted.inc(size);
  }

  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const end = this.httpDuration.startTimer();
      res.on('finish', () => {
        const route = req.route?.path
          ? `${req.baseUrl}${String(req.route.path)}`
          : 'unmatched';
        end({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }
}
