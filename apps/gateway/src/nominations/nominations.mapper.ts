import type { Nomination } from '@livevote/contracts';
import type { NominationWithUnit } from './nominations.repository';

export function mapNomination(row: NominationWithUnit): Nomination {
  return {
    key: row.id,
    memberKey: row.memberId,
    unit: row.unit,
    name: row.name,
    statement: row.statement,
    translations: row.translations,
    status: row.status,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
  };
}
