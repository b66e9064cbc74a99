import type { ProblemDetails } from '@livevote/contracts';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type Responder = (request: RecordedRequest) => Response;

/** Replaces the browser's fetch with `respond` and records every request it sees. */
export function stubFetch(respond: Responder): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        method: init.method ?? 'GET',
        path: String(input),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      return respond(request);
    }),
  );
  return requests;
}

export function json(
  status: number,
  body: unknown,
  contentType = 'application/json',
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': contentType },
  });
}

export function problem(overrides: Partial<ProblemDetails> = {}): Response {
  const body: ProblemDetails = {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    code: 'invalid_credentials',
    detail: 'The e-mail, password or one-time code is not correct.',
    ...overrides,
  };
  return json(body.status, body, 'application/problem+json');
}
