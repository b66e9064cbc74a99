import { chooseLanguage } from '@livevote/i18n';
import { Injectable, Logger } from '@nestjs/common';
import type {
  ListProxiesQuery,
  MemberProxy,
  ProxyForm,
  PaperProxyRequest,
  ProxyHolderInput,
  ProxyHolderSummary,
  SubmitProxyRequest,
} from '@livevote/contracts';
import {
  earlyVotingClosesAt,
  isEarlyVotingOpen,
  isEligible,
} from '@livevote/rules';
import { AuditLog } from '../audit/audit-log';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import type { ProxySource } from '../database/schema';
import { MailTransport, type OutgoingMail } from '../mail/mail-transport';
import { MattersRepository } from '../matters/matters.repository';
import {
  MeetingAccess,
  MeetingNotFoundException,
  type MeetingRow,
} from '../meetings/meeting-access';
import type { VoterPrincipal } from '../identity/voter-principal';
import { HolderTokens } from './holder-tokens';
import { mapHolderSummary, mapProxy } from './proxies.mapper';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import {
  ProxiesRepository,
  type HolderRow,
  type ProxyWithUnit,
} from './proxies.repository';
import { ProxyBallots } from './proxy-ballots.service';
import { normalizeDirections } from './proxy-directions';
import {
  holderLink,
  holderNoticeMail,
  proxyConfirmationMail,
  type ProxyMailContent,
} from './proxy-mail';

/** Where an electronic proxy was signed. */
export interface SigningClient {
  ip: string;
  userAgent: string | null;
}

interface Appointment {
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
 * The life of a proxy (docs/proxies.md): given by a member's voter or entered from paper by a
 * manager until expiryDate, one standing per member (a newer one replaces it), verified or
 * rejected by managers, withdrawn by the member, revoked by attending.
 */
@Injectable()
export class ProxiesService {
  private readonly logger = new Logger('Proxies');

  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly matters: MattersRepository,
    private readonly access: MeetingAccess,
    private readonly proxyBallots: ProxyBallots,
    private readonly holderTokens: HolderTokens,
    private readonly mail: MailTransport,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async submit(
    voter: VoterPrincipal,
    shortCode: string,
    body: SubmitProxyRequest,
    client: SigningClient,
  ): Promise<MemberProxy> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const saved = await this.appoint(meeting, {
      memberId: voter.memberId,
      holder: body.holder,
      directions: body.directions,
      signedName: body.signedName,
      source: 'electronic',
      voterId: voter.voterId,
      recordedBy: null,
      client,
      scanDocumentId: null,
      verifiedOnSubmit: meeting.autoVerifyElectronicProxies,
    });
    return mapProxy(saved);
  }

