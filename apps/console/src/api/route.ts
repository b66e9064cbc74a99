import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import type { RequestOptions } from './http-client';

type Method = NonNullable<RequestOptions['method']>;

/**
 * One REST route of the gateway: its method, its path with `:name` parameters, the contract
 * schema of its JSON body (types what callers send; the gateway is the one that validates
 * it) and of its answer (checked at run time), or `null` for an answer without a body.
 */
export interface Route {
  readonly method: Method;
  readonly path: string;
  readonly body?: z.ZodType;
  readonly answer: z.ZodType | null;
}

/** The `:name` parameters of a path ("/v1/Meetings/:shortCode" has `shortCode`). */
type ParamNames<P extends string> =
  P extends `${string}:${infer Name}/${infer Rest}`
    ? Name | ParamNames<`/${Rest}`>
    : P extends `${string}:${infer Name}`
      ? Name
      : never;

export type PathParams<R extends Route> = Record<ParamNames<R['path']>, string>;

export type AnswerOf<R extends Route> = R['answer'] extends z.ZodType
  ? z.output<R['answer']>
  : void;

export type Query = Record<string, string | number | boolean | undefined>;

interface Extras {
  query?: Query;
  /** Sent as is instead of a JSON body (CSV text, FormData). */
  rawBody?: string | FormData;
  contentType?: string;
  accessToken?: string;
  headers?: Record<string, string>;
}

export type CallInput<R extends Route> = Extras &
  (R['body'] extends z.ZodType
    ? { body: z.input<R['body']> }
    : { body?: undefined });

/** A route's input is required when it has a body. */
type InputArgs<R extends Route> = R['body'] extends z.ZodType
  ? [input: CallInput<R>]
  : [input?: CallInput<R>];

/** Sends a request and throws `ApiError` on a non-2xx status (`request`, or a session's). */
export type Send = (path: string, options: RequestOptions) => Promise<Response>;

/** An answer that does not have the shape its contract schema says: a gateway and console out of step. */
export class AnswerShapeError extends Error {
  constructor(
    /** "GET /v1/Meetings/:shortCode", for whoever reads the error in the developer tools. */
    readonly route: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(i18n.t('common.error.answerShape'));
    this.name = 'AnswerShapeError';
  }
}

function routeName(route: Route): string {
  return `${route.method} ${route.path}`;
}

/** The path with its parameters filled in (each encoded) and the query appended. */
export function pathOf<R extends Route>(
  route: R,
  params: PathParams<R>,
  query: Query = {},
): string {
  const values: Record<string, string> = params;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The answer checked against the route's schema; `AnswerShapeError` when it does not fit. */
export function parseAnswer<R extends Route>(
  route: R,
  value: unknown,
): AnswerOf<R> {
  if (route.answer === null) return undefined as AnswerOf<R>;
  const parsed = route.answer.safeParse(value);
  if (!parsed.success)
    throw new AnswerShapeError(routeName(route), parsed.error.issues);
  return parsed.data as AnswerOf<R>;
}

/** Checks JSON text (an answer, or one line of JSON Lines) against the route's schema. */
export function parseJsonAnswer<R extends Route>(
  route: R,
  text: string,
): AnswerOf<R> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AnswerShapeError(routeName(route), []);
  }
  return parseAnswer(route, value);
}

/** Reads and checks a JSON answer; a 204, or a route without an answer, gives `undefined`. */
export async function readAnswer<R extends Route>(
  route: R,
  response: Response,
): Promise<AnswerOf<R>> {
  if (route.answer === null || response.status === 204)
    return parseAnswer(route, undefined);
  return parseJsonAnswer(route, await response.text());
}

/**
 * The typed client over `send`: `open` gives the raw response (files, headers), `call` the
 * answer checked against its schema.
 */
export function createClient(send: Send) {
  function open<R extends Route>(
    route: R,
    params: PathParams<R>,
    ...[input]: InputArgs<R>
  ): Promise<Response> {
    const { query, body, ...options }: Extras & { body?: unknown } =
      input ?? {};
    return send(pathOf(route, params, query), {
      ...options,
      method: route.method,
      body,
    });
  }

  async function call<R extends Route>(
    route: R,
    params: PathParams<R>,
    ...input: InputArgs<R>
  ): Promise<AnswerOf<R>> {
    return readAnswer(route, await open(route, params, ...input));
  }

  return { open, call };
}
