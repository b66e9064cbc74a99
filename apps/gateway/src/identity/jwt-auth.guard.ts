import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AccessTokensService } from './access-tokens.service';
import { AuthErrorCode, AuthException } from './auth.exception';
import { bearerToken } from '../common/text';
import { LiveTokensService } from './live-tokens.service';
import { isUuid } from '../common/ids';
import { PartnerAccessTokensService } from './partner-access-tokens.service';
import { CLERK_MAY, ClerkForbiddenException } from './team-roles';
import { TeamRolesRepository } from './team-roles.repository';

export interface Manager {
  userId: string;
}

type AuthedRequest = Request & { manager?: Manager };

/**
 * Guards /v1: a valid manager JWT in `Authorization: Bearer`, and a clerk only on the routes
 * marked `@ClerkMay()` (docs/team.md). Roles are read for every request, so a change applies
 * from the next one.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokensService,
    private readonly liveTokens: LiveTokensService,
    private readonly partnerTokens: PartnerAccessTokensService,
    private readonly roles: TeamRolesRepository,
    private readonly reflector: Reflector,
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
    if (await this.isClerkOffLimits(context, request, claims.sub))
      throw new ClerkForbiddenException();
    return true;
  }

  /** A clerk of the route's account on a route not marked for clerks. */
  private async isClerkOffLimits(
    context: ExecutionContext,
    request: AuthedRequest,
    userId: string,
  ): Promise<boolean> {
    const clerkMay = this.reflector.getAllAndOverride<boolean>(CLERK_MAY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (clerkMay) return false;
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    // a meeting's routes name it by shortCode; only the account routes name a key alone
    if (params.shortCode)
      return /^[a-z0-9-]{1,64}$/.test(params.shortCode)
        ? this.roles.isClerkForMeeting(userId, params.shortCode)
        : false;
    if (params.key && isUuid(params.key))
      return this.roles.isClerkForAccount(userId, params.key);
    return false;
  }
}

export const CurrentManager = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Manager => {
    const manager = context.switchToHttp().getRequest<AuthedRequest>().manager;
    if (!manager) throw AuthException.bearer(AuthErrorCode.MissingToken);
    return manager;
  },
);
