import { Injectable } from '@nestjs/common';
import type { InviteResult } from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { isUuid } from '../common/ids';
import { ResendBudgetStore } from '../mail/resend-budget.store';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import { ProxiesRepository } from './proxies.repository';
import { ProxyNoticesService } from './proxy-notices.service';

/**
 * A manager sends a named holder its link again (docs/proxies.md): the holder must hold a
 * standing proxy and have an address; a few a holder an hour; on the record either way.
 */
@Injectable()
export class HolderLinkResendService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly proxies: ProxiesRepository,
    private readonly notices: ProxyNoticesService,
    private readonly budget: ResendBudgetStore,
    private readonly audit: AuditLogService,
  ) {}

  async resend(
    userId: string,
    shortCode: string,
    holderKey: string,
  ): Promise<InviteResult> {
    const meeting = await this.access.require(userId, shortCode);
    const holder = isUuid(holderKey)
      ? await this.proxies.holder(meeting.id, holderKey)
      : undefined;
    if (!holder) throw new ProxyException(ProxyErrorCode.HolderNotFound);
    if (!holder.email)
      throw new ProxyException(ProxyErrorCode.HolderHasNoEmail);
    const latest = await this.proxies.latestStanding(meeting.id, holder.id);
    if (!latest) throw new ProxyException(ProxyErrorCode.HolderHoldsNothing);
    await this.budget.spendOne(holder.id);
    const outcome = await this.notices.resendToHolder(meeting, {
      ...latest,
      holder: { ...holder, email: holder.email },
    });
    await this.audit.record({
      meetingId: meeting.id,
      kind: 'holder.notice',
      actor: { userId },
      subject: { type: 'holder', key: holder.id, label: holder.name },
      changes: {
        email: holder.email,
        ...('sentAt' in outcome
          ? { sentAt: outcome.sentAt.toISOString() }
          : { delivery: outcome.failed.status }),
      },
    });
    if (!('sentAt' in outcome))
      throw new ProxyException(ProxyErrorCode.NoticeNotSent);
    return { sentAt: outcome.sentAt.toISOString() };
  }
}
