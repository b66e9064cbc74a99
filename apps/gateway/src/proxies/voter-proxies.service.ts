import { translatedMatterTexts } from '@livevote/contracts';
import { portalLanguage, type PortalReader } from '../common/reader-language';
import { translatedCandidates } from '../portal/portal.mapper';
import { Injectable } from '@nestjs/common';
import type {
  MemberProxy,
  ProxyForm,
  SubmitProxyRequest,
} from '@livevote/contracts';
import {
  earlyVotingClosesAt,
  isEarlyVotingOpen,
  isEligible,
} from '@livevote/rules';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { MattersRepository } from '../matters/matters.repository';
import {
  MeetingAccessService,
  MeetingNotFoundException,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import type { VoterPrincipal } from '../identity/voter-principal';
import { mapProxy } from './proxies.mapper';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import { ProxiesRepository } from './proxies.repository';
import {
  ProxyAppointmentService,
  type SigningClient,
} from './proxy-appointment.service';
import { ProxyBallotsService } from './proxy-ballots.service';
import { requireProxyWindowOpen } from './proxy-window';
import { mapMethod } from '../matters/matters.mapper';

/**
 * What a member's voter does with its proxy in the portal (docs/proxies.md): read the form,
 * give or replace it, read it back, withdraw it. Only in the voter's own meeting.
 */
@Injectable()
export class VoterProxiesService {
  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly matters: MattersRepository,
    private readonly access: MeetingAccessService,
    private readonly appointment: ProxyAppointmentService,
    private readonly proxyBallots: ProxyBallotsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async submit(
    voter: VoterPrincipal,
    shortCode: string,
    body: SubmitProxyRequest,
    client: SigningClient,
  ): Promise<MemberProxy> {
    const meeting = await this.ownMeeting(voter, shortCode);
    refuseTestVoter(voter);
    const saved = await this.appointment.appoint(meeting, {
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
  async form(
    voter: VoterPrincipal,
    shortCode: string,
    reader: PortalReader,
  ): Promise<ProxyForm> {
    const meeting = await this.ownMeeting(voter, shortCode);
    // the voter's language, options canonical beside their labels (docs/i18n.md)
    const language = portalLanguage(reader, meeting);
    const [member, matters] = await Promise.all([
      this.proxies.member(meeting.id, voter.memberId),
      this.matters.listForMeeting(meeting.id),
    ]);
    return {
      defaultProxyHolders: meeting.defaultProxyHolders,
      closesAt: earlyVotingClosesAt(meeting).toISOString(),
      open: isEarlyVotingOpen(meeting, this.clock.now()),
      language,
      matters: matters
        .filter(
          (matter) =>
            matter.allowProxyVote && member && isEligible(member, matter),
        )
        .map((matter) => {
          const texts = translatedMatterTexts(matter, language);
          const method = mapMethod(matter);
          return {
            matterKey: matter.id,
            name: texts.name,
            header: texts.header,
            options: matter.options,
            optionLabels: texts.optionLabels,
            choices: matter.choices,
            ...method,
            candidates: translatedCandidates(method.candidates, language),
          };
        }),
    };
  }

  /** The member's latest proxy, whatever became of it; undefined when it never gave one. */
  async mine(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MemberProxy | undefined> {
    await this.ownMeeting(voter, shortCode);
    const latest = await this.proxies.latestOfMember(voter.memberId);
    return latest && mapProxy(latest);
  }

  async withdraw(voter: VoterPrincipal, shortCode: string): Promise<void> {
    const meeting = await this.ownMeeting(voter, shortCode);
    refuseTestVoter(voter);
    await this.unitOfWork.run(async () => {
      requireProxyWindowOpen(meeting, this.clock.now());
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

/** A member's proxy counts (quorum, holders' votes): a test voter neither gives nor withdraws one. */
function refuseTestVoter(voter: VoterPrincipal): void {
  if (voter.isTest) throw new ProxyException(ProxyErrorCode.TestVoter);
}
