import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) =>
  z.coerce.number().int().min(1).default(fallback);

/** What Express's `trust proxy` gets: a number of hops, or addresses, CIDRs and named ranges. */
export type TrustProxy = false | number | string[];

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default) ignores X-Forwarded-For; `true` or a number trusts that many
 * proxy hops (true = 1, the one load balancer we ship); otherwise a comma-separated list of
 * proxy addresses, CIDRs or loopback/linklocal/uniquelocal. Never "trust every hop".
 */
const TrustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= 10) return hops;
    }
    const entries = lower.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !trustedProxyEntry(entry));
    if (bad === undefined) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `"${bad}" is not false, true, a hop count (1-10), an IP address, a CIDR or loopback/linklocal/uniquelocal`,
    });
    return z.NEVER;
  });

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('livevote'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('LiveVote <no-reply@livevote.localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORTAL_HOST: z.string().min(1).optional(),
  DOCUMENTS_DIR: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_PER_USER: positiveInt(10),
  AUTH_RATE_LIMIT_PER_IP: positiveInt(60),
  PARTNER_TOKEN_RATE_LIMIT_PER_CLIENT: positiveInt(10),
  PARTNER_TOKEN_RATE_LIMIT_PER_IP: positiveInt(30),
  HOLDER_PRESENCE_RATE_LIMIT: positiveInt(5),
  MAIL_RESENDS_PER_RECIPIENT: positiveInt(5),
  BULK_RESENDS_PER_MEETING: positiveInt(3),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  VOTER_SESSION_RECHECK_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(60),
  TRUST_PROXY: TrustProxySetting.default(false),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/-]{16,256}=*$/,
      'must be 16 to 256 characters usable in a Bearer header',
    )
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(10_000),
  BALLOT_LIMIT_PER_SOCKET: z.coerce.number().int().min(1).max(100).default(2),
  BALLOT_LIMIT_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(4),
  BALLOT_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  PROXY_SUBMISSIONS_PER_MEMBER: positiveInt(5),
  PROXY_NEW_HOLDERS_PER_MEETING: positiveInt(50),
  PROXY_NEW_HOLDERS_WINDOW_MINUTES: positiveInt(60),
  QUESTIONS_PENDING_PER_MEMBER: positiveInt(3),
  QUESTIONS_PENDING_PER_MEETING: positiveInt(200),
  REPORT_RENDER_THREADS: z.coerce.number().int().min(1).max(32).optional(),
  REPORT_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  REPORT_RENDERS_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(2),
  LIVE_PACKETS_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(100),
  LIVE_PACKET_BURST: z.coerce.number().int().min(1).max(100_000).default(200),
  LIVE_FLOOD_SECONDS: z.coerce.number().int().min(1).max(600).default(3),
  WEBCAST_PROVIDER: z.enum(['jitsi', 'zoom']).default('jitsi'),
  ZOOM_ACCOUNT_ID: z.string().trim().min(1).optional(),
  ZOOM_CLIENT_ID: z.string().trim().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().trim().min(1).optional(),
  ZOOM_HOST_USER: z.string().trim().min(1).max(320).optional(),
  ZOOM_WEBHOOK_SECRET_TOKEN: z.string().trim().min(8).optional(),
  ZOOM_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.zoom.us/v2'),
  ZOOM_OAUTH_URL: z.url({ protocol: /^https?$/ }).default('https://zoom.us'),
  LIVE_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .max(10_000_000)
    .default(131_072),
});

type Env = z.infer<typeof EnvSchema>;

/** The Zoom variables WEBCAST_PROVIDER=zoom cannot start without (docs/webcast.md). */
const ZOOM_REQUIRED = [
  'ZOOM_ACCOUNT_ID',
  'ZOOM_CLIENT_ID',
  'ZOOM_CLIENT_SECRET',
  'ZOOM_HOST_USER',
  'ZOOM_WEBHOOK_SECRET_TOKEN',
] as const;

/** Zoom's server-to-server OAuth app and the user who hosts every webinar (docs/webcast.md). */
export interface ZoomConfig {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** The host's Zoom user id or e-mail: the `{userId}` of `/users/{userId}/webinars`. */
  hostUser: string;
  /** The app's webhook secret token: signs events and answers URL validation. */
  webhookSecretToken: string;
  /** REST API base, `https://api.zoom.us/v2` unless a test points it elsewhere. */
  apiUrl: string;
  /** OAuth host, `https://zoom.us` unless a test points it elsewhere. */
  oauthUrl: string;
}

