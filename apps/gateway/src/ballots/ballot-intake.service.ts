import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { BallotReceipt, RecordBallotRequest } from '@livevote/contracts';
import {
  managerBallotAdmission,
  type BallotMarks,
  type BallotShapeProblem,
} from '@livevote/rules';
import type { ProblemItem } from '../common/api-exception';
import { AuditLogService } from '../audit/audit-log.service';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { LivePresenceService } from '../quorum/live-presence.service';
import {
  MatterDirectoryStore,
  type MatterInfo,
} from '../voting/matter-directory.store';
import type { CastChange } from '../voting/tally';
import {
  MARKS_CODES,
  VotingErrorCode,
  VotingException,
} from '../voting/voting.exception';
import { AfterBallotsService } from './after-ballots.service';
import {
  BallotIngestService,
  refusalCode,
  type IngestedBallot,
} from './ballot-ingest.service';
import { BallotsInFlightStore } from './ballots-in-flight.store';
import { BallotsRepository, type BallotInput } from './ballots.repository';
import {
  HolderBallotsRepository,
  type WrittenBallot,
} from './holder-ballots.repository';
import { newReceipt } from './receipt-codes';
import { marksOrFail, type BodyFields } from './ballot-marks';

/** A voter's own ballot, live or early: over the socket or the portal. */
export interface VoterSubmission {
  kind: 'voter';
  voter: VoterPrincipal;
  matterKey: string;
  /** The ballot as sent, in its matter's voting method (`choices`, `allocations` or `ranking`). */
  body: BodyFields;
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
  /** Checked against the matter by `checkBallot`. */
  marks: BallotMarks;
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
  cast: { memberId: string; proxyId: string; marks: BallotMarks }[];
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
 * After each commit AfterBallotsService brings the running tallies up to date.
 */
@Injectable()
export class BallotIntakeService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly ingest: BallotIngestService,
    private readonly inFlight: BallotsInFlightStore,
    private readonly directory: MatterDirectoryStore,
    private readonly audit: AuditLogService,
    private readonly presence: LivePresenceService,
    private readonly ballots: BallotsRepository,
    private readonly holders: HolderBallotsRepository,
    private readonly afterBallots: AfterBallotsService,
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
          submission.body,
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
    body: BodyFields,
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
        const { marks } = this.checkFits(cached, voter.meetingId, body);
        ingested = this.submitVoter(voter, matterKey, marks, idempotencyKey);
      } else
        ingested = this.checkBallot(voter.meetingId, matterKey, body).then(
          ({ marks }) =>
            this.submitVoter(voter, matterKey, marks, idempotencyKey),
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
    marks: BallotMarks,
    idempotencyKey: string | null,
  ): Promise<IngestedBallot> {
    return this.ingest.submit({
      matterId: matterKey,
      memberId: voter.memberId,
      voterId: voter.voterId,
      recordedBy: null,
      kind: 'voter',
      choices: marks.choices,
      votes: marks.votes,
      idempotencyKey,
      // carried by the voter's token: no read of its own (docs/test-voters.md)
      test: voter.isTest,
    });
  }

  private async recordByManager({
    userId,
    shortCode,
    matterKey,
    request,
    idempotencyKey,
  }: ManagerSubmission): Promise<BallotReceipt> {
    const meeting = await this.access.require(userId, shortCode);
    const { marks } = await this.checkBallot(meeting.id, matterKey, request);
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
      choices: marks.choices,
      votes: marks.votes,
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
      choices: submission.marks.choices,
      votes: submission.marks.votes,
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
      votes: outcome.votes,
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
      submission.cast.map(({ memberId, proxyId, marks }) => ({
        memberId,
        proxyId,
        choices: marks.choices,
        votes: marks.votes,
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

  /**
   * The matter of the meeting (404 otherwise) and the marks the ballot body stores, when it
   * fits the matter's voting method (400 otherwise, `errors[]` naming where).
   */
  async checkBallot(
    meetingId: string,
    matterKey: string,
    body: BodyFields,
  ): Promise<{ matter: MatterInfo; marks: BallotMarks }> {
    const matter = isUuid(matterKey)
      ? await this.directory.get(matterKey)
      : undefined;
    return this.checkFits(matter, meetingId, body);
  }

  private checkFits(
    matter: MatterInfo | undefined,
    meetingId: string,
    body: BodyFields,
  ): { matter: MatterInfo; marks: BallotMarks } {
    if (matter?.meetingId !== meetingId)
      throw new VotingException(VotingErrorCode.MatterNotFound);
    return { matter, marks: marksOrFail(matter, body, refuseMarks) };
  }
}

/** A ballot body that does not fit its matter: 400 with the code of its problem. */
export function refuseMarks(
  problem: BallotShapeProblem,
  errors: ProblemItem[],
): never {
  throw new VotingException(MARKS_CODES[problem], {}, errors);
}
