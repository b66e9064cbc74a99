import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  const made: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-config-'));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('runs on embedded defaults with nothing set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.embeddedDatabase).toBe(true);
    expect(config.redis.url).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.auth).toMatchObject({
      rateLimitPerUser: 10,
      rateLimitPerIp: 60,
      accessTokenTtlSeconds: 300,
      voterSessionRecheckSeconds: 60,
    });
    expect(config.mail.outboxDir).toBe(join(dir, 'outbox'));
  });

  it('limits each live connection by default, far above what the apps send', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).livePackets).toEqual({
      perSecond: 100,
      burst: 200,
      floodSeconds: 3,
      maxMessageBytes: 131_072,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        LIVE_PACKETS_PER_SECOND: '20',
        LIVE_PACKET_BURST: '40',
        LIVE_FLOOD_SECONDS: '10',
        LIVE_MAX_MESSAGE_BYTES: '65536',
      }).livePackets,
    ).toEqual({
      perSecond: 20,
      burst: 40,
      floodSeconds: 10,
      maxMessageBytes: 65_536,
    });
  });

  it('generates a JWT secret once and keeps it in the data directory', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('does not seed the demo on PostgreSQL unless asked', () => {
    const env = {
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://db.example:5432/app',
      JWT_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(env).seedDemo).toBe(false);
    expect(loadConfig({ ...env, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['REDIS_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['AUTH_RATE_LIMIT_PER_USER', '0'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['METRICS_TOKEN', 'short'],
    ['VOTER_SESSION_RECHECK_SECONDS', '1'],
    ['LIVE_PACKETS_PER_SECOND', '0'],
    ['LIVE_PACKETS_PER_SECOND', 'fast'],
    ['LIVE_PACKET_BURST', '-5'],
    ['LIVE_FLOOD_SECONDS', '1.5'],
    ['LIVE_MAX_MESSAGE_BYTES', '1024'],
  ])('stops with a one-line message naming %s=%s', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
    expect(message).not.toContain('\n');
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ['192.0.2.10,fd00::/8', ['192.0.2.10', 'fd00::/8']],
  ])(
    'reads TRUST_PROXY=%s as %j, never "trust every hop"',
    (value, expected) => {
      const config = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
      expect(config.trustProxy).toEqual(expected);
    },
  );

  const zoomEnv = {
    WEBCAST_PROVIDER: 'zoom',
    ZOOM_ACCOUNT_ID: 'acc-1',
    ZOOM_CLIENT_ID: 'client-1',
    ZOOM_CLIENT_SECRET: 'secret-1',
    ZOOM_HOST_USER: 'host@example.test',
    ZOOM_WEBHOOK_SECRET_TOKEN: 'webhook-secret-1',
  };

  it('uses Jitsi, needing no credentials, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webcast).toEqual({
      provider: 'jitsi',
    });
  });

  it("reads the Zoom app, with Zoom's own hosts unless overridden", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...zoomEnv }).webcast).toEqual({
      provider: 'zoom',
      zoom: {
        accountId: 'acc-1',
        clientId: 'client-1',
        clientSecret: 'secret-1',
        hostUser: 'host@example.test',
        webhookSecretToken: 'webhook-secret-1',
        apiUrl: 'https://api.zoom.us/v2',
        oauthUrl: 'https://zoom.us',
      },
    });
    const local = loadConfig({
      DATA_DIR: dataDir(),
      ...zoomEnv,
      ZOOM_API_URL: 'http://127.0.0.1:9/v2/',
      ZOOM_OAUTH_URL: 'http://127.0.0.1:9',
    }).webcast;
    expect(local).toMatchObject({
      zoom: { apiUrl: 'http://127.0.0.1:9/v2', oauthUrl: 'http://127.0.0.1:9' },
    });
  });

  it.each([
    'ZOOM_ACCOUNT_ID',
    'ZOOM_CLIENT_ID',
    'ZOOM_CLIENT_SECRET',
    'ZOOM_HOST_USER',
    'ZOOM_WEBHOOK_SECRET_TOKEN',
  ])('refuses to start on Zoom without %s', (name) => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ...zoomEnv, [name]: undefined }),
    ).toThrow(
      new ConfigError(
        `Invalid configuration: ${name}: required when WEBCAST_PROVIDER is zoom (docs/webcast.md)`,
      ),
    );
  });

  it('refuses an unknown provider', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), WEBCAST_PROVIDER: 'teams' }),
    ).toThrow(/^Invalid configuration: WEBCAST_PROVIDER: /);
  });
});
