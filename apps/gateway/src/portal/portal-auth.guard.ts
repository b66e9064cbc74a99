import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AuthErrorCode, AuthException } from '../identity/auth.exception';
import { LiveTokensService } from '../identity/live-tokens.service';
import { VoterSessionRegistry } from '../revocation/voter-session.registry';
import type { VoterPrincipal } from '../identity/voter-principal';
import { bearerToken } from '../common/text';
import type { ReaderRequest } from '../common/reader-language';

type VoterRequest = Request & ReaderRequest & { voter?: VoterPrincipal };

/**
 * Guards the voter portal: a voter token (aud portal) in `Authorization: Bearer` whose voter
 * still exists and is still the same person (checked from memory, see VoterSessionRegistry).
 */
@Injectable()
export class PortalAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: LiveTokensService,
    private readonly sessions: VoterSessionRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<VoterRequest>();
    const header = request.headers.authorization;
    if (!header) throw AuthException.bearer(AuthErrorCode.MissingToken);
    const token = bearerToken(header);
    const voter = token ? this.tokens.verifyVoter(token) : null;
    if (
      !voter ||
      !(await this.sessions.isCurrent(voter.voterId, voter.version))
    )
      throw AuthException.bearer(AuthErrorCode.InvalidToken);
    request.voter = {
      voterId: voter.voterId,
      memberId: voter.memberId,
      meetingId: voter.meetingId,
      isTest: voter.isTest,
    };
    request.readerLanguage = this.sessions.languageOf(voter.voterId);
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
