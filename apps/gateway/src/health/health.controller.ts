import { createHash, timingSafeEqual } from 'node:crypto';
import {
  Controller,
  Get,
  Headers,
  NotFoundException,
  Res,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiException } from '../common/api-exception';
import { bearerToken } from '../common/text';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { MetricsService } from '../metrics/metrics.service';
import { RedisConnection } from '../redis/redis.module';

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  work.catch(() => undefined); // a late failure after the timeout must not go unhandled
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly database: Database,
    private readonly redis: RedisConnection,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz() {
    const checks: Record<string, string> = {};
    const probe = async (name: string, work: () => Promise<void>) => {
      try {
        await within(2000, work());
        checks[name] = 'up';
      } catch {
        checks[name] = 'down';
      }
    };
    await Promise.all([
      probe('database', () => this.database.ping()),
      this.redis.client
        ? probe('redis', () => this.redis.ping())
        : Promise.resolve((checks.redis = 'not configured')),
    ]);
    const down = Object.entries(checks).filter(([, state]) => state === 'down');
    if (down.length) {
      throw new ApiException(
        503,
        'not_ready',
        `Not ready: ${down.map(([name]) => name).join(', ')} unreachable.`,
      );
    }
    return { status: 'ready', checks };
  }

  @Get('metrics')
  async metricsText(
    @Headers('authorization') authorization: string | undefined,
    @Res() response: Response,
  ) {
    this.requireMetricsToken(authorization);
    // set here, not by decorator: the 404 of a deployment must look like any unknown route's
    response
      .setHeader('Cache-Control', 'no-store')
      .type(this.metrics.registry.contentType)
      .send(await this.metrics.registry.metrics());
  }

  /**
   * With METRICS_TOKEN set, /metrics is for the scraper that holds it; without one it is open
   * only on the embedded default, never on a deployment with a database (docs/security.md).
   */
  private requireMetricsToken(authorization: string | undefined): void {
    const { token: expected, open } = this.config.metrics;
    if (open) return;
    // answered as any unknown route is: a deployment does not show it exists
    if (!expected) throw new NotFoundException('Cannot GET /metrics');
    const given = authorization ? bearerToken(authorization) : null;
    const digest = (text: string) => createHash('sha256').update(text).digest();
    if (given && timingSafeEqual(digest(given), digest(expected))) return;
    throw new ApiException(
      401,
      given ? 'invalid_token' : 'missing_token',
      'The metrics endpoint needs Authorization: Bearer <METRICS_TOKEN>.',
      {
        'WWW-Authenticate': given
          ? 'Bearer realm="metrics", error="invalid_token"'
          : 'Bearer realm="metrics"',
      },
    );
  }
}
