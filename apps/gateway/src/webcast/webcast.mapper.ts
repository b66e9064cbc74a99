import type { CastProvider, Webcast } from '@livevote/contracts';
import type { WebcastRow } from './webcast.repository';

export function mapWebcast(row: WebcastRow): Webcast {
  return {
    key: row.id,
    castProvider: row.castProvider as CastProvider,
    castId: row.castId,
    meta: row.meta,
    rehearsalAt: row.rehearsalAt?.toISOString() ?? null,
    rehearsalTimezone: row.rehearsalTimezone,
    rehearsalDuration: row.rehearsalDuration,
    recordingsAt: row.recordingsAt?.toISOString() ?? null,
    reportsAt: row.reportsAt?.toISOString() ?? null,
    status: row.status as Webcast['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
