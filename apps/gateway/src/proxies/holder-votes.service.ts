import { Injectable } from '@nestjs/common';
import type {
  HolderCastResponse,
  HolderMatter,
  HolderSessionResponse,
  HolderSplit,
  HolderView,
} from '@livevote/contracts';
import {
  ballotKind,
  ballotTiming,
  isEligible,
  mayReplace,
  sharesFromMicro,
  toMicro,
  type VotingMethod,
} from '@livevote/rules';
import { AuditLogService } from '../audit/audit-log.service';
import { BallotIntakeService } from '../ballots/ballot-intake.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import {
  MattersRepository,
  type MatterRow,
} from '../matters/matters.repository';
import {
  MeetingAccessService,
  MeetingNotFoundException,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { HolderPresenceBudgetStore } from './holder-presence-budget.store';
import {
  HolderTokensService,
  type HolderPrincipal,
} from './holder-tokens.service';
import { mapHolderRef } from './proxies.mapper';
import { ProxyErrorCode, ProxyException } from './proxies.exception';
import {
  ProxiesRepository,
  type HolderRow,
  type ProxyRow,
  type StandingBallotRow,
} from './proxies.repository';
import { ProxyBallotsService } from './proxy-ballots.service';
import { directionOn, isDirected, refuseDirection } from './proxy-directions';
import { ballotAnswer, marksOrFail } from '../ballots/ballot-marks';
import { mapMethod } from '../matters/matters.mapper';
import { chooseLanguage } from '@livevote/i18n';
import { translatedMatterTexts } from '@livevote/contracts';
import { meetingIn } from '../common/meeting-texts';

type MemberRow = Awaited<
  ReturnType<ProxiesRepository['held']>
>[number]['member'];

interface Held {
  proxy: ProxyRow;
  member: MemberRow;
}

/** One held proxy's standing on one matter. */
interface Entry extends Held {
  standing: StandingBallotRow | undefined;
}

/** Who is acting for a holder: the holder itself, or a manager for a default holder. */
type Actor = { holder: HolderPrincipal } | { userId: string };

/**
 * What a proxy holder holds and its discretionary votes: one command casts them all on a
 * matter, all for one option or split by count, in the holder's list order (docs/proxies.md).
 */
@Injectable()
export class HolderVotesService {
  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly intake: BallotIntakeService,
    private readonly matters: MattersRepository,
    private readonly access: MeetingAccessService,
    private readonly tokens: HolderTokensService,
    private readonly proxyBallots: ProxyBallotsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
    private readonly presenceBudget: HolderPresenceBudgetStore,
  ) {}

  async session(
    shortCode: string,
    holderToken: string,
  ): Promise<HolderSessionResponse> {
    const meeting = await this.access.byShortCode(shortCode);
    const link = this.tokens.verifyLink(holderToken);
    if (!meeting || !link || link.meetingId !== meeting.id)
      throw new ProxyException(ProxyErrorCode.InvalidHolderToken);
    const holder = await this.proxies.holder(meeting.id, link.holderId);
    if (!holder) throw new ProxyException(ProxyErrorCode.InvalidHolderToken);
    const session = this.tokens.issueSession(holder.id, meeting);
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      holder: mapHolderRef(holder),
    };
  }

  /**
   * What the holder holds, the meeting's and the matters' texts in the reader's language:
   * the first of `browser` (its `Accept-Language`) we speak, else the meeting's primary.
   */
  async view(
    actor: Actor,
    shortCode: string,
    holderKey?: string,
    browser: readonly string[] = [],
  ): Promise<HolderView> {
    const { meeting, holder } = await this.resolve(actor, shortCode, holderKey);
    const lng = chooseLanguage({ browser, meeting: meeting.language });
    const [held, matters] = await Promise.all([
      this.proxies.held(holder.id),
      this.matters.listForMeeting(meeting.id),
    ]);
    const standing = await this.proxies.standing(
      held.map((row) => row.member.id),
      matters.map((matter) => matter.id),
    );
    const shares = (rows: Held[]) =>
      sharesFromMicro(
        rows.reduce((sum, row) => sum + toMicro(row.member.shares), 0),
      );
    const fullyDirected = held.filter(
      (row) =>
        row.proxy.directions.length > 0 &&
        row.proxy.directions.every(isDirected),
    );
    return {
      language: lng,
      holder: { ...mapHolderRef(holder), present: holder.present },
      meeting: {
        shortCode: meeting.shortCode,
        name: meetingIn(meeting, lng).name,
        meetingDate: meeting.meetingDate.toISOString(),
        meetingTimezone: meeting.meetingTimezone,
        language: meeting.language,
      },
      proxies: held.map((row) => ({
        key: row.proxy.id,
        unit: row.member.unit,
        shares: row.member.shares,
        directions: row.proxy.directions,
      })),
      totals: {
        proxies: held.length,
        shares: shares(held),
        directed: fullyDirected.length,
        discretionary: held.length - fullyDirected.length,
      },
      matters: matters.map((matter): HolderMatter => {
        const { directed, discretionary } = this.split(held, standing, matter);
        const texts = translatedMatterTexts(matter, lng);
        return {
          matterKey: matter.id,
          name: texts.name,
          header: texts.header,
          options: matter.options,
          optionLabels: texts.optionLabels,
          choices: matter.choices,
          ...mapMethod(matter),
          order: matter.order,
          liveStatus: matter.liveStatus,
          liveEndsAt:
            matter.liveStatus === 'live'
              ? (matter.liveEndsAt?.toISOString() ?? null)
              : null,
          allowProxyVote: matter.allowProxyVote,
          directed: { count: directed.length, shares: shares(directed) },
          discretionary: {
            count: discretionary.length,
            shares: shares(discretionary),
          },
          cast: castSplit(discretionary, matter.votingMethod),
        };
      }),
      serverTime: this.clock.now().toISOString(),
    };
  }

  async cast(
    actor: Actor,
    shortCode: string,
    matterKey: string,
    split: HolderSplit[],
    holderKey?: string,
  ): Promise<HolderCastResponse> {
    const { meeting } = await this.resolve(actor, shortCode, holderKey);
    const now = this.clock.now();
    const recordedBy = 'userId' in actor ? actor.userId : null;
    const { total, receipts, withdrawn } = await this.unitOfWork.run(
      async () => {
        // one cast of a holder at a time: the list order and its assignment stay consistent
        const holder = await this.proxies.holder(
          meeting.id,
          'holder' in actor ? actor.holder.holderId : holderKey!,
          true,
        );
        if (!holder) throw new ProxyException(ProxyErrorCode.HolderNotFound);
        const matter = isUuid(matterKey)
          ? await this.matters.findInMeeting(meeting.id, matterKey)
          : undefined;
        if (!matter) throw new ProxyException(ProxyErrorCode.MatterNotFound);
        const { refused } = ballotTiming('holder', matter, meeting, now);
        if (refused)
          throw new ProxyException(
            refused === 'proxy_not_allowed'
              ? ProxyErrorCode.ProxyNotAllowed
              : ProxyErrorCode.MatterNotLive,
          );
        // a split part is a ballot body and a count: each body is checked as a ballot is
        const marks = split.map((part, index) =>
          marksOrFail(matter, part, refuseDirection, `split.${index}`),
        );
        const held = await this.proxies.held(holder.id);
        const standing = await this.proxies.standing(
          held.map((row) => row.member.id),
          [matter.id],
        );
        const { discretionary } = this.split(held, standing, matter);
        const total = split.reduce((sum, part) => sum + part.count, 0);
        if (total > discretionary.length)
          throw new ProxyException(ProxyErrorCode.TooManyVotes);
        const marksInOrder = split.flatMap((part, index) =>
          Array.from({ length: part.count }, () => marks[index]),
        );
        const written = await this.intake.submit({
          kind: 'holder',
          recordedBy,
          matterId: matter.id,
          cast: discretionary.slice(0, total).map((entry, index) => ({
            memberId: entry.member.id,
            proxyId: entry.proxy.id,
            marks: marksInOrder[index],
          })),
          withdraw: discretionary
            .slice(total)
            .filter((entry) => entry.standing?.proxyId === entry.proxy.id)
            .map((entry) => entry.proxy.id),
          at: now,
        });
        const cast = written.filter((ballot) => !ballot.change.removed);
        const takenBack = written.filter((ballot) => ballot.change.removed);
        const units = new Map(
          held.map((row) => [row.member.id, row.member.unit]),
        );
        const receipts = cast.flatMap((ballot) =>
          ballot.receipt
            ? [
                {
                  unit: units.get(ballot.memberId) ?? '',
                  receipt: ballot.receipt,
                },
              ]
            : [],
        );
        if ('userId' in actor)
          await this.audit.record({
            meetingId: meeting.id,
            kind: 'holder.cast',
            actor: { userId: actor.userId },
            subject: { type: 'holder', key: holder.id, label: holder.name },
            changes: {
              matterKey: matter.id,
              matter: matter.name,
              split,
              cast: cast.length,
              withdrawn: takenBack.length,
            },
          });
        return { total, receipts, withdrawn: takenBack.length };
      },
    );
    return {
      matterKey,
      cast: total,
      withdrawn,
      castAt: now.toISOString(),
      receipts,
    };
  }

  async setPresence(
    holder: HolderPrincipal,
    shortCode: string,
    present: boolean,
    browser: readonly string[] = [],
  ): Promise<HolderView> {
    // spent first: a toggle past the budget costs no read either
    await this.presenceBudget.spend(holder.holderId);
    const { meeting } = await this.resolve({ holder }, shortCode);
    await this.proxies.setHolderPresent(
      holder.holderId,
      present,
      this.clock.now(),
    );
    this.proxyBallots.quorumChanged(meeting);
    return this.view({ holder }, shortCode, undefined, browser);
  }

  /**
   * On a matter: the held proxies the members directed, and those at the holder's discretion
   * that it may cast now (the member is eligible, and the precedence lets a holder's vote
   * replace what stands: not the member's own live or floor vote).
   */
  private split(
    held: Held[],
    standing: StandingBallotRow[],
    matter: MatterRow,
  ): { directed: Entry[]; discretionary: Entry[] } {
    const directed: Entry[] = [];
    const discretionary: Entry[] = [];
    if (!matter.allowProxyVote) return { directed, discretionary };
    for (const row of held) {
      if (!isEligible(row.member, matter)) continue;
      const ballot = standing.find(
        (b) => b.memberId === row.member.id && b.matterId === matter.id,
      );
      const entry = { ...row, standing: ballot };
      if (directionOn(row.proxy.directions, matter.id) !== null)
        directed.push(entry);
      else if (
        !ballot ||
        mayReplace('holder', ballotKind(ballot), { revocationsOpen: false })
      )
        discretionary.push(entry);
    }
    return { directed, discretionary };
  }

  /** The meeting and the holder the actor acts for; managers only for default holders. */
  private async resolve(
    actor: Actor,
    shortCode: string,
    holderKey?: string,
  ): Promise<{ meeting: MeetingRow; holder: HolderRow }> {
    if ('holder' in actor) {
      const meeting = await this.access.byShortCode(shortCode);
      if (!meeting || meeting.id !== actor.holder.meetingId)
        throw new MeetingNotFoundException();
      const holder = await this.proxies.holder(
        meeting.id,
        actor.holder.holderId,
      );
      if (!holder) throw new ProxyException(ProxyErrorCode.HolderNotFound);
      return { meeting, holder };
    }
    const meeting = await this.access.require(actor.userId, shortCode);
    const holder =
      holderKey && isUuid(holderKey)
        ? await this.proxies.holder(meeting.id, holderKey)
        : undefined;
    if (!holder) throw new ProxyException(ProxyErrorCode.HolderNotFound);
    if (!holder.isDefault)
      throw new ProxyException(ProxyErrorCode.NotDefaultHolder);
    return { meeting, holder };
  }
}

/** The holder's own votes on a matter, grouped by ballot in list order, as its bodies. */
function castSplit(entries: Entry[], method: VotingMethod): HolderSplit[] {
  const parts: { key: string; part: HolderSplit }[] = [];
  for (const entry of entries) {
    if (entry.standing?.proxyId !== entry.proxy.id) continue;
    const { choices, votes } = entry.standing;
    const key = JSON.stringify([choices, votes]);
    const found = parts.find((p) => p.key === key);
    if (found) found.part.count += 1;
    else {
      const { allocations, ranking } = ballotAnswer(method, { choices, votes });
      const body = allocations
        ? { allocations }
        : ranking
          ? { ranking }
          : { choices };
      parts.push({ key, part: { ...body, count: 1 } });
    }
  }
  return parts.map(({ part }) => part);
}
