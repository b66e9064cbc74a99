import { createZodDto } from 'nestjs-zod';
import {
  HolderCastRequest,
  HolderCastResponse,
  HolderPresenceRequest,
  HolderSessionRequest,
  HolderSessionResponse,
  HolderView,
  InviteResult,
  ListProxiesQuery,
  MemberProxy,
  PaperProxyRequest,
  ProxyForm,
  ProxyHolderSummary,
  RejectProxyRequest,
  SubmitProxyRequest,
} from '@livevote/contracts';

export class MemberProxyDto extends createZodDto(MemberProxy) {}
export class ProxyFormDto extends createZodDto(ProxyForm) {}
export class SubmitProxyRequestDto extends createZodDto(SubmitProxyRequest) {}
export class PaperProxyRequestDto extends createZodDto(PaperProxyRequest) {}
export class RejectProxyRequestDto extends createZodDto(RejectProxyRequest) {}
export class ListProxiesQueryDto extends createZodDto(ListProxiesQuery) {}
/** `POST .../proxy-holders/{holderKey}/notice`: as a voter's invite, when it went. */
export class HolderNoticeResultDto extends createZodDto(InviteResult) {}
export class ProxyHolderSummaryDto extends createZodDto(ProxyHolderSummary) {}
export class HolderPresenceRequestDto extends createZodDto(
  HolderPresenceRequest,
) {}
export class HolderSessionRequestDto extends createZodDto(
  HolderSessionRequest,
) {}
export class HolderSessionResponseDto extends createZodDto(
  HolderSessionResponse,
) {}
export class HolderViewDto extends createZodDto(HolderView) {}
export class HolderCastRequestDto extends createZodDto(HolderCastRequest) {}
export class HolderCastResponseDto extends createZodDto(HolderCastResponse) {}
