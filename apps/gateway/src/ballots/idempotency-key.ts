import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { IdempotencyKey as IdempotencyKeyValue } from '@livevote/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception';

/** 400 for a retry key that breaks the rule, on the header and on the socket alike. */
export class InvalidIdempotencyKeyException extends ApiException {
  constructor() {
    super(400, 'invalid_idempotency_key');
  }
}

/**
 * The `Idempotency-Key` header, or null when absent. The rule is the socket's
 * `idempotencyKey` rule (libs/contracts): printable ASCII, so no key can carry a character
 * PostgreSQL refuses (U+0000, a lone surrogate) into a ballot batch.
 */
export const IdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | null => {
    const value = context
      .switchToHttp()
      .getRequest<Request>()
      .header('idempotency-key');
    if (value === undefined) return null;
    if (!IdempotencyKeyValue.safeParse(value).success)
      throw new InvalidIdempotencyKeyException();
    return value;
  },
);
