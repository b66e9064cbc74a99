import type { ProblemDetails } from '@livevote/contracts';

/** A non-2xx answer from the gateway; `problem` is set when the body was problem details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem?: ProblemDetails,
  ) {
    super(
      problem?.detail ??
        problem?.title ??
        `The server answered with status ${status}.`,
    );
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.problem?.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  accessToken?: string;
}

/** Same-origin JSON request; throws `ApiError` on any non-2xx status. */
export async function requestJson<T>(
  path: string,
  { method = 'GET', body, accessToken }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new ApiError(response.status, await readProblem(response));
  return (await response.json()) as T;
}

async function readProblem(
  response: Response,
): Promise<ProblemDetails | undefined> {
  try {
    const body: unknown = await response.json();
    return isProblemDetails(body) ? body : undefined;
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
