import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { OAuthErrorCode, OAuthException } from './oauth.exception';

/** The token endpoint answers every error in the RFC 6749 shape. */
@Catch()
export class OAuthExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('PartnerOAuth');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = this.toOAuth(exception);
    if (!error) {
      this.logger.error({ err: exception }, 'token endpoint failed');
      response.status(500).setHeader('Cache-Control', 'no-store').json({
        error: 'server_error',
        error_description: 'An unexpected error occurred.',
      });
      return;
    }
    for (const [name, value] of Object.entries(error.headers))
      response.setHeader(name, value);
    response.status(error.status).json(error.body);
  }

  private toOAuth(exception: unknown): OAuthException | null {
    if (exception instanceof OAuthException) return exception;
    if (
      exception instanceof ZodValidationException ||
      exception instanceof ZodError
    ) {
      const zodError =
        exception instanceof ZodError ? exception : exception.getZodError();
      const issue = (
        zodError as { issues: { path: PropertyKey[]; message: string }[] }
      ).issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return new OAuthException(
        OAuthErrorCode.InvalidRequest,
        `${where}${issue?.message ?? 'invalid parameters'}`,
      );
    }
    if (exception instanceof HttpException && exception.getStatus() < 500)
      return new OAuthException(
        OAuthErrorCode.InvalidRequest,
        exception.message,
      );
    return null;
  }
}
