import type { ProblemDetails } from '@livevote/contracts';
import { i18n } from '../i18n/i18n';

/** A non-2xx answer from the gateway; `problem` is set when the body was problem details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem?: ProblemDetails,
    /** The raw body, for answers with extra fields (the CSV import's line errors). */
    readonly body?: unknown,
  ) {
    super(
      problem?.detail ??
        problem?.title ??
        i18n.t('common.error.status', { status }),
    );
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.problem?.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (CSV text, FormData), with `contentType` when given. */
  rawBody?: string | FormData;
  contentType?: string;
  accessToken?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Same-origin request; throws `ApiError` on any non-2xx status. Asks for problem details in
 * the language the page shows (docs/i18n.md).
 */
export async function request(
  path: string,
  {
    method = 'GET',
    body,
    rawBody,
    contentType,
    accessToken,
    headers: extra,
    signal,
  }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
    ...extra,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  else if (contentType) headers['Content-Type'] = contentType;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? rawBody : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const parsed = await readBody(response);
    throw new ApiError(
      response.status,
      isProblemDetails(parsed) ? parsed : undefined,
      parsed,
    );
  }
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isProblemDetails(body: unknown): body is ProblemDetails {
  if (typeof body !== 'object' || body === null) return false;
  const { code, detail } = body as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    (detail === undefined || typeof detail === 'string')
  );
}
