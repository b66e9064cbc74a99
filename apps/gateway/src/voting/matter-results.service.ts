import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { MatterTallyRow } from '@livevote/contracts';
import {
  countElection,
  exactUnits,
  matterResult,
  microShares,
  sharesText,
  toFigures,
  isElection,
} from '@livevote/rules';
import { ChainSealingService } from '../audit/chain-sealing.service';
import { Clock } from '../common/clock';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { PresentUnitsService } from '../quorum/present-units.service';
import { MattersService } from '../matters/matters.service';
import type { MeetingRow } from '../meetings/meeting-access.service';
import { SequenceStore } from '../broadcast/sequence.store';
import { QuorumService } from '../quorum/quorum.service';
import {
  currentResult,
  mapResult,
  type StoredResult,
} from '../results/results.mapper';
import {
  electionOutcome,
  type ElectionOutcome,
} from '../results/election-result';
import {
  ResultsErrorCode,
  ResultsException,
} from '../results/results.exception';
import {
  ResultsRepository,
  type ResultMatterRow,
} from '../results/results.repository';

const SWEEP_MS = 10_000;
const SWEEP_BATCH = 20;

/** Per option, every method together, exactly. */
function totalsOf(rows: MatterTallyRow[]): StoredResult['totals'] {
  return rows.map((row) => ({
    vote: row.vote,
    units: Number(
      exactUnits(row.numProxyVotes) +
        exactUnits(row.numLiveVotes) +
        exactUnits(row.numOtherVotes),
    ),
    shares: Number(
      sharesText(
        microShares(row.numProxyShares) +
          microShares(row.numLiveShares) +
          microShares(row.numOtherShares),
      ),
    ),
  }));
}

/**
 * Starting and closing as results see them: one live matter at a time and quorum at a start
 * (with the quorum recorded), and the verdict of every close, kept with the matter and sent
 * to chairs and screens, and to everyone once published (docs/verdicts.md).
 */
@Injectable()
export class MatterResultsService
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('Results');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly repository: ResultsRepository,
    private readonly quorum: QuorumService,
    private readonly matters: MattersService,
    private readonly presentUnits: PresentUnitsService,
    private readonly broadcaster: LiveBroadcastService,
    private readonly sequences: SequenceStore,
    private readonly clock: Clock,
    private readonly sealer: ChainSealingService,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  /**
   * In the transaction of a start: refuses a second live matter where the meeting allows one,
   * and a start without quorum where the meeting requires it (unless overridden), and records
   * the quorum the matter opened with.
   */
  async onStart(
    meeting: MeetingRow,
    matterId: string,
    userId: string,
    overrideQuorum: boolean,
  ): Promise<void> {
    await this.repository.lockMeetingForStart(meeting.id);
    if (meeting.oneLiveMatter) {
      const others = await this.repository.otherLiveMatters(
        meeting.id,
        matterId,
      );
      if (others.length)
        throw new ResultsException(ResultsErrorCode.AnotherMatterLive, {
          variant: 'named',
          values: { name: others[0].name },
        });
    }
    const figure = await this.quorum.now(meeting);
    let overriddenBy: string | null = null;
    if (meeting.requireQuorumToStart && !figure.met) {
      if (!overrideQuorum)
        throw new ResultsException(ResultsErrorCode.QuorumNotMet, {
          variant: figure.basis,
          values: {
            count: figure.required,
            present: figure.present + figure.proxies,
          },
        });
      overriddenBy = (await this.repository.user(userId))?.email ?? userId;
    }
    await this.repository.saveQuorumAtOpen(
      matterId,
      this.quorum.record(figure, overriddenBy),
    );
  }

  /** After a close committed: the verdict, kept and sent. Never fails the close. */
  async afterClose(matterId: string): Promise<void> {
    try {
      await this.resolve(matterId);
    } catch (error) {
      this.logger.error(
        `the result of matter ${matterId} failed (retried): ${String(error)}`,
      );
    }
  }

  /** Works out and stores the result of the matter's last close, unless it is stored. */
  async resolve(matterId: string): Promise<void> {
    const matter = await this.repository.matter(matterId);
    if (!matter || matter.liveStatus !== 'closed' || currentResult(matter))
      return;
    const meeting = await this.repository.meeting(matter.meetingId);
    // the state-checked recount of docs/security.md; none when reopened meanwhile
    const rows = await this.matters.publishedRows(matterId);
    if (!meeting || !rows) return;
    // everything up to the close is in the chain before the result names its head
    const chainHead = await this.sealer.seal(meeting.id);
    // the connected members read once (10,000 ids in a large meeting)
    const online = await this.presentUnits.online(meeting.id);
    const present = await this.presentUnits.of(meeting.id, online);
    const [cast, bases, quorum, ballots] = await Promise.all([
      this.repository.cast(matterId),
      this.repository.bases(matterId, present),
      this.quorum.now(meeting, online),
      isElection(matter)
        ? this.repository.electionBallots(matterId, matter.liveGeneration)
        : undefined,
    ]);
    let outcome: ElectionOutcome;
    if (isElection(matter)) {
      // an election is counted by its method from the ballots themselves (a ranked count
      // needs every ranking), never against a threshold (docs/elections.md)
      if (!ballots) return;
      outcome = electionOutcome(
        matter,
        countElection(matter, ballots),
        totalsOf(rows),
      );
    } else
      outcome = {
        ...matterResult(
          matter,
          { rows, votesCast: cast.votes, sharesCast: cast.shares },
          bases,
        ),
        votingMethod: matter.votingMethod,
        tiedForLastSeat: [],
        rounds: [],
        tieBreak: null,
        totals: totalsOf(rows),
      };
    const now = this.clock.now().toISOString();
    const stored: StoredResult = {
      ...outcome,
      threshold: matter.threshold,
      thresholdBasis: matter.thresholdBasis,
      thresholdBase: matter.thresholdBase,
      closedAt: matter.liveClosedAt?.toISOString() ?? null,
      bases: {
        eligible: toFigures({
          units: exactUnits(bases.eligible.units),
          shares: microShares(bases.eligible.shares),
        }),
        present: toFigures({
          units: exactUnits(bases.present.units),
          shares: microShares(bases.present.shares),
        }),
      },
      votesCast: cast.votes,
      sharesCast: Number(cast.shares),
      quorumAtClose: this.quorum.record(quorum),
      computedAt: now,
      publishedAt: meeting.requireSignOff ? null : now,
      signedOff: null,
      chainHead,
    };
    if (
      await this.repository.storeResult(matterId, matter.liveGeneration, stored)
    )
      await this.announce(matter, meeting.shortCode, stored);
  }

  /** Chairs and screens hear of a result at once; everyone once it is published. */
  async announce(
    matter: ResultMatterRow,
    shortCode: string,
    stored: StoredResult,
  ): Promise<void> {
    const event = {
      shortCode,
      matterKey: matter.id,
      result: mapResult(stored),
      seq: await this.sequences.next(matter.id),
    };
    if (stored.publishedAt)
      this.broadcaster.toMeeting(matter.meetingId, 'matter.result', event);
    else this.broadcaster.toStaff(matter.meetingId, 'matter.result', event);
  }

  /** A safety net: a close whose result failed (or a node that died) is worked out here. */
  private async sweep(): Promise<void> {
    try {
      for (const matter of await this.repository.awaitingResult(SWEEP_BATCH))
        await this.afterClose(matter.id);
    } catch (error) {
      this.logger.warn(`result sweep failed: ${String(error)}`);
    }
  }
}
