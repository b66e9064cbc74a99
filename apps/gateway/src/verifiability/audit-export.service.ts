import { Injectable } from '@nestjs/common';
import type { AuditEntryView, AuditQuery } from '@livevote/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import type { AuditActor } from '../database/schema';
import { MeetingAccessService } from '../meetings/meeting-access.service';

export const AUDIT_CSV_COLUMNS = [
  'at',
  'kind',
  'actor_type',
  'actor_id',
  'actor_email',
  'actor_name',
  'client_ip',
  'subject_type',
  'subject_key',
  'subject_label',
  'changes',
  'chain_position',
  'chain_hash',
  'id',
] as const;

/** A text cell a spreadsheet would run as a formula starts with a quote instead. */
const inert = (value: string) =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * The meeting's audit log for its managers (docs/verifiability.md), oldest first, filtered by
 * kind (or family), person and time: JSON Lines, or CSV.
 */
@Injectable()
export class AuditExportService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly database: Database,
  ) {}

  async entries(
    userId: string,
    shortCode: string,
    query: AuditQuery,
  ): Promise<AuditEntryView[]> {
    const meeting = await this.access.require(userId, shortCode);
    const kind = query.kind
      ? query.kind.includes('.')
        ? sql`and a.kind = ${query.kind}`
        : sql`and split_part(a.kind, '.', 1) = ${query.kind}`
      : sql``;
    const actor = !query.actor
      ? sql``
      : query.actor === 'system'
        ? sql`and a.actor->>'type' = 'system'`
        : query.actor.includes('@')
          ? sql`and lower(a.actor->>'email') = lower(${query.actor})`
          : sql`and a.actor->>'id' = ${query.actor.toLowerCase()}`;
    const result = await this.database.db.execute(sql`
      select * from (
        select a.id, a.at, a.kind, a.actor, a.client_ip, a.subject, a.changes, c.position, c.hash
        from audit_entries a
        left join audit_chain c on c.source_id = a.id
        where a.meeting_id = ${meeting.id} ${kind} ${actor}
          ${query.from ? sql`and a.at >= ${new Date(query.from)}` : sql``}
          ${query.to ? sql`and a.at < ${new Date(query.to)}` : sql``}
        order by a.at desc, a.id desc
        ${query.limit ? sql`limit ${query.limit}` : sql``}
      ) t
      order by at, id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => {
      const actor = row.actor as AuditActor;
      return {
        id: row.id as string,
        at: new Date(row.at as string).toISOString(),
        kind: row.kind as string,
        actor: {
          type: actor.type,
          id:
            actor.type === 'user' || actor.type === 'voter'
              ? actor.id
              : actor.type === 'partner'
                ? actor.clientId
                : null,
          email: actor.type === 'user' ? actor.email : null,
          name:
            actor.type === 'user' || actor.type === 'voter'
              ? (actor.name ?? null)
              : null,
        },
        clientIp: (row.client_ip as string | null) ?? null,
        subject: row.subject as Record<string, unknown>,
        changes: row.changes as Record<string, unknown>,
        chain:
          row.position === null || row.position === undefined
            ? null
            : { position: Number(row.position), hash: row.hash as string },
      };
    });
  }

  jsonLines(entries: AuditEntryView[]): string {
    return entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
  }

  csv(entries: AuditEntryView[]): string {
    return stringify(
      entries.map((entry) => ({
        at: entry.at,
        kind: entry.kind,
        actor_type: entry.actor.type,
        actor_id: entry.actor.id,
        actor_email: entry.actor.email,
        actor_name: entry.actor.name,
        client_ip: entry.clientIp,
        subject_type: entry.subject.type,
        subject_key: entry.subject.key,
        subject_label: entry.subject.label,
        changes: JSON.stringify(entry.changes),
        chain_position: entry.chain?.position,
        chain_hash: entry.chain?.hash,
        id: entry.id,
      })),
      {
        header: true,
        columns: [...AUDIT_CSV_COLUMNS],
        record_delimiter: 'windows',
        cast: { number: (value) => String(value), string: inert },
      },
    );
  }
}
