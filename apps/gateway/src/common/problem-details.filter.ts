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
import { apiExceptionOf } from './api-exception';

interface Problem {
  status: number;
  code: string;
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
    const request = host.switchToHttp().getRequest<Request & { id?: string }>();
    const response = host.switchToHttp().getResponse<Response>();
    const problem = toProblem(exception);
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
      title: HttpStatusTitle(problem.status),
      status: problem.status,
      detail: problem.detail,
      code: problem.code,
      ...(problem.errors ? { errors: problem.errors } : {}),
      ...(request.id ? { correlationId: String(request.id) } : {}),
    };
    for (const [name, value] of Object.entries(problem.headers ?? {}))
      response.setHeader(name, value);
    response
      .status(problem.status)
      .type('application/problem+json')
      .send(JSON.stringify(body));
  }
}

export function toProblem(exception: unknown): Problem {
  const known = apiExceptionOf(exception);
  if (known) {
    return {
      status: known.status,
      code: known.code,
      detail: known.message,
      headers: known.headers,
      errors: known.errors,
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
      detail: 'The request is not valid.',
      errors: issues.flatMap(toFieldErrors),
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
      detail: status >= 500 ? 'Internal error.' : message,
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
        ? 'The request body is too large.'
        : httpError.expose && typeof httpError.message === 'string'
          ? httpError.message
          : 'The request could not be read.';
    return { status, code: CODES[status] ?? 'bad_request', detail };
  }
  return {
    status: 500,
    code: 'internal_error',
    detail: 'An unexpected error occurred.',
  };
}

interface ZodIssueLike {
  code?: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/** One entry per field; an unknown-keys issue names each unknown field. */
function toFieldErrors(
  issue: ZodIssueLike,
): { path: string; message: string }[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    return issue.keys.map((key) => ({
      path: [...path, key].join('.'),
      message: 'Unknown field.',
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
