import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { BallotReceipt, RecordBallotRequest } from '@livevote/contracts';
import { choicesProblem, managerBallotAdmission } from '@livevote/rules';
import { AuditLog } from '../audit/audit-log';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MeetingAccess } from '../meetings/meeting-access';
import { LivePresence } from '../presence/live-presence';
import { MatterDirectory, type MatterInfo } from '../voting/matter-directory';
import type { CastChange } from '../voting/tally';
import {
  CHOICES_CODES,
  VotingErrorCode,
  VotingException,
} from '../voting/voting.exception';
import { AfterBallots } from './after-ballots';
import {
  BallotIngest,
  refusalCode,
  type IngestedBallot,
} from './ballot-ingest';
import { BallotsInFlight } from './ballots-in-flight';
import { BallotsRepository, type BallotInput } from './ballots.repository';
import {
  HolderBallotsRepository,
  type WrittenBallot,
} from './holder-ballots.repository';
import { newReceipt } from './receipt-codes';
import { plainBallot } from './plain-ballot';

/** A voter's own ballot, live or early: over the socket or the portal. */
export interface VoterSubmission {
  kind: 'voter';
  voter: VoterPrincipal;
  matterKey: string;
  choices: string[];
  idempotencyKey: string | null;
  /** The socket it came on, for the per-socket in-flight limit. */
  socketId?: string;
}

/** A ballot a manager records for a member: a paper proxy form, or a vote in the room. */
export interface ManagerSubmission {
  kind: 'manager';
  userId: string;
  shortCode: string;
  matterKey: string;
  request: RecordBallotRequest;
  idempotencyKey: string | null;
}

/**
 * A clerk's floor ballot that counts now (docs/hybrid-meetings.md), written in the caller's
 * transaction (the floor's entries and audit stand or fall with it); the tallies follow its
 * commit.
 */
export interface FloorSubmission {
  kind: 'floor';
  userId: string;
  matterId: string;
  memberId: string;
  choices: string[];
  at: Date;
}

/**
 * A proxy holder's discretionary votes on one matter, and the ones it takes back, in the
 * caller's transaction (docs/proxies.md).
 */
export interface HolderSubmission {
  kind: 'holder';
  /** The manager acting for a default holder; null for the holder itself. */
  recordedBy: string | null;
  matterId: string;
  cast: { memberId: string; proxyId: string; choices: string[] }[];
  /** Proxies whose discretionary vote on the matter is taken back. */
  withdraw: string[];
  at: Date;
}

/** The directed votes of verified proxies on a meeting's live matters (or one matter, or one proxy). */
export interface DirectedSubmission {
  kind: 'directed';
  meetingId: string;
  matterId?: string;
  proxyId?: string;
  at: Date;
}

export type BallotSubmission =
  | VoterSubmission
  | ManagerSubmission
  | FloorSubmission
  | HolderSubmission
  | DirectedSubmission;

/**
 * Where every ballot comes in, and the only writer of `ballots` and `ballot_events`: voters'
 * (socket and portal), managers', floor, holders' and directed proxy ballots all enter through
 * `submit`, and every write is a statement of this folder (the batch statement of
 * BallotsRepository, or HolderBallotsRepository's). Refuses what cannot be right whatever the
 * state before it reaches a statement; the statement judges the rest (time, eligibility,
 * replacement) against the database, by the rules of libs/rules (ballot-acceptance.ts).
 * After each commit AfterBallots brings the running tallies up to date.
 */
