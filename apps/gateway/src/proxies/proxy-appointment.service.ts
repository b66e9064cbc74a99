import { Injectable } from '@nestjs/common';
import type { ProxyHolderInput, SubmitProxyRequest } from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import type { ProxySource } from '../database/schema';
import { MattersRepository } from '../matters/matters.repository';
import type { MeetingRow } from '../meetings/meeting-access.service';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import {
  ProxiesRepository,
  type HolderRow,
  type ProxyWithUnit,
} from './proxies.repository';
import { ProxyBallotsService } from './proxy-ballots.service';
import { normalizeDirections } from './proxy-directions';
import { ProxyNoticesService } from './proxy-notices.service';
import { requireProxyWindowOpen } from './proxy-window';

/** Where an electronic proxy was signed. */
export interface SigningClient {
  ip: string;
  userAgent: string | null;
}

export interface Appointment {
  memberId: string;
  holder: ProxyHolderInput;
  directions: SubmitProxyRequest['directions'];
  signedName: string;
  source: ProxySource;
  voterId: string | null;
  recordedBy: string | null;
  client: SigningClient | null;
  scanDocumentId: string | null;
  verifiedOnSubmit: boolean;
}

/**
 * Giving a proxy, electronic from a voter or from paper by a manager (docs/proxies.md): one
 * standing per member, so a newer one replaces it, and whoever it concerns is told.
 */
@Injectable()
export class ProxyAppointmentService {
  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly matters: MattersRepository,
    private readonly proxyBallots: ProxyBallotsService,
    private readonly notices: ProxyNoticesService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  /** Records a proxy (replacing the member's standing one) and tells whoever it concerns. */
  async appoint(
    meeting: MeetingRow,
    appointment: Appointment,
  ): Promise<ProxyWithUnit> {
    const { saved, replacedVerified, matterTexts } = await this.unitOfWork.run(
      async () => {
        requireProxyWindowOpen(meeting, this.clock.now());
        const member = await this.proxies.lockMember(
          meeting.id,
          appointment.memberId,
        );
        if (!member) throw new ProxyException(ProxyErrorCode.MemberNotFound);
        const matters = await this.matters.listForMeeting(meeting.id);
        const directions = normalizeDirections(
          appointment.directions,
          matters,
          member,
        );
        const holderInput = appointment.holder;
        if (
          holderInput.isDefault &&
          !meeting.defaultProxyHolders.includes(holderInput.name)
        )
          throw new ProxyException(ProxyErrorCode.UnknownDefaultHolder);
        if (
          appointment.source === 'electronic' &&
          (await this.proxies.electronicCount(member.id)) >=
            this.config.proxies.submissionsPerMember
        )
          throw new ProxyException(ProxyErrorCode.TooManyProxies);
        const now = this.clock.now();
        const holder = await this.holderFor(
          meeting.id,
          {
            name: holderInput.name,
            email: holderInput.isDefault ? null : holderInput.email,
            isDefault: holderInput.isDefault,
          },
          appointment.source,
          now,
        );
        const replaced = await this.proxies.withdrawStanding(member.id, now);
        const verified = appointment.verifiedOnSubmit;
        const proxy = await this.proxies.insert({
          meetingId: meeting.id,
          memberId: member.id,
          holderId: holder.id,
          holderName: holderInput.name,
          holderEmail: holderInput.isDefault ? null : holderInput.email,
          directions,
          source: appointment.source,
          status: verified ? 'verified' : 'submitted',
          signedName: appointment.signedName,
          voterId: appointment.voterId,
          clientIp: appointment.client?.ip ?? null,
          userAgent: appointment.client?.userAgent ?? null,
          recordedBy: appointment.recordedBy,
          scanDocumentId: appointment.scanDocumentId,
          submittedAt: now,
          verifiedAt: verified ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        if (appointment.recordedBy)
          await this.audit.record({
            meetingId: meeting.id,
            kind: 'proxy.paper',
            actor: { userId: appointment.recordedBy },
            subject: { type: 'proxy', key: proxy.id, label: member.unit },
            changes: {
              holder: holderInput.name,
              directions,
              signedName: appointment.signedName,
              scanKey: appointment.scanDocumentId,
              replaced: replaced.map((row) => row.id),
            },
          });
        return {
          saved: { proxy, unit: member.unit, holder },
          replacedVerified: replaced.some((row) => row.status === 'verified'),
          matterTexts: new Map(matters.map((m) => [m.id, m])),
        };
      },
    );
    if (saved.proxy.status === 'verified')
      await this.proxyBallots.onProxyVerified(saved.proxy);
    if (saved.proxy.status === 'verified' || replacedVerified)
      this.proxyBallots.quorumChanged(meeting);
    await this.notices.send(meeting, saved, matterTexts);
    return saved;
  }

  /**
   * Finds or creates the holder. A voter's form adds named holders to a meeting only so fast
   * (docs/proxies.md, "Limits"): each is an address the meeting will write to.
   */
  private async holderFor(
    meetingId: string,
    wanted: { name: string; email: string | null; isDefault: boolean },
    source: ProxySource,
    now: Date,
  ): Promise<HolderRow> {
    const found = await this.proxies.findHolder(meetingId, wanted);
    if (found) return found;
    if (source === 'electronic' && !wanted.isDefault) {
      await this.proxies.lockNewHolders(meetingId);
      const { newHoldersPerMeeting, newHoldersWindowMs } = this.config.proxies;
      const recent = await this.proxies.newHoldersSince(
        meetingId,
        new Date(now.getTime() - newHoldersWindowMs),
      );
      if (recent.count >= newHoldersPerMeeting) {
        const freedAt = (recent.oldest ?? now).getTime() + newHoldersWindowMs;
        const seconds = Math.ceil((freedAt - now.getTime()) / 1000);
        throw new ProxyException(ProxyErrorCode.TooManyNewHolders, {
          'retry-after': String(Math.max(1, seconds)),
        });
      }
    }
    return this.proxies.createHolder(meetingId, wanted, now);
  }
}
