import { Injectable } from '@nestjs/common';
import type { PublishedCount } from '@livevote/contracts';
import { isUuid } from '../common/ids';
import {
  MattersRepository,
  type MatterRow,
} from '../matters/matters.repository';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { currentResult } from '../results/results.mapper';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MatterResultsService } from '../voting/matter-results.service';
import { ReceiptsRepository } from './receipts.repository';
import {
  VerifiabilityErrorCode,
  VerifiabilityException,
} from './verifiability.exception';
import { ballotAnswer } from '../ballots/ballot-marks';

/**
 * The published count of a closed matter (docs/verifiability.md): every counted ballot by its
 * receipt code, with its weight in the matter's basis and, with open verification, its
 * choices; the totals and bases to recount the verdict; the chain head at the close. Nothing
 * in it names a member. Chairs and scrutineers see it as soon as the result is worked out;
 * voters once it is published.
 */
@Injectable()
export class PublishedCountService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly matters: MattersRepository,
    private readonly results: MatterResultsService,
    private readonly repository: ReceiptsRepository,
  ) {}

  async forStaff(
    userId: string,
    shortCode: string,
    matterKey: string,
  ): Promise<PublishedCount> {
    const meeting = await this.access.require(userId, shortCode);
    const { id } = await this.matter(meeting.id, matterKey);
    // a close a moment ago may not be counted yet: read the matter again once it is
    await this.results.resolve(id);
    return this.count(await this.matter(meeting.id, id), false);
  }

  async forVoter(
    voter: VoterPrincipal,
    shortCode: string,
    matterKey: string,
  ): Promise<PublishedCount> {
    const meeting = await this.access.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new VerifiabilityException(VerifiabilityErrorCode.MatterNotFound);
    return this.count(await this.matter(meeting.id, matterKey), true);
  }

  private async matter(meetingId: string, key: string): Promise<MatterRow> {
    const row = isUuid(key)
      ? await this.matters.findInMeeting(meetingId, key)
      : undefined;
    if (!row)
      throw new VerifiabilityException(VerifiabilityErrorCode.MatterNotFound);
    return row;
  }

  private async count(
    matter: MatterRow,
    publishedOnly: boolean,
  ): Promise<PublishedCount> {
    const stored = currentResult(matter);
    if (!stored)
      throw new VerifiabilityException(VerifiabilityErrorCode.CountNotReady);
    if (publishedOnly && !stored.publishedAt)
      throw new VerifiabilityException(
        VerifiabilityErrorCode.CountNotPublished,
      );
    const counted = await this.repository.counted(matter.id);
    const byUnits = matter.thresholdBasis === 'units';
    return {
      matterKey: matter.id,
      name: matter.name,
      options: matter.options,
      exclusions: matter.exclusions,
      weightBasis: matter.thresholdBasis,
      openVerification: matter.openVerification,
      closedAt: stored.closedAt,
      publishedAt: stored.publishedAt,
      receipts: counted.map((row) => ({
        receipt: row.receipt,
        weight: byUnits ? 1 : row.weight,
        ...(matter.openVerification
          ? ballotAnswer(matter.votingMethod, row)
          : {}),
      })),
      totals: {
        units: stored.votesCast,
        shares: stored.sharesCast,
        options: stored.totals,
        eligible: stored.bases.eligible,
        present: stored.bases.present,
      },
      verdict: stored.verdict,
      chainHead: stored.chainHead ?? null,
    };
  }
}
