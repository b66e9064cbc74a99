import { chooseLanguage } from '@livevote/i18n';
import { Injectable, Logger } from '@nestjs/common';
import {
  earlyVotingClosesAt,
  isEarlyVotingOpen,
  isMeetingOver,
  meetingEndsAt,
} from '@livevote/rules';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { PresenceStore } from '../presence/presence.store';
import { QuorumService } from '../quorum/quorum.service';
import { MailTransport, type OutgoingMail } from '../mail/mail-transport';
import type { MeetingDetails } from '../mail/meeting-details';
import type { MeetingRow } from '../meetings/meeting-access.service';
import { InviteTokensService } from '../members/invite-tokens.service';
import {
  mapMeetingDetails,
  personalPortalLink,
} from '../members/invites.mapper';
import {
  DAY_MS,
  latestSummary,
  mailWindowEndsAt,
  MAX_SEND_ATTEMPTS,
  reminderRound,
  retryDelayMs,
  SEND_LEASE_MS,
  startingReminderAt,
} from './mail-schedule';
import { unsubscribeLink } from './reminders.mapper';
import {
  RemindersRepository,
  type ActiveMeeting,
  type ClaimedMail,
  type MailVoter,
} from './reminders.repository';
import {
  mailSignature,
  managerSummaryMail,
  meetingStartingMail,
  reminderMail,
  type MailSignature,
  type MeetingSummary,
} from './scheduled-mails';
import {
  UnsubscribeTokensService,
  type UnsubscribeScope,
} from './unsubscribe-tokens.service';

export interface TickResult {
  sent: number;
  failed: number;
  cancelled: number;
}

/** Messages in flight at once (nodemailer's pool keeps 5 connections). */
const SEND_CONCURRENCY = 5;
/** A schedule is set up this long before a "meeting is starting" notice is due. */
const STARTING_HORIZON_MS = 3_600_000;
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/;

/** The periods current at a tick: a claim of an older one (a stale retry) is cancelled. */
interface Current {
  now: Date;
  reminderRound: string | null;
  summaryDay: string | null;
}

