export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A raw body sent as is (with its own content type in headers). */
  raw?: string | Uint8Array;
}

/** A small real-HTTP client for the tests: JSON in, parsed JSON (or text) out. */
export function http(baseUrl: string) {
  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | Uint8Array | undefined = options.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: payload as string | Uint8Array<ArrayBuffer> | undefined,
    });
    const text = await response.text();
    let parsed: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text)
      parsed = JSON.parse(text);
    return {
      status: response.status,
      headers: response.headers,
      body: parsed as T,
      text,
    };
  }
  return {
    request,
    get: <T = any>(path: string, options?: RequestOptions) =>
      request<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    delete: <T = any>(path: string, options?: RequestOptions) =>
      request<T>('DELETE', path, undefined, options),
  };
}

export type Http = ReturnType<typeof http>;

/** Asserts the RFC 9457 shape and returns the body for further checks. */
export function expectProblem(
  result: HttpResult,
  status: number,
  code?: string,
) {
  if (result.status !== status) {
    throw new Error(
      `expected ${status}${code ? ` ${code}` : ''}, got ${result.status}: ${result.text.slice(0, 500)}`,
    );
  }
  if (
    !(result.headers.get('content-type') ?? '').startsWith(
      'application/problem+json',
    )
  ) {
    throw new Error(
      `expected application/problem+json, got ${result.headers.get('content-type')}`,
    );
  }
  const body = result.body as {
    type: string;
    title: string;
    status: number;
    code: string;
    detail?: string;
  };
  if (
    body.status !== status ||
    typeof body.title !== 'string' ||
    typeof body.type !== 'string'
  ) {
    throw new Error(`not problem details: ${result.text}`);
  }
  if (code && body.code !== code)
    throw new Error(`expected code ${code}, got ${body.code}: ${result.text}`);
  return result.body as {
    title: string;
    code: string;
    detail?: string;
    errors?: { path: string; message: string }[];
    correlationId?: string;
  };
}