@Injectable()
export class BallotIntake {
  constructor(
    private readonly access: MeetingAccess,
    private readonly ingest: BallotIngest,
    private readonly inFlight: BallotsInFlight,
    private readonly directory: MatterDirectory,
    private readonly audit: AuditLog,
    private readonly presence: LivePresence,
    private readonly ballots: BallotsRepository,
    private readonly holders: HolderBallotsRepository,
    private readonly afterBallots: AfterBallots,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Voters' and managers' ballots: answered with the receipt once durable. */
  submit(
    submission: VoterSubmission | ManagerSubmission,
  ): Promise<BallotReceipt>;
  /** A floor ballot, in the caller's transaction: its receipt, or the reason it is refused. */
  submit(submission: FloorSubmission): Promise<BallotReceipt>;
  /** Holders' and directed proxy ballots: the ballots written or taken back. */
  submit(
    submission: HolderSubmission | DirectedSubmission,
  ): Promise<WrittenBallot[]>;
  submit(
    submission: BallotSubmission,
  ): Promise<BallotReceipt | WrittenBallot[]> {
    switch (submission.kind) {
      case 'voter':
        return this.castAsVoter(
          submission.voter,
          submission.matterKey,
          submission.choices,
          submission.idempotencyKey,
          submission.socketId,
        );
      case 'manager':
        return this.recordByManager(submission);
      case 'floor':
        return this.countFloor(submission);
      case 'holder':
        return this.castForHolder(submission);
      case 'directed':
        return this.countDirected(submission);
    }
  }

  /**
   * Also refuses the excess of a member (or socket) that already has ballots on their way.
   * Never throws: a refusal is the promise's rejection. Takes no promise of its own until the
   * batch's when the matter is in the directory's cache, as it is while a vote is live: a
   * ballot waits seconds for its batch in a crowd, and every promise waiting with it is
   * garbage collected late (docs/benchmarks-history.md, "Fewer promises a ballot").
   */
  private castAsVoter(
    voter: VoterPrincipal,
    matterKey: string,
    choices: string[],
    idempotencyKey: string | null,
    socketId?: string,
  ): Promise<BallotReceipt> {
    let release: () => void;
    try {
      release = this.inFlight.acquire(voter.memberId, socketId);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    let ingested: Promise<IngestedBallot>;
    try {
      const cached = isUuid(matterKey)
        ? this.directory.cached(matterKey)
        : undefined;
      if (cached) {
        this.checkFits(cached, voter.meetingId, choices);
        ingested = this.submitVoter(voter, matterKey, choices, idempotencyKey);
      } else
        ingested = this.checkChoices(voter.meetingId, matterKey, choices).then(
          () => this.submitVoter(voter, matterKey, choices, idempotencyKey),
        );
    } catch (error) {
      ingested = Promise.reject(error as Error);
    }
    return ingested.then(
      ({ receipt }) => {
        release();
        return receipt;
      },
      (error: unknown) => {
        release();
        throw error;
      },
    );
  }

  private submitVoter(
    voter: VoterPrincipal,
    matterKey: string,
    choices: string[],
    idempotencyKey: string | null,
  ): Promise<IngestedBallot> {
    return this.ingest.submit({
      matterId: matterKey,
      memberId: voter.memberId,
      voterId: voter.voterId,
      recordedBy: null,
      kind: 'voter',
      choices,
      idempotencyKey,
    });
  }

  private async recordByManager({
    userId,
    shortCode,
    matterKey,
    request: body,
    idempotencyKey,
  }: ManagerSubmission): Promise<BallotReceipt> {
    const request = plainBallot(body);
    const meeting = await this.access.require(userId, shortCode);
    await this.checkChoices(meeting.id, matterKey, request.choices);
    if (!isUuid(request.memberKey))
      throw new VotingException(VotingErrorCode.MemberNotFound);
    // `other` is a vote cast in the room: the floor's rule, whichever route brings it
    // (docs/hybrid-meetings.md, "Floor ballots")
    const admission = managerBallotAdmission(
      { route: 'ballots', method: request.method },
      {
        present:
          request.method === 'proxy' ||
          (await this.presence.isPresent(meeting.id, request.memberKey)),
        doubleEntry: meeting.floorDoubleEntry,
      },
    );
    if (admission === 'member_absent')
      throw new VotingException(
        (await this.ballots.memberInMeeting(meeting.id, request.memberKey))
          ? VotingErrorCode.MemberAbsent
          : VotingErrorCode.MemberNotFound,
      );
    if (admission !== 'count')
      throw new VotingException(VotingErrorCode.DoubleEntryRequired);
    const { receipt, replayed } = await this.ingest.submit({
      matterId: matterKey,
      memberId: request.memberKey,
      voterId: null,
      recordedBy: userId,
      kind: request.method,
      choices: request.choices,
      idempotencyKey,
    });
    // after the batch that wrote it: the ballot's own event is in the chain either way; a
    // retry with the same Idempotency-Key answers the same receipt, writes nothing and is
    // not recorded again
    if (!replayed)
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'ballot.record',
        actor: { userId },
        subject: { type: 'member', key: request.memberKey },
        changes: {
          matterKey,
          method: request.method,
          receipt: receipt.receipt,
        },
      });
    return receipt;
  }

