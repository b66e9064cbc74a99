import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AccessTokensService } from './access-tokens.service';
import { AuthErrorCode, AuthException } from './auth.exception';
import { bearerToken } from '../common/text';
import { LiveTokensService } from './live-tokens.service';
import { PartnerAccessTokensService } from './partner-access-tokens.service';

export interface Manager {
  userId: string;
}

type AuthedRequest = Request & { manager?: Manager };

/** Guards /v1: a valid manager JWT in `Authorization: Bearer`. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokensService,
    private readonly liveTokens: LiveTokensService,
    private readonly partnerTokens: PartnerAccessTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    if (!header) throw AuthException.bearer(AuthErrorCode.MissingToken);
    const token = bearerToken(header);
    const claims = token ? this.tokens.verify(token) : null;
    // A live partner token is a credential, just not one for /v1; anything merely shaped like
    // one is no credential at all (docs/security.md).
    if (!claims && token && (await this.partnerTokens.verify(token)))
      throw new AuthException(AuthErrorCode.PartnerTokenForbidden);
    // A voter's token too: a valid credential without the right, as the issue's "moderation by
    // a voter" asks (docs/security.md).
    if (!claims && token && this.liveTokens.verifyVoter(token))
      throw new AuthException(AuthErrorCode.VoterTokenForbidden);
    if (!claims) throw AuthException.bearer(AuthErrorCode.InvalidToken);
    request.manager = { userId: claims.sub };
    return true;
  }
}

export const CurrentManager = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Manager => {
    const manager = context.switchToHttp().getRequest<AuthedRequest>().manager;
    if (!manager) throw AuthException.bearer(AuthErrorCode.MissingToken);
    return manager;
  },
);
