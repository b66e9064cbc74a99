import type {
  Campaign,
  CampaignStatus,
  CampaignWithStats,
} from '@livevote/contracts';
import { isMeetingOver } from '@livevote/rules';
import type { CampaignCounts, CampaignRow } from './campaigns.repository';

/**
 * docs/partners.md, "Read campaigns": completed once the meeting is over (meetingDate + duration); closed once early
 * voting is over (expiryDate passed); extended while early voting runs past a moved expiryDate;
 * active otherwise.
 */
export function campaignStatus(row: CampaignRow, now: Date): CampaignStatus {
  if (isMeetingOver(row, now)) return 'completed';
  if (row.expiryDate && now.getTime() >= row.expiryDate.getTime())
    return 'closed';
  if (
    row.expiryDate &&
    row.originalExpiryDate &&
    row.expiryDate > row.originalExpiryDate
  )
    return 'extended';
  return 'active';
}

export function mapCampaign(
  row: CampaignRow,
  now: Date,
  publicUrl: string,
): Campaign {
  return {
    key: row.id,
    name: row.name,
    description: row.description,
    meetingDate: row.meetingDate.toISOString(),
    location: row.location,
    status: campaignStatus(row, now),
    dashboardUrl: `${publicUrl}/meetings/${encodeURIComponent(row.shortCode)}`,
  };
}

export function mapCampaignWithStats(
  row: CampaignRow,
  counts: CampaignCounts,
  now: Date,
  publicUrl: string,
): Omit<CampaignWithStats, 'results'> {
  return {
    ...mapCampaign(row, now, publicUrl),
    stats: {
      votesSubmitted: String(counts.votesSubmitted),
      maxVoters: String(counts.maxVoters),
      attendingCount: String(counts.attendingCount),
      cachedAt: now.toISOString(),
    },
  };
}
