import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import type { ProblemDetails } from '@livevote/contracts';
import { translator, type Language, type Translate } from '@livevote/i18n';
import { apiExceptionOf } from './api-exception';
import { requestLanguage, type ReaderRequest } from './reader-language';

interface Problem {
  status: number;
  code: string;
  /** The status's name in the reader's language. */
  title: string;
  /** In the reader's language when the message has a catalog key; as written otherwise. */
  detail: string;
  errors?: readonly Record<string, unknown>[];
  headers?: Record<string, string>;
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Every error leaves as RFC 9457 problem details; nothing internal leaks from a 5xx. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host
      .switchToHttp()
      .getRequest<Request & ReaderRequest & { id?: string }>();
    const response = host.switchToHttp().getResponse<Response>();
    const problem = toProblem(exception, requestLanguage(request));
    if (problem.status >= 500 && apiExceptionOf(exception)) {
      // a failure the client was told how to handle (a 503 to retry): not a bug
      this.logger.warn(
        { correlationId: request.id, code: problem.code },
        `${problem.status} ${problem.code} on ${request.method} ${request.path}`,
      );
    } else if (problem.status >= 500) {
      this.logger.error(
        { err: exception, correlationId: request.id },
        `unhandled error on ${request.method} ${request.path}`,
      );
    }
    if (response.headersSent) return;
    const body: Omit<ProblemDetails, 'errors'> & {
      errors?: readonly Record<string, unknown>[];
    } = {
      type: 'about:blank',
      title: problem.title,
      status: problem.status,
      detail: problem.detail,
      code: problem.code,
      ...(problem.errors ? { errors: problem.errors } : {}),
      ...(request.id ? { correlationId: String(request.id) } : {}),
    };
    for (const [name, value] of Object.entries(problem.headers ?? {}))
      response.setHeader(name, value);
    // the detail depends on the reader's language: caches must keep one per language
    response.vary('Accept-Language');
    response
      .status(problem.status)
      .type('application/problem+json')
      .send(JSON.stringify(body));
  }
}

/** The problem an error is, told in `lng` (docs/i18n.md); English by default. */
export function toProblem(exception: unknown, lng: Language = 'en'): Problem {
  const t = translator(lng);
  const problem = untitledProblem(exception, t);
  return {
    ...problem,
    title: t(`problemTitles.${problem.status}`, {
      defaultValue: HttpStatusTitle(problem.status),
    }),
  };
}

function untitledProblem(
  exception: unknown,
  t: Translate,
): Omit<Problem, 'title'> {
  const known = apiExceptionOf(exception);
  if (known) {
    return {
      status: known.status,
      code: known.code,
      detail: known.text ? t(known.text.key, known.text.values) : known.message,
      headers: known.headers,
      errors: known.errors(t),
    };
  }
  if (
    exception instanceof ZodValidationException ||
    exception instanceof ZodError
  ) {
    const zodError =
      exception instanceof ZodError ? exception : exception.getZodError();
    const issues = (zodError as { issues: ZodIssueLike[] }).issues;
    return {
      status: 400,
      code: 'validation_failed',
      detail: t('problems.validation_failed'),
      errors: issues.flatMap((issue) => toFieldErrors(issue, t)),
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : exception.message;
    return {
      status,
      code: CODES[status] ?? 'error',
      detail: status >= 500 ? t('problems.internal_error_short') : message,
    };
  }
  const httpError = exception as {
    status?: unknown;
    expose?: unknown;
    type?: unknown;
    message?: unknown;
  };
  if (
    typeof httpError?.status === 'number' &&
    httpError.status >= 400 &&
    httpError.status < 500
  ) {
    const status = httpError.status;
    const detail =
      httpError.type === 'entity.too.large'
        ? t('problems.payload_too_large')
        : httpError.expose && typeof httpError.message === 'string'
          ? httpError.message
          : t('problems.bad_request');
    return { status, code: CODES[status] ?? 'bad_request', detail };
  }
  return {
    status: 500,
    code: 'internal_error',
    detail: t('problems.internal_error'),
  };
}

interface ZodIssueLike {
  code?: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/**
 * One entry per field; an unknown-keys issue names each unknown field. Messages stay as the
 * schemas write them, in English (docs/i18n.md), but for the unknown field's.
 */
function toFieldErrors(
  issue: ZodIssueLike,
  t: Translate,
): { path: string; message: string }[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    return issue.keys.map((key) => ({
      path: [...path, key].join('.'),
      message: t('problems.unknown_field'),
    }));
  }
  return [{ path: path.join('.'), message: issue.message }];
}

function HttpStatusTitle(status: number): string {
  const name = HttpStatus[status] as string | undefined;
  if (!name) return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}
