import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { bearerToken } from '../common/text';
import { AuthErrorCode, AuthException } from '../identity/auth.exception';
import {
  HolderTokensService,
  type HolderPrincipal,
} from './holder-tokens.service';

type HolderRequest = Request & { holder?: HolderPrincipal };

/** Guards the holder routes of the portal: a holder session token (aud proxy-holder). */
@Injectable()
export class HolderAuthGuard implements CanActivate {
  constructor(private readonly tokens: HolderTokensService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<HolderRequest>();
    const header = request.headers.authorization;
    if (!header) throw AuthException.bearer(AuthErrorCode.MissingToken);
    const token = bearerToken(header);
    const holder = token ? this.tokens.verifySession(token) : null;
    if (!holder) throw AuthException.bearer(AuthErrorCode.InvalidToken);
    request.holder = holder;
    return true;
  }
}

export const CurrentHolder = createParamDecorator(
  (_data: unknown, context: ExecutionContext): HolderPrincipal => {
    const holder = context.switchToHttp().getRequest<HolderRequest>().holder;
    if (!holder) throw AuthException.bearer(AuthErrorCode.MissingToken);
    return holder;
  },
);
