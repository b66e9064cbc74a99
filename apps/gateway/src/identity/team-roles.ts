import { SetMetadata } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

export const CLERK_MAY = 'livevote:clerk-may';

/**
 * Marks a /v1 route a clerk may call (docs/team.md): reading the meeting, its members,
 * matters and check-ins, checking voters in and entering floor ballots. Every other route
 * answers a clerk 403 `clerk_forbidden`.
 */
export const ClerkMay = () => SetMetadata(CLERK_MAY, true);

export class ClerkForbiddenException extends ApiException {
  constructor() {
    super(403, 'clerk_forbidden');
  }
}
