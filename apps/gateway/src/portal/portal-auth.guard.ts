import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AuthErrorCode, AuthException } from '../identity/auth.exception';
import { LiveTokens } from '../live/live-tokens';
import type { VoterPrincipal } from '../voting/live-voting.service';
import { bearerToken } from '../common/text';

type VoterRequest = Request & { voter?: VoterPrincipal };

/** Guards the voter portal: a voter token (aud portal) in `Authorization: Bearer`. */
@Injectable()
export class PortalAuthGuard implements CanActivate {
  constructor(private readonly tokens: LiveTokens) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<VoterRequest>();
    const header = request.headers.authorization;
    if (!header) throw AuthException.bearer(AuthErrorCode.MissingToken);
    const token = bearerToken(header);
    const voter = token ? this.tokens.verifyVoter(token) : null;
    if (!voter) throw AuthException.bearer(AuthErrorCode.InvalidToken);
    request.voter = voter;
    return true;
  }
}

export const CurrentVoter = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VoterPrincipal => {
    const voter = context.switchToHttp().getRequest<VoterRequest>().voter;
    if (!voter) throw AuthException.bearer(AuthErrorCode.MissingToken);
    return voter;
  },
);
