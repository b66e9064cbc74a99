import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { AppModule } from './app.module';
import { Clock, SystemClock } from './common/clock';
import { QuietNestLogger } from './common/quiet-nest-logger';
import { bodyParsers, correlationId, urlGuard } from './common/http-middleware';
import { requestContext } from './common/request-context';
import { securityHeaders } from './common/security-headers';
import { consoleHandlers } from './console/console-static';
import { AppConfig } from './config/app-config';
import { openDatabase } from './database/database';
import { LiveIoAdapter } from './live/live-io.adapter';
import { MetricsService } from './metrics/metrics.service';

export interface GatewayOptions {
  clock?: Clock;
  /** The built console to serve at `/` (default apps/console/dist, when it exists). */
  consoleDir?: string;
}

/** Opens (and migrates) the database, then builds the HTTP gateway; `listen` is the caller's. */
export async function createGateway(
  config: AppConfig,
  options: GatewayOptions = {},
): Promise<NestExpressApplication> {
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    // a batch in flight holds one (BallotIngestService)
    batchConnections: config.ballots.batchesInFlight,
  });
  const clock = options.clock ?? new SystemClock();
  let app: NestExpressApplication;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({ config, database, clock }),
      {
        bodyParser: false,
        bufferLogs: true,
        abortOnError: false,
      },
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  app.useLogger(new QuietNestLogger(app.get(Logger)));
  app.useWebSocketAdapter(new LiveIoAdapter(app));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    securityHeaders(),
    correlationId(),
    app.get(MetricsService).middleware(),
    urlGuard(),
    ...bodyParsers(),
    requestContext(),
  );
  const consolePages = consoleHandlers(options.consoleDir);
  if (consolePages.length) app.use(...consolePages);

  // 3.1: zod's JSON Schema (type arrays for null, propertyNames) is not valid 3.0
  const openApi = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('LiveVote gateway')
    .setDescription(
      'Meetings, members, matters, live voting, documents, accounts, webcasts and partner access.',
    )
    .setVersion('1')
    .addServer(config.publicUrl)
    .addBearerAuth()
    .addBasicAuth(undefined, 'basic')
    .build();
  const document = cleanupOpenApiDoc(
    SwaggerModule.createDocument(app, openApi),
  );
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
  });
  new NestLogger('Gateway').debug?.(`database: ${database.kind}`);
  return app;
}
