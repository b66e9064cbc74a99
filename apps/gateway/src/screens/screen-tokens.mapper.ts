import type { ScreenTokenSummary } from '@livevote/contracts';
import type { ListedScreenToken } from '../revocation/screen-tokens.repository';

export function mapScreenToken(row: ListedScreenToken): ScreenTokenSummary {
  return {
    key: row.id,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}
