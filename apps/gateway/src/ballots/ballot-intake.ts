import { Injectable } from '@nestjs/common';
import type { BallotReceipt, RecordBallotRequest } from '@livevote/contracts';
import { choicesProblem, managerBallotAdmission } from '@livevote/rules';
import { AuditLog } from '../audit/audit-log';
import { isUuid } from '../common/ids';
import { MeetingAccess } from '../meetings/meeting-access';
import { LivePresence } from '../presence/live-presence';
import { BallotIngest, type IngestedBallot } from './ballot-ingest';
import { BallotsInFlight } from './ballots-in-flight';
import { BallotsRepository } from './ballots.repository';
import { MatterDirectory, type MatterInfo } from './matter-directory';
import {
  CHOICES_CODES,
  VotingErrorCode,
  VotingException,
} from './voting.exception';

/** A voter signed in to the portal: the member they vote for and its meeting. */
export interface VoterPrincipal {
  voterId: string;
  memberId: string;
  meetingId: string;
}

/**
 * Where ballots come in, from voters (REST and socket) and from managers recording one for a
 * member. Refuses what cannot be right whatever the state before it reaches a batch; the
 * batch statement judges the rest (state, eligibility, replacement) against the database.
 */
@Injectable()
export class BallotEntry {
  constructor(
    private readonly access: MeetingAccess,
    private readonly ingest: BallotIngest,
    private readonly inFlight: BallotsInFlight,
    private readonly directory: MatterDirectory,
    private readonly audit: AuditLog,
    private readonly presence: LivePresence,
    private readonly ballots: BallotsRepository,
  ) {}

  /**
   * Also refuses the excess of a member (or socket) that already has ballots on their way.
   * Never throws: a refusal is the promise's rejection. Takes no promise of its own until the
   * batch's when the matter is in the directory's cache, as it is while a vote is live: a
   * ballot waits seconds for its batch in a crowd, and every promise waiting with it is
   * garbage collected late (docs/benchmarks-history.md, "Fewer promises a ballot").
   */
  castAsVoter(
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

  async recordByManager(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: RecordBallotRequest,
    idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
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
