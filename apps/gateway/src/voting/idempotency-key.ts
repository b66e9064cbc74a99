import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception';

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The `Idempotency-Key` header: printable ASCII, up to 200 characters, or null when absent. */
export const IdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | null => {
    const value = context
      .switchToHttp()
      .getRequest<Request>()
      .header('idempotency-key');
    if (value === undefined) return null;
    if (!KEY.test(value)) {
      throw new ApiException(
        400,
        'invalid_idempotency_key',
        'Idempotency-Key must be 1 to 200 printable characters.',
      );
    }
    return value;
  },
);