export type WebcastConfig =
  { provider: 'jitsi' } | { provider: 'zoom'; zoom: ZoomConfig };

/** The gateway's whole configuration, read once at start. Nothing else reads process.env. */
export class AppConfig {
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly database: { url?: string; poolSize: number };
  readonly redis: { url?: string; prefix: string };
  readonly mail: { smtpUrl?: string; from: string; outboxDir: string };
  readonly jwtSecret: string;
  readonly publicUrl: string;
  /** Where each meeting has its own host name (`<shortCode>.<PORTAL_HOST>`); unset: none. */
  readonly portalHost?: string;
  readonly documentsDir: string;
  readonly auth: {
    rateLimitPerUser: number;
    rateLimitPerIp: number;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    /** How old a node's cached "this voter token is still current" may get before a re-read. */
    voterSessionRecheckSeconds: number;
  };
  readonly partnerToken: { rateLimitPerClient: number; rateLimitPerIp: number };
  /** Presence changes a minute a proxy holder may make from its page (docs/proxies.md). */
  readonly holderPresencePerMinute: number;
  /** Messages an hour a manager may send one voter or holder, and whole-meeting resends. */
  readonly resends: {
    perRecipientPerHour: number;
    bulkPerMeetingPerHour: number;
  };
  readonly trustProxy: TrustProxy;
  /**
   * /metrics: with a token, for the scraper that sends `Authorization: Bearer <token>`; without
   * one, open only on the embedded default (no DATABASE_URL) and 404 on a real deployment.
   */
  readonly metrics: { token?: string; open: boolean };
  readonly seedDemo: boolean;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly shutdownGraceMs: number;
  /**
   * Ballots a socket, and a member, may have on their way to the database at once; ballot
   * batches written at once (ballots/ballot-ingest.service.ts).
   */
  readonly ballots: {
    inFlightPerSocket: number;
    inFlightPerMember: number;
    batchesInFlight: number;
  };
  /**
   * What one member's form may cost the meeting (docs/proxies.md, "Limits"): electronic proxies
   * a member submits in a meeting, and holders named on forms a meeting takes in a window.
   */
  readonly proxies: {
    submissionsPerMember: number;
    newHoldersPerMeeting: number;
    newHoldersWindowMs: number;
  };
  /** Questions waiting for the chair: of one member (all its voters), of one meeting. */
  readonly questions: { pendingPerMember: number; pendingPerMeeting: number };
  /**
   * Report renders (report/report-render.service.ts): worker threads and renders waiting for one on
   * this node, and renders one account may have at once across the nodes.
   */
  readonly reports: {
    renderThreads: number;
    renderQueue: number;
    rendersPerAccount: number;
  };
  /** The video provider of webcasts (docs/webcast.md): Jitsi needs nothing, Zoom its app. */
  readonly webcast: WebcastConfig;
  /**
   * What one live connection may send (live/packet-guard.ts): packets a second and in a
   * burst, the seconds it may stay over that before it is closed, and the largest message.
   */
  readonly livePackets: {
    perSecond: number;
    burst: number;
    floodSeconds: number;
    maxMessageBytes: number;
  };