function managerAddresses(meeting: MeetingRow): string[] {
  const seen = new Map<string, string>();
  for (const address of [
    meeting.contact.email,
    ...meeting.alternateManagerEmails,
  ]) {
    const email = address?.trim();
    if (email && EMAIL.test(email) && !seen.has(email.toLowerCase()))
      seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

function signatureOf(meeting: MeetingRow): string {
  const signature = meeting.options.signature;
  return typeof signature === 'string' ? signature : '';
}

/**
 * Reminders, "meeting is starting" notices and manager summaries. A tick works out what is
 * due for a meeting at clock.now() and sends what no node has claimed yet: every send is
 * first claimed with a unique row (kind, meeting, recipient, period), so ticks may run late,
 * twice, or on several nodes at once, and a message still goes out once.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('ScheduledMail');
  private readonly running = new Map<string, Promise<TickResult>>();

  constructor(
    private readonly reminders: RemindersRepository,
    private readonly mail: MailTransport,
    private readonly inviteTokens: InviteTokensService,
    private readonly unsubscribeTokens: UnsubscribeTokensService,
    private readonly presence: PresenceStore,
    private readonly quorumCounter: QuorumService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Meetings that need their schedule now (or soon). */
  activeMeetings(): Promise<ActiveMeeting[]> {
    const now = this.clock.now();
    return this.reminders.activeMeetings(
      now,
      new Date(now.getTime() + STARTING_HORIZON_MS),
    );
  }

  /** Sends what is due for the meeting now; ticks of one meeting in this process run in turn. */
  tick(meetingId: string): Promise<TickResult> {
    const previous = this.running.get(meetingId);
    const next = (previous ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.runTick(meetingId));
    this.running.set(meetingId, next);
    const done = () => {
      if (this.running.get(meetingId) === next) this.running.delete(meetingId);
    };
    next.then(done, done);
    return next;
  }

  private async runTick(meetingId: string): Promise<TickResult> {
    const meeting = await this.reminders.meeting(meetingId);
    if (!meeting) return { sent: 0, failed: 0, cancelled: 0 };
    const now = this.clock.now();
    const { claims, current } = await this.claimDue(meeting, now);
    return this.deliver(meeting, claims, current);
  }

  private async claimDue(
    meeting: MeetingRow,
    now: Date,
  ): Promise<{ claims: ClaimedMail[]; current: Current }> {
    const current: Current = { now, reminderRound: null, summaryDay: null };
    if (now >= mailWindowEndsAt(meeting)) {
      await this.reminders.abandonRetries(meeting.id, now);
      return { claims: [], current };
    }
    const lease = new Date(now.getTime() + SEND_LEASE_MS);
    const claims = await this.reminders.claimRetries(meeting.id, now, lease);
    const firstInvite = await this.reminders.firstInviteAt(meeting.id);

    if (firstInvite && meeting.meetingReminderFrequency > 0) {
      const last = await this.reminders.lastReminderRound(meeting.id);
      const round = reminderRound(
        last ?? firstInvite,
        meeting.meetingReminderFrequency,
        now,
      );
      current.reminderRound = (round ?? last)?.toISOString() ?? null;
      if (round && isEarlyVotingOpen(meeting, round))
        claims.push(
          ...(await this.reminders.claimReminders(
            meeting.id,
            round,
            now,
            lease,
          )),
        );
    }

    const startingAt = startingReminderAt(meeting);
    if (startingAt && startingAt <= now && !isMeetingOver(meeting, now))
      claims.push(
        ...(await this.reminders.claimStarting(
          meeting.id,
          meeting.meetingDate,
          startingAt,
          now,
          lease,
        )),
      );

    if (firstInvite && meeting.managerSummaryReportFrequency === 'daily') {
      const summary = latestSummary(now, meeting.meetingTimezone);
      current.summaryDay = summary.day;
      const lastSummaryAt = meetingEndsAt(meeting).getTime() + DAY_MS;
      if (summary.at > firstInvite && summary.at.getTime() <= lastSummaryAt)
        claims.push(
          ...(await this.reminders.claimSummaries(
            meeting.id,
            summary.day,
            summary.at,
            managerAddresses(meeting),
            now,
            lease,
          )),
        );
    }
    return { claims, current };
  }

  private async deliver(
    meeting: MeetingRow,
    claims: ClaimedMail[],
    current: Current,
  ): Promise<TickResult> {
    const result: TickResult = { sent: 0, failed: 0, cancelled: 0 };
    if (!claims.length) return result;
    const voterIds = claims.flatMap((c) => (c.voterId ? [c.voterId] : []));
    const voters = new Map(
      (await this.reminders.mailVoters(meeting.id, voterIds)).map((v) => [
        v.id,
        v,
      ]),
    );
    const summary = claims.some((c) => c.kind === 'summary')
      ? await this.summaryOf(meeting, current.now)
      : null;
    const details = mapMeetingDetails(meeting, this.config);
    // Once per tick, not per recipient: the signature is the same in every mail.
    const signature = mailSignature(signatureOf(meeting));

    const queue = [...claims];
    const worker = async () => {
      for (let claim = queue.shift(); claim; claim = queue.shift()) {
        const message = this.compose(
          meeting,
          details,
          claim,
          claim.voterId ? voters.get(claim.voterId) : undefined,
          summary,
          current,
          signature,
        );
        const outcome = await this.send(claim, message);
        result[outcome] += 1;
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(SEND_CONCURRENCY, claims.length) }, worker),
    );
    return result;
  }

  /** Sends one claimed message and records how it went; a failure waits for its retry. */
  private async send(
    claim: ClaimedMail,
    message: OutgoingMail | null,
  ): Promise<keyof TickResult> {
    if (!message) {
      await this.reminders.settle(claim, {
        status: 'cancelled',
        at: this.clock.now(),
      });
      return 'cancelled';
    }
    try {
      const sent = await this.mail.send(message);
      await this.reminders.settle(claim, {
        status: 'sent',
        at: this.clock.now(),
        messageId: sent.messageId,
      });
      return 'sent';
    } catch (error) {
      const at = this.clock.now();
      const reason = (error as Error).message.slice(0, 500);
      const final = claim.attempts >= MAX_SEND_ATTEMPTS;
      this.logger.warn(
        `${claim.kind} ${claim.id} (attempt ${claim.attempts}) not sent${final ? ', giving up' : ''}: ${reason}`,
      );
      await this.reminders.settle(
        claim,
        final
          ? { status: 'failed', at, error: reason }
          : {
              status: 'retry',
              at,
              error: reason,
              nextAttemptAt: new Date(
                at.getTime() + retryDelayMs(claim.attempts),
              ),
            },
      );
      return 'failed';
    }
  }

  /** The message for a claim, or null when it is no longer wanted (voted, opted out, too late). */
  private compose(
    meeting: MeetingRow,
    details: MeetingDetails,
    claim: ClaimedMail,
    voter: MailVoter | undefined,
    summary: Omit<MeetingSummary, 'day'> | null,
    current: Current,
    signature: MailSignature | null,
  ): OutgoingMail | null {
    switch (claim.kind) {
      case 'reminder': {
        const closesAt = earlyVotingClosesAt(meeting);
        if (
          !voter ||
          voter.emailsDisabled ||
          voter.remindersDisabled ||
          voter.memberVoted ||
          !voter.eligible ||
          meeting.meetingReminderFrequency <= 0 ||
          claim.period !== current.reminderRound ||
          !isEarlyVotingOpen(meeting, current.now)
        )
          return null;
        return reminderMail({
          ...this.voterParts(meeting, details, voter, 'reminders', signature),
          earlyVotingClosesAt: closesAt,
        });
      }
      case 'starting':
        if (
          !voter ||
          voter.emailsDisabled ||
          meeting.meetingStartingReminder <= 0 ||
          claim.period !== meeting.meetingDate.toISOString() ||
          isMeetingOver(meeting, current.now)
        )
          return null;
        return meetingStartingMail(
          this.voterParts(meeting, details, voter, 'all', signature),
        );
      case 'summary':
        if (
          !summary ||
          meeting.managerSummaryReportFrequency !== 'daily' ||
          claim.period !== current.summaryDay ||
          !managerAddresses(meeting).some(
            (email) => email.toLowerCase() === claim.recipient,
          )
        )
          return null;
        return managerSummaryMail({
          meeting: details,
          to: claim.email,
          summary: { ...summary, day: claim.period },
          earlyVotingClosesAt: earlyVotingClosesAt(meeting),
          signature,
        });
    }
  }

  private voterParts(
    meeting: MeetingRow,
    details: MeetingDetails,
    voter: MailVoter,
    scope: UnsubscribeScope,
    signature: MailSignature | null,
  ) {
    const inviteToken = this.inviteTokens.issue(voter, meeting);
    const unsubscribeToken = this.unsubscribeTokens.issue(
      { voterId: voter.id, meetingId: meeting.id, scope },
      meeting,
    );
    return {
      meeting: details,
      voter,
      unit: voter.unit,
      portalLink: personalPortalLink(
        this.config.publicUrl,
        meeting.shortCode,
        inviteToken,
      ),
      unsubscribeLink: unsubscribeLink(this.config.publicUrl, unsubscribeToken),
      signature,
      lng: chooseLanguage({
        preference: voter.language,
        meeting: meeting.language,
      }),
    };
  }

  private async summaryOf(
    meeting: MeetingRow,
    now: Date,
  ): Promise<Omit<MeetingSummary, 'day'>> {
    const [figures, connected, quorum] = await Promise.all([
      this.reminders.summaryFigures(meeting.id),
      this.presence.count(meeting.id),
      // the meeting's own quorum rules, as the live channel counts them (docs/verdicts.md)
      this.quorumCounter.now(meeting),
    ]);
    return {
      ...figures,
      asOf: now,
      connectedVoters: connected.numVoters,
      connectedUnits: connected.numUnits,
      quorum: {
        present: quorum.present,
        proxies: quorum.proxies,
        required: quorum.required,
        met: quorum.met,
        basis: quorum.basis,
      },
    };
  }
}