  /** What the member's proxy form offers: the default holders and the matters to direct. */
  async form(voter: VoterPrincipal, shortCode: string): Promise<ProxyForm> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const [member, matters] = await Promise.all([
      this.proxies.member(meeting.id, voter.memberId),
      this.matters.listForMeeting(meeting.id),
    ]);
    return {
      defaultProxyHolders: meeting.defaultProxyHolders,
      closesAt: earlyVotingClosesAt(meeting).toISOString(),
      open: isEarlyVotingOpen(meeting, this.clock.now()),
      matters: matters
        .filter(
          (matter) =>
            matter.allowProxyVote && member && isEligible(member, matter),
        )
        .map((matter) => ({
          matterKey: matter.id,
          name: matter.name,
          header: matter.header,
          options: matter.options,
          choices: matter.choices,
        })),
    };
  }

  async mine(voter: VoterPrincipal, shortCode: string): Promise<MemberProxy> {
    await this.ownMeeting(voter, shortCode);
    const latest = await this.proxies.latestOfMember(voter.memberId);
    if (!latest) throw new ProxyException(ProxyErrorCode.ProxyNotFound);
    return mapProxy(latest);
  }

  async withdraw(voter: VoterPrincipal, shortCode: string): Promise<void> {
    const meeting = await this.ownMeeting(voter, shortCode);
    await this.unitOfWork.run(async () => {
      this.requireOpen(meeting);
      await this.proxies.lockMember(meeting.id, voter.memberId);
      const withdrawn = await this.proxies.withdrawStanding(
        voter.memberId,
        this.clock.now(),
      );
      if (!withdrawn.length)
        throw new ProxyException(ProxyErrorCode.ProxyNotFound);
    });
    this.proxyBallots.quorumChanged(meeting);
  }

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
    const saved = await this.appoint(meeting, {
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
    const holder = isUuid(holderKey)
      ? await this.proxies.holder(meeting.id, holderKey)
      : undefined;
    if (!holder) throw new ProxyException(ProxyErrorCode.HolderNotFound);
    await this.proxies.setHolderPresent(holder.id, present, this.clock.now());
    this.proxyBallots.quorumChanged(meeting);
    const summary = (await this.proxies.holders(meeting.id)).find(
      (row) => row.holder.id === holder.id,
    )!;
    return mapHolderSummary(summary);
  }

  /** Records a proxy (replacing the member's standing one) and tells whoever it concerns. */
  private async appoint(
    meeting: MeetingRow,
    appointment: Appointment,
  ): Promise<ProxyWithUnit> {
    const { saved, replacedVerified, matterNames } = await this.unitOfWork.run(
      async () => {
        this.requireOpen(meeting);
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
          matterNames: new Map(matters.map((m) => [m.id, m.name])),
        };
      },
    );
    if (saved.proxy.status === 'verified')
      await this.proxyBallots.onProxyVerified(saved.proxy);
    if (saved.proxy.status === 'verified' || replacedVerified)
      this.proxyBallots.quorumChanged(meeting);
    await this.notify(meeting, saved, matterNames);
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

  /**
   * The member's confirmation (electronic proxies) and the holder's link, sent to an address
   * once per meeting whoever names it again; failures are logged.
   */
  private async notify(
    meeting: MeetingRow,
    { proxy, unit, holder }: ProxyWithUnit,
    matterNames: Map<string, string>,
  ): Promise<void> {
    const content: ProxyMailContent = {
      meeting: {
        name: meeting.name,
        meetingDate: meeting.meetingDate,
        meetingTimezone: meeting.meetingTimezone,
        contactEmail: meeting.contact.email,
      },
      unit,
      holderName: proxy.holderName,
      directions: proxy.directions,
      matterNames,
      signedName: proxy.signedName,
      submittedAt: proxy.submittedAt,
      status: proxy.status,
    };
    const messages: { mail: OutgoingMail; unsent?: () => Promise<void> }[] = [];
    const voter = proxy.voterId
      ? await this.proxies.voter(proxy.voterId)
      : undefined;
    if (voter && !voter.communicationPreferences.disableAllEmails)
      messages.push({
        mail: proxyConfirmationMail(
          voter.email,
          content,
          chooseLanguage({
            preference: voter.language,
            meeting: meeting.language,
          }),
        ),
      });
    const claimedAt = this.clock.now();
    if (
      holder.email &&
      (await this.proxies.claimNotice(holder.id, claimedAt))
    ) {
      const link = holderLink(
        this.config.publicUrl,
        meeting.shortCode,
        this.holderTokens.issueLink(holder.id, meeting),
      );
      // a holder need not be a voter of the meeting: the meeting's language
      messages.push({
        mail: holderNoticeMail(holder.email, content, link, meeting.language),
        // not sent: the next appointment naming the holder tries again
        unsent: () =>
          this.proxies.releaseNotice(holder.id, claimedAt).catch(() => {}),
      });
    }
    for (const { mail, unsent } of messages) {
      await this.mail.send(mail).catch(async (error: unknown) => {
        this.logger.warn(
          `proxy mail for meeting ${meeting.shortCode} not sent: ${(error as Error).message}`,
        );
        await unsent?.();
      });
    }
  }

  private requireOpen(meeting: MeetingRow): void {
    if (!isEarlyVotingOpen(meeting, this.clock.now()))
      throw new ProxyException(ProxyErrorCode.ProxyClosed);
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

  /** The voter's own meeting; any other is a 404. */
  private async ownMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.access.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new MeetingNotFoundException();
    return meeting;
  }
}
