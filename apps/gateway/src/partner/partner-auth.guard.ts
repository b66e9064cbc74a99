import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { PartnerErrorCode, PartnerException } from './partner.exception';
import {
  PartnerAccessTokensService,
  type PartnerPrincipal,
} from '../identity/partner-access-tokens.service';

type PartnerRequest = Request & { partner?: PartnerPrincipal };

/** Guards /papi/v1: a live partner access token (a manager JWT is not one). */
@Injectable()
export class PartnerAuthGuard implements CanActivate {
  constructor(private readonly tokens: PartnerAccessTokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PartnerRequest>();
    const header = request.headers.authorization;
    if (!header) throw new PartnerException(PartnerErrorCode.MissingToken);
    const match = /^Bearer ([A-Za-z0-9._~+/-]{1,512}=*)$/i.exec(header);
    const partner = match ? await this.tokens.verify(match[1]) : null;
    if (!partner) throw new PartnerException(PartnerErrorCode.InvalidToken);
    request.partner = partner;
    return true;
  }
}

export const CurrentPartner = createParamDecorator(
  (_data: unknown, context: ExecutionContext): PartnerPrincipal => {
    const partner = context.switchToHttp().getRequest<PartnerRequest>().partner;
    if (!partner) throw new PartnerException(PartnerErrorCode.MissingToken);
    return partner;
  },
);
