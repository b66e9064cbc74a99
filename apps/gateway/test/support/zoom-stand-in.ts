import { createHmac, randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Zoom on a loopback port, for tests only: the server-to-server OAuth token
 * endpoint and the REST API v2 requests the gateway sends (docs/webcast.md), answered in
 * Zoom's documented shapes, with faults a test can inject, and webhook signing.
 */

export const ZOOM_TEST_APP = {
  accountId: 'acct-stand-in',
  clientId: 'client-stand-in',
  clientSecret: 'secret-stand-in',
  hostUser: 'host@zoom.example.test',
  webhookSecretToken: 'webhook-secret-stand-in',
};

export interface ZoomSessionRecord {
  kind: 'webinar' | 'meeting';
  id: number;
  uuid: string;
  topic: string;
  type: number;
  start_time: string;
  duration: number;
  timezone: string;
  settings: Record<string, unknown>;
  start_url: string;
  join_url: string;
  panelists: Map<
    string,
    { id: string; name: string; email: string; join_url: string }
  >;
  registrants: Map<
    string,
    {
      id: string;
      email: string;
      first_name: string;
      last_name?: string;
      join_url: string;
    }
  >;
}

export interface ZoomRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

interface Fault {
  matches: (method: string, path: string) => boolean;
  status: number;
  body: unknown;
  /** Sent as it is instead of `body` (a proxy's page, a truncated answer). */
  raw?: string;
  headers: Record<string, string>;
  times: number;
}

export interface ZoomStandIn {
  /** For ZOOM_API_URL. */
  apiUrl: string;
  /** For ZOOM_OAUTH_URL. */
  oauthUrl: string;
  /** The env a gateway needs to use this stand-in. */
  env: Record<string, string>;
  sessions: Map<number, ZoomSessionRecord>;
  /** API requests (not token requests), in order. */
  requests: ZoomRequestRecord[];
  tokenRequests: number;
  /** What GET /users/{userId}/settings answers under `feature`. */
  feature: Record<string, unknown>;
  /** Ids of the host's live meetings (GET /users/{userId}/meetings?type=live). */
  live: number[];
  /** Seconds a token lives (`expires_in`). */
  tokenLifetime: number;
  /** Answers the next `times` matching requests with `status` instead. */
  fail(
    match: { method?: string; path: RegExp | string },
    status: number,
    options?: {
      times?: number;
      body?: unknown;
      /** Sent as it is instead of a JSON body (a proxy's page, a truncated answer). */
      raw?: string;
      headers?: Record<string, string>;
    },
  ): void;
  /** Drops the faults not yet spent. */
  clearFaults(): void;
  /** Revokes every token issued so far. */
  revokeTokens(): void;
  close(): Promise<void>;
}

let nextId = 81_000_000_000;

export async function startZoomStandIn(): Promise<ZoomStandIn> {
  const sessions = new Map<number, ZoomSessionRecord>();
  const requests: ZoomRequestRecord[] = [];
  const tokens = new Set<string>();
  const faults: Fault[] = [];
  const state = {
    tokenRequests: 0,
    feature: {
      meeting_capacity: 100,
      large_meeting: true,
      large_meeting_capacity: 500,
      webinar: true,
      webinar_capacity: 3,
    } as Record<string, unknown>,
    live: [] as number[],
    tokenLifetime: 3599,
  };
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        send(res, 500, { code: 500, message: String(error) });
      }
    });
  });

  function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname === '/oauth/token') return token(req, res, query);
    if (!url.pathname.startsWith('/v2/'))
      return send(res, 404, { code: 404, message: 'No such path.' });
    const path = url.pathname.slice(3);
    const body = text
      ? (JSON.parse(text) as Record<string, unknown>)
      : undefined;
    requests.push({ method, path, query, body });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return send(res, 401, { code: 124, message: 'Invalid access token.' });
    const fault = faults.find((f) => f.times > 0 && f.matches(method, path));
    if (fault) {
      fault.times -= 1;
      if (fault.raw !== undefined) {
        res.writeHead(fault.status, {
          'content-type': 'text/html',
          ...fault.headers,
        });
        return res.end(fault.raw);
      }
      return send(res, fault.status, fault.body, fault.headers);
    }
    route(method, path, query, body ?? {}, res);
  }

  function token(
    req: IncomingMessage,
    res: ServerResponse,
    query: Record<string, string>,
  ) {
    state.tokenRequests += 1;
    const fault = faults.find(
      (f) => f.times > 0 && f.matches(req.method ?? '', '/oauth/token'),
    );
    if (fault) {
      fault.times -= 1;
      return send(res, fault.status, fault.body, fault.headers);
    }
    const expected = `Basic ${Buffer.from(`${ZOOM_TEST_APP.clientId}:${ZOOM_TEST_APP.clientSecret}`).toString('base64')}`;
    if (req.method !== 'POST' || req.headers.authorization !== expected)
      return send(res, 400, {
        reason: 'Invalid client_id or client_secret',
        error: 'invalid_client',
      });
    if (
      query.grant_type !== 'account_credentials' ||
      query.account_id !== ZOOM_TEST_APP.accountId
    )
      return send(res, 400, {
        reason: 'Unsupported grant type',
        error: 'unsupported_grant_type',
      });
    const value = randomBytes(16).toString('hex');
    tokens.add(value);
    send(res, 200, {
      access_token: value,
      token_type: 'bearer',
      expires_in: state.tokenLifetime,
      scope: 'meeting:write:admin webinar:write:admin user:read:admin',
      api_url: origin,
    });
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Record<string, unknown>,
    res: ServerResponse,
  ) {
    const host = encodeURIComponent(ZOOM_TEST_APP.hostUser);
    let m: RegExpExecArray | null;
    if (
      (m = /^\/users\/([^/]+)\/(webinars|meetings)$/.exec(path)) &&
      method === 'POST'
    ) {
      if (m[1] !== host)
        return send(res, 404, { code: 1001, message: 'User does not exist.' });
      const kind = m[2] === 'webinars' ? 'webinar' : 'meeting';
      const id = nextId++;
      const session: ZoomSessionRecord = {
        kind,
        id,
        uuid: randomBytes(12).toString('base64'),
        topic: String(body.topic),
        type: Number(body.type),
        start_time: String(body.start_time),
        duration: Number(body.duration),
        timezone: String(body.timezone),
        settings: (body.settings as Record<string, unknown>) ?? {},
        start_url: `${origin}/s/${id}?zak=${randomBytes(8).toString('hex')}`,
        join_url: `${origin}/${kind === 'webinar' ? 'w' : 'j'}/${id}`,
        panelists: new Map(),
        registrants: new Map(),
      };
      sessions.set(id, session);
      return send(res, 201, publicSession(session));
    }
    if (/^\/users\/[^/]+\/settings$/.test(path) && method === 'GET')
      return send(res, 200, { feature: state.feature });
    if (/^\/users\/[^/]+\/meetings$/.test(path) && method === 'GET') {
      const live = query.type === 'live' ? state.live : [];
      return send(res, 200, {
        page_size: 30,
        total_records: live.length,
        meetings: live.map((id) => ({ id, topic: 'Another session', type: 2 })),
      });
    }
    m =
      /^\/(webinars|meetings)\/(\d+)(?:\/(panelists|registrants|batch_registrants)(?:\/([^/]+))?)?$/.exec(
        path,
      );
    const session = m ? sessions.get(Number(m[2])) : undefined;
    if (
      !m ||
      !session ||
      session.kind !== (m[1] === 'webinars' ? 'webinar' : 'meeting')
    )
      return send(res, 404, {
        code: 3001,
        message: `${m?.[1] === 'webinars' ? 'Webinar' : 'Meeting'} does not exist: ${m?.[2] ?? path}.`,
      });
    const [, , , sub, subId] = m;
    if (!sub) {
      if (method === 'GET') return send(res, 200, publicSession(session));
      if (method === 'DELETE') {
        sessions.delete(session.id);
        return send(res, 204);
      }
      if (method === 'PATCH') {
        for (const key of ['start_time', 'duration', 'timezone', 'topic'])
          if (body[key] !== undefined)
            (session as unknown as Record<string, unknown>)[key] = body[key];
        return send(res, 204);
      }
    }
    if (sub === 'panelists' && session.kind === 'webinar') {
      if (method === 'GET' && !subId)
        return send(res, 200, {
          total_records: session.panelists.size,
          panelists: [...session.panelists.values()],
        });
      if (method === 'POST' && !subId) {
        const list =
          (body.panelists as { name: string; email: string }[]) ?? [];
        if (list.length > 30)
          return send(res, 400, {
            code: 300,
            message: 'At most 30 panelists.',
          });
        for (const panelist of list) {
          const key = panelist.email.toLowerCase();
          if (!session.panelists.has(key)) {
            const id = randomBytes(8).toString('hex');
            session.panelists.set(key, {
              id,
              name: panelist.name,
              email: panelist.email,
              join_url: `${origin}/w/${session.id}?tk=panelist-${id}`,
            });
          }
        }
        return send(res, 201, {
          id: String(session.id),
          updated_at: new Date().toISOString(),
        });
      }
      if (method === 'DELETE' && subId) {
        for (const [key, panelist] of session.panelists)
          if (panelist.id === subId) {
            session.panelists.delete(key);
            return send(res, 204);
          }
        return send(res, 404, {
          code: 3001,
          message: 'Panelist does not exist.',
        });
      }
    }
    /** Registers one, as Zoom does: the same registrant again for an e-mail it has. */
    const registerOne = (person: Record<string, unknown>) => {
      const email = String(person.email ?? '');
      if (!/^[^@\s]+@[^@\s]+$/.test(email) || !person.first_name)
        return undefined;
      const key = email.toLowerCase();
      let registrant = session.registrants.get(key);
      if (!registrant) {
        const id = randomBytes(8).toString('hex');
        registrant = {
          id,
          email,
          first_name: String(person.first_name),
          last_name:
            person.last_name === undefined
              ? undefined
              : String(person.last_name),
          join_url: `${origin}/${session.kind === 'webinar' ? 'w' : 'j'}/${session.id}?tk=registrant-${id}`,
        };
        session.registrants.set(key, registrant);
      }
      return registrant;
    };
    if (sub === 'batch_registrants' && method === 'POST' && !subId) {
      if (session.settings.approval_type !== 0)
        return send(res, 400, {
          code: 3038,
          message: 'Registration has not been enabled.',
        });
      const list = body.registrants;
      if (
        !Array.isArray(list) ||
        list.length === 0 ||
        list.length > 30 ||
        body.auto_approve !== true
      )
        return send(res, 400, { code: 300, message: 'Validation Failed.' });
      // Zoom refuses the whole batch for one registrant it will not take
      if (
        list.some(
          (person) =>
            typeof person !== 'object' ||
            !/^[^@\s]+@[^@\s]+$/.test(String(person?.email ?? '')) ||
            !person?.first_name,
        )
      )
        return send(res, 400, { code: 300, message: 'Invalid registrant.' });
      const registered = (list as Record<string, unknown>[]).map((person) =>
        registerOne(person)!,
      );
      return send(res, 201, {
        registrants: registered.map((r) => ({
          email: r.email,
          registrant_id: r.id,
          join_url: r.join_url,
        })),
      });
    }
    if (sub === 'registrants') {
      if (method === 'POST' && !subId) {
        if (session.settings.approval_type !== 0)
          return send(res, 400, {
            code: 3038,
            message: 'Registration has not been enabled.',
          });
        const registrant = registerOne(body);
        if (!registrant)
          return send(res, 400, { code: 300, message: 'Validation Failed.' });
        return send(res, 201, {
          id: session.id,
          registrant_id: registrant.id,
          join_url: registrant.join_url,
          topic: session.topic,
          start_time: session.start_time,
        });
      }
      if (method === 'DELETE' && subId) {
        for (const [key, registrant] of session.registrants)
          if (registrant.id === subId) {
            session.registrants.delete(key);
            return send(res, 204);
          }
        return send(res, 404, {
          code: 3001,
          message: 'Registrant does not exist.',
        });
      }
    }
    send(res, 404, { code: 404, message: `No route ${method} ${path}.` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${origin}/v2`,
    oauthUrl: origin,
    env: {
      WEBCAST_PROVIDER: 'zoom',
      ZOOM_ACCOUNT_ID: ZOOM_TEST_APP.accountId,
      ZOOM_CLIENT_ID: ZOOM_TEST_APP.clientId,
      ZOOM_CLIENT_SECRET: ZOOM_TEST_APP.clientSecret,
      ZOOM_HOST_USER: ZOOM_TEST_APP.hostUser,
      ZOOM_WEBHOOK_SECRET_TOKEN: ZOOM_TEST_APP.webhookSecretToken,
      ZOOM_API_URL: `${origin}/v2`,
      ZOOM_OAUTH_URL: origin,
    },
    sessions,
    requests,
    get tokenRequests() {
      return state.tokenRequests;
    },
    set tokenRequests(value: number) {
      state.tokenRequests = value;
    },
    get feature() {
      return state.feature;
    },
    set feature(value: Record<string, unknown>) {
      state.feature = value;
    },
    get live() {
      return state.live;
    },
    set live(value: number[]) {
      state.live = value;
    },
    get tokenLifetime() {
      return state.tokenLifetime;
    },
    set tokenLifetime(value: number) {
      state.tokenLifetime = value;
    },
    fail(match, status, options = {}) {
      faults.push({
        matches: (method, path) =>
          (!match.method || match.method === method) &&
          (typeof match.path === 'string'
            ? path === match.path
            : match.path.test(path)),
        status,
        body: options.body ?? {
          code: status,
          message: `Stand-in fault ${status}.`,
        },
        raw: options.raw,
        headers: options.headers ?? {},
        times: options.times ?? 1,
      });
    },
    clearFaults() {
      faults.length = 0;
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

function publicSession(session: ZoomSessionRecord) {
  return {
    id: session.id,
    uuid: session.uuid,
    host_email: ZOOM_TEST_APP.hostUser,
    topic: session.topic,
    type: session.type,
    start_time: session.start_time,
    duration: session.duration,
    timezone: session.timezone,
    start_url: session.start_url,
    join_url: session.join_url,
    settings: session.settings,
  };
}

function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  });
  res.end(body !== undefined ? JSON.stringify(body) : undefined);
}

/** A webhook delivery as Zoom signs it: `x-zm-signature: v0=HMAC-SHA256(secret, v0:{ts}:{body})`. */
export function signZoomEvent(
  event: unknown,
  options: { timestampSeconds: number; secret?: string },
): { raw: string; headers: Record<string, string> } {
  const raw = JSON.stringify(event);
  const ts = String(options.timestampSeconds);
  const signature = createHmac(
    'sha256',
    options.secret ?? ZOOM_TEST_APP.webhookSecretToken,
  )
    .update(`v0:${ts}:${raw}`)
    .digest('hex');
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-zm-request-timestamp': ts,
      'x-zm-signature': `v0=${signature}`,
    },
  };
}