  constructor(env: Env, jwtSecret: string) {
    const dataDir = resolve(env.DATA_DIR);
    this.env = env.NODE_ENV;
    this.port = env.PORT;
    this.host = env.HOST;
    this.dataDir = dataDir;
    this.database = { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE };
    this.redis = { url: env.REDIS_URL, prefix: env.REDIS_PREFIX };
    this.mail = {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(dataDir, 'outbox'),
    };
    this.jwtSecret = jwtSecret;
    this.publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(
      /\/+$/,
      '',
    );
    this.portalHost = env.PORTAL_HOST;
    this.documentsDir = resolve(
      env.DOCUMENTS_DIR ?? join(dataDir, 'documents'),
    );
    this.auth = {
      rateLimitPerUser: env.AUTH_RATE_LIMIT_PER_USER,
      rateLimitPerIp: env.AUTH_RATE_LIMIT_PER_IP,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      voterSessionRecheckSeconds: env.VOTER_SESSION_RECHECK_SECONDS,
    };
    this.partnerToken = {
      rateLimitPerClient: env.PARTNER_TOKEN_RATE_LIMIT_PER_CLIENT,
      rateLimitPerIp: env.PARTNER_TOKEN_RATE_LIMIT_PER_IP,
    };
    this.holderPresencePerMinute = env.HOLDER_PRESENCE_RATE_LIMIT;
    this.resends = {
      perRecipientPerHour: env.MAIL_RESENDS_PER_RECIPIENT,
      bulkPerMeetingPerHour: env.BULK_RESENDS_PER_MEETING,
    };
    this.trustProxy = env.TRUST_PROXY;
    this.metrics = {
      token: env.METRICS_TOKEN,
      open: !env.METRICS_TOKEN && !env.DATABASE_URL,
    };
    this.seedDemo = env.SEED_DEMO ?? !env.DATABASE_URL;
    this.logLevel = env.LOG_LEVEL;
    this.shutdownGraceMs = env.SHUTDOWN_GRACE_MS;
    this.ballots = {
      inFlightPerSocket: env.BALLOT_LIMIT_PER_SOCKET,
      inFlightPerMember: env.BALLOT_LIMIT_PER_MEMBER,
      batchesInFlight: env.BALLOT_BATCHES_IN_FLIGHT,
    };
    this.proxies = {
      submissionsPerMember: env.PROXY_SUBMISSIONS_PER_MEMBER,
      newHoldersPerMeeting: env.PROXY_NEW_HOLDERS_PER_MEETING,
      newHoldersWindowMs: env.PROXY_NEW_HOLDERS_WINDOW_MINUTES * 60_000,
    };
    this.questions = {
      pendingPerMember: env.QUESTIONS_PENDING_PER_MEMBER,
      pendingPerMeeting: env.QUESTIONS_PENDING_PER_MEETING,
    };
    this.reports = {
      // a core is left to the event loop
      renderThreads:
        env.REPORT_RENDER_THREADS ??
        Math.max(1, Math.min(4, availableParallelism() - 1)),
      renderQueue: env.REPORT_RENDER_QUEUE,
      rendersPerAccount: env.REPORT_RENDERS_PER_ACCOUNT,
    };
    this.webcast =
      env.WEBCAST_PROVIDER === 'zoom'
        ? {
            provider: 'zoom',
            zoom: {
              accountId: env.ZOOM_ACCOUNT_ID!,
              clientId: env.ZOOM_CLIENT_ID!,
              clientSecret: env.ZOOM_CLIENT_SECRET!,
              hostUser: env.ZOOM_HOST_USER!,
              webhookSecretToken: env.ZOOM_WEBHOOK_SECRET_TOKEN!,
              apiUrl: env.ZOOM_API_URL.replace(/\/+$/, ''),
              oauthUrl: env.ZOOM_OAUTH_URL.replace(/\/+$/, ''),
            },
          }
        : { provider: 'jitsi' };
    this.livePackets = {
      perSecond: env.LIVE_PACKETS_PER_SECOND,
      burst: env.LIVE_PACKET_BURST,
      floodSeconds: env.LIVE_FLOOD_SECONDS,
      maxMessageBytes: env.LIVE_MAX_MESSAGE_BYTES,
    };
  }

  /** The domain of calendar UIDs: the portal's, else this gateway's host name. */
  get mailDomain(): string {
    return this.portalHost ?? new URL(this.publicUrl).hostname;
  }

  get embeddedDatabase(): boolean {
    return !this.database.url;
  }
}

export class ConfigError extends Error {}

/**
 * Validates the environment. A bad value throws a ConfigError whose message is one line
 * naming the variable. Without JWT_SECRET a secret is generated once and kept in the
 * data directory, so tokens survive a restart of the embedded default.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(
    Object.entries(source).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const env = parsed.data;
  if (env.WEBCAST_PROVIDER === 'zoom') {
    const missing = ZOOM_REQUIRED.find((name) => !env[name]);
    if (missing)
      throw new ConfigError(
        `Invalid configuration: ${missing}: required when WEBCAST_PROVIDER is zoom (docs/webcast.md)`,
      );
  }
  return new AppConfig(
    env,
    env.JWT_SECRET ?? persistedSecret(resolve(env.DATA_DIR)),
  );
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