  /**
   * Writes the floor ballot with the batch statement, in the caller's transaction: against a
   * live ballot of the same member in a concurrent batch the row lock orders the two and
   * precedence keeps one, never counted twice.
   */
  private async countFloor(
    submission: FloorSubmission,
  ): Promise<BallotReceipt> {
    const input: BallotInput = {
      eventId: randomUUID(),
      matterId: submission.matterId,
      memberId: submission.memberId,
      voterId: null,
      recordedBy: submission.userId,
      kind: 'floor',
      choices: submission.choices,
      idempotencyKey: null,
      receivedAt: submission.at,
      receipt: newReceipt(),
    };
    const [outcome] = await this.ballots.castBatch([input]);
    if (outcome.status !== 'accepted') {
      const [facts] = await this.ballots.refusalFacts([{ ord: 0, input }]);
      throw new VotingException(refusalCode(input, facts));
    }
    const change: CastChange = {
      method: outcome.method,
      choices: outcome.choices,
      weight: outcome.weight,
      prev: outcome.prev,
    };
    await this.unitOfWork.afterCommit(() =>
      this.afterBallots.committed(submission.matterId, [change]),
    );
    return {
      ballotId: outcome.ballotId,
      matterKey: submission.matterId,
      castAt: outcome.castAt.toISOString(),
      receipt: outcome.receipt,
    };
  }

  private async castForHolder(
    submission: HolderSubmission,
  ): Promise<WrittenBallot[]> {
    const cast = await this.holders.writeDiscretionary(
      submission.cast.map((ballot) => ({
        ...ballot,
        eventId: randomUUID(),
        receipt: newReceipt(),
        matterId: submission.matterId,
      })),
      submission.at,
      submission.recordedBy,
    );
    const takenBack = await this.holders.withdrawDiscretionary(
      submission.matterId,
      submission.withdraw,
      submission.at,
      submission.recordedBy,
    );
    const written = [...cast, ...takenBack];
    await this.unitOfWork.afterCommit(() => this.committed(written));
    return written;
  }

  private async countDirected(
    submission: DirectedSubmission,
  ): Promise<WrittenBallot[]> {
    const written = await this.holders.writeDirected({
      meetingId: submission.meetingId,
      matterId: submission.matterId,
      proxyId: submission.proxyId,
      now: submission.at,
    });
    await this.unitOfWork.afterCommit(() => this.committed(written));
    return written;
  }

  /** The tallies of each matter the holders' statements changed. */
  private async committed(written: WrittenBallot[]): Promise<void> {
    const byMatter = new Map<string, CastChange[]>();
    for (const { matterId, change } of written)
      byMatter.set(matterId, [...(byMatter.get(matterId) ?? []), change]);
    for (const [matterId, changes] of byMatter)
      await this.afterBallots.committed(matterId, changes);
  }

  /** The matter of the meeting (404 otherwise), when the choices fit it (400 otherwise). */
  async checkChoices(
    meetingId: string,
    matterKey: string,
    choices: string[],
  ): Promise<MatterInfo> {
    const matter = isUuid(matterKey)
      ? await this.directory.get(matterKey)
      : undefined;
    return this.checkFits(matter, meetingId, choices);
  }

  private checkFits(
    matter: MatterInfo | undefined,
    meetingId: string,
    choices: string[],
  ): MatterInfo {
    if (matter?.meetingId !== meetingId)
      throw new VotingException(VotingErrorCode.MatterNotFound);
    const problem = choicesProblem(matter, choices);
    if (problem) throw new VotingException(CHOICES_CODES[problem]);
    return matter;
  }
}
