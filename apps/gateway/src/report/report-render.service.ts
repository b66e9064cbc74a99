import { join } from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import type { RenderTask, Rendered } from './report-render';
import { ReportErrorCode, ReportException } from './report.exception';

/** What piscina rejects a task with when every thread is busy and its queue is full. */
const POOL_FULL = new Set([
  'Task queue is at limit',
  'No task queue available and all Workers are busy',
]);

/**
 * Renders reports in a pool of worker threads (docs/security.md): laying out the PDF of a big
 * meeting takes seconds of CPU, which on the event loop would stall every tenant's requests,
 * ballots and sockets on this node. At most REPORT_RENDER_THREADS render at once and
 * REPORT_RENDER_QUEUE wait for a thread; beyond that a render is refused `report_busy`.
 */
@Injectable()
export class ReportRenderService implements OnModuleDestroy {
  private readonly pool: Piscina<RenderTask, Rendered>;
  private inFlight = 0;

  constructor(config: AppConfig, metrics: MetricsService) {
    // run from the TypeScript source (the tests), the worker needs compiling too
    const fromSource = __filename.endsWith('.ts');
    this.pool = new Piscina({
      filename: join(
        __dirname,
        fromSource ? 'report-render.source.mjs' : 'report-render.worker.js',
      ),
      minThreads: 0,
      maxThreads: config.reports.renderThreads,
      maxQueue: config.reports.renderQueue,
      idleTimeout: 30_000,
    });
    metrics.reportRendersFrom(() => this.inFlight);
  }

  async render(task: RenderTask): Promise<Rendered & { bytes: Buffer }> {
    this.inFlight += 1;
    try {
      const { bytes, sha256, csvBlocks } = await this.pool.run(task);
      return {
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        sha256,
        csvBlocks,
      };
    } catch (error) {
      if (POOL_FULL.has((error as Error).message))
        throw new ReportException(ReportErrorCode.ReportBusy);
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}
