import { Injectable } from '@nestjs/common';
import type { Campaign, CampaignWithStats } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { mapResult, currentResult } from '../results/results.mapper';
import { ResultsRepository } from '../results/results.repository';
import { mapCampaign, mapCampaignWithStats } from './campaigns.mapper';
import { CampaignsRepository } from './campaigns.repository';
import { PartnerErrorCode, PartnerException } from './partner.exception';

/** Campaigns are the meetings of the accounts of the customer who granted access. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly results: ResultsRepository,
  ) {}

  async list(userId: string): Promise<Campaign[]> {
    const now = this.clock.now();
    const rows = await this.campaigns.listForUser(userId);
    return rows.map((row) => mapCampaign(row, now, this.config.publicUrl));
  }

  /** One campaign with its stats, counted now; any other customer's is a 404. */
  async get(userId: string, key: string): Promise<CampaignWithStats> {
    const row = isUuid(key)
      ? await this.campaigns.findForUser(userId, key)
      : undefined;
    if (!row) throw new PartnerException(PartnerErrorCode.CampaignNotFound);
    const [counts, published] = await Promise.all([
      this.campaigns.counts(row.id),
      this.results.publishedMatters(row.id),
    ]);
    return {
      ...mapCampaignWithStats(
        row,
        counts,
        this.clock.now(),
        this.config.publicUrl,
      ),
      // published results only: after a scrutineer's sign-off where required (docs/verdicts.md)
      results: published.map((matter) => ({
        matterKey: matter.id,
        name: matter.name,
        ...mapResult(currentResult(matter)!),
      })),
    };
  }
}
