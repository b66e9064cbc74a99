import { Injectable } from '@nestjs/common';
import type {
  ListProxiesQuery,
  MemberProxy,
  PaperProxyRequest,
  ProxyHolderSummary,
} from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { mapHolderSummary, mapProxy } from './proxies.mapper';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import { ProxiesRepository, type ProxyWithUnit } from './proxies.repository';
import { ProxyAppointmentService } from './proxy-appointment.service';
import { ProxyBallotsService } from './proxy-ballots.service';

/**
 * What a meeting's managers do with proxies (docs/proxies.md): list them, enter paper ones,
 * verify or reject submitted ones, and check holders in and out.
 */
@Injectable()
export class ManagerProxiesService {
  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly access: MeetingAccessService,
    private readonly appointment: ProxyAppointmentService,
    private readonly proxyBallots: ProxyBallotsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async list(
    userId: string,
    shortCode: string,
    query: ListProxiesQuery,
  ): Promise<MemberProxy[]> {
    const meeting = await this.access.require(userId, shortCode);
    if (query.holder !== undefined && !isUuid(query.holder)) return [];
    const rows = await this.proxies.list(meeting.id, {
      status: query.status,
      holderId: query.holder,
    });
    return rows.map(mapProxy);
  }

  async enterPaper(
    userId: string,
    shortCode: string,
    body: PaperProxyRequest,
  ): Promise<MemberProxy> {
    const meeting = await this.access.require(userId, shortCode);
    if (!isUuid(body.memberKey))
      throw new ProxyException(ProxyErrorCode.MemberNotFound);
    const scanDocumentId = body.scanKey ?? null;
    if (
      scanDocumentId !== null &&
      (!isUuid(scanDocumentId) ||
        !(await this.proxies.documentInMeeting(meeting.id, scanDocumentId)))
    )
      throw new ProxyException(ProxyErrorCode.UnknownDocument);
    const saved = await this.appointment.appoint(meeting, {
      memberId: body.memberKey,
      holder: body.holder,
      directions: body.directions,
      signedName: body.signedName,
      source: 'paper',
      voterId: null,
      recordedBy: userId,
      client: null,
      scanDocumentId,
      verifiedOnSubmit: false,
    });
    return mapProxy(saved);
  }

  async verify(
    userId: string,
    shortCode: string,
    proxyKey: string,
  ): Promise<MemberProxy> {
    const meeting = await this.access.require(userId, shortCode);
    const { saved, changed } = await this.unitOfWork.run(async () => {
      const found = await this.lockProxy(meeting.id, proxyKey);
      if (found.proxy.status === 'verified')
        return { saved: found, changed: false };
      if (found.proxy.status !== 'submitted')
        throw new ProxyException(ProxyErrorCode.ProxyNotPending);
      const now = this.clock.now();
      const proxy = await this.proxies.update(found.proxy.id, {
        status: 'verified',
        verifiedAt: now,
        verifiedBy: userId,
        updatedAt: now,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'proxy.verify',
        actor: { userId },
        subject: { type: 'proxy', key: proxy.id, label: found.unit },
        changes: { status: { from: found.proxy.status, to: proxy.status } },
      });
      return { saved: { ...found, proxy }, changed: true };
    });
    if (changed) {
      await this.proxyBallots.onProxyVerified(saved.proxy);
      this.proxyBallots.quorumChanged(meeting);
    }
    return mapProxy(saved);
  }

  async reject(
    userId: string,
    shortCode: string,
    proxyKey: string,
    reason: string,
  ): Promise<MemberProxy> {
    const meeting = await this.access.require(userId, shortCode);
    const saved = await this.unitOfWork.run(async () => {
      const found = await this.lockProxy(meeting.id, proxyKey);
      if (found.proxy.status !== 'submitted')
        throw new ProxyException(ProxyErrorCode.ProxyNotPending);
      const now = this.clock.now();
      const proxy = await this.proxies.update(found.proxy.id, {
        status: 'rejected',
        rejectReason: reason,
        rejectedAt: now,
        updatedAt: now,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'proxy.reject',
        actor: { userId },
        subject: { type: 'proxy', key: proxy.id, label: found.unit },
        changes: {
          status: { from: found.proxy.status, to: proxy.status },
          rejectReason: reason,
        },
      });
      return { ...found, proxy };
    });
    return mapProxy(saved);
  }

  async holders(
    userId: string,
    shortCode: string,
  ): Promise<ProxyHolderSummary[]> {
    const meeting = await this.access.require(userId, shortCode);
    return (await this.proxies.holders(meeting.id)).map(mapHolderSummary);
  }

  /** A manager checks a holder in or out (the quorum may ask for holders to be present). */
  async setHolderPresence(
    userId: string,
    shortCode: string,
    holderKey: string,
    present: boolean,
  ): Promise<ProxyHolderSummary> {
    const meeting = await this.access.require(userId, shortCode);
    const holder = await this.unitOfWork.run(async () => {
      const found = isUuid(holderKey)
        ? await this.proxies.holder(meeting.id, holderKey, true)
        : undefined;
      if (!found) throw new ProxyException(ProxyErrorCode.HolderNotFound);
      await this.proxies.setHolderPresent(found.id, present, this.clock.now());
      if (found.present !== present)
        await this.audit.record({
          meetingId: meeting.id,
          kind: 'holder.presence',
          actor: { userId },
          subject: { type: 'holder', key: found.id, label: found.name },
          changes: { present: { from: found.present, to: present } },
        });
      return found;
    });
    this.proxyBallots.quorumChanged(meeting);
    const summary = (await this.proxies.holders(meeting.id)).find(
      (row) => row.holder.id === holder.id,
    )!;
    return mapHolderSummary(summary);
  }

  private async lockProxy(
    meetingId: string,
    proxyKey: string,
  ): Promise<ProxyWithUnit> {
    const found = isUuid(proxyKey)
      ? await this.proxies.find(meetingId, proxyKey, true)
      : undefined;
    if (!found) throw new ProxyException(ProxyErrorCode.ProxyNotFound);
    return found;
  }
}
