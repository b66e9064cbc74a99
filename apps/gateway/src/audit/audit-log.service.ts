import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { AuditKind } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { currentRequest } from '../common/request-context';
import { Database, rowsOf } from '../database/database';
import { ChainSealingService } from './chain-sealing.service';

/** Who acted: a manager (by user id), a partner application, a voter in the portal, or the gateway itself. */
export type AuditActorRef =
  | { userId: string }
  | { partnerClientId: string }
  | { voterId: string; memberId: string }
  | 'system';

export interface AuditRecord {
  meetingId: string;
  kind: AuditKind;
  actor: AuditActorRef;
  /** What it acted on: a matter, a member, a voter, a proxy... with a key and a label for people. */
  subject: {
    type: string;
    key?: string;
    label?: string;
    [name: string]: unknown;
  };
  /** Before and after of what changed (see {@link changesOf}), or the figures of the action. */
  changes?: Record<string, unknown>;
}

/**
 * The audit log (docs/verifiability.md): one entry per manager or chair action, written in the
 * caller's transaction (call it inside `UnitOfWork.run`) so it stands or falls with the change.
 * The client address comes from the request being served. The table is append-only.
 */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sealer: ChainSealingService,
  ) {}

  /** Writes the entry, its names resolved as they are now (see {@link named}). */
  async record(entry: AuditRecord): Promise<void> {
    const { subject, changes } = await this.named(entry);
    await this.database.db.execute(sql`
      insert into audit_entries (meeting_id, kind, actor, client_ip, subject, changes, at)
      values (${entry.meetingId}, ${entry.kind}, ${actorSql(entry.actor)},
        ${currentRequest()?.clientIp ?? null}, ${JSON.stringify(subject)}::jsonb,
        ${JSON.stringify(changes)}::jsonb, ${this.clock.now()})`);
    this.sealer.touch(entry.meetingId);
  }

  /**
   * The names a person reads, resolved at write time so that a unit or matter renamed later
   * still reads as it was: a member's unit as its label, a voter's name and unit, and the
   * matter's name beside a `matterKey` of the changes. What the caller gave stays.
   */
  private async named(entry: AuditRecord): Promise<{
    subject: AuditRecord['subject'];
    changes: Record<string, unknown>;
  }> {
    const subject = { ...entry.subject };
    const changes = { ...(entry.changes ?? {}) };
    const key =
      typeof subject.key === 'string' && isUuid(subject.key)
        ? subject.key
        : null;
    if (key && subject.type === 'member' && subject.label === undefined) {
      const [row] = rowsOf<{ unit: string }>(
        await this.database.db.execute(
          sql`select unit from members where id = ${key} and meeting_id = ${entry.meetingId}`,
        ),
      );
      if (row) subject.label = row.unit;
    }
    if (key && subject.type === 'voter' && !('unit' in subject)) {
      const [row] = rowsOf<{ unit: string; name: string }>(
        await this.database.db.execute(sql`
          select m.unit, v.name from voters v join members m on m.id = v.member_id
          where v.id = ${key} and v.meeting_id = ${entry.meetingId}`),
      );
      if (row) Object.assign(subject, { unit: row.unit, name: row.name });
    }
    const matterKey = changes.matterKey;
    if (
      typeof matterKey === 'string' &&
      isUuid(matterKey) &&
      changes.matter === undefined
    ) {
      const [row] = rowsOf<{ name: string }>(
        await this.database.db.execute(
          sql`select name from matters where id = ${matterKey} and meeting_id = ${entry.meetingId}`,
        ),
      );
      if (row) changes.matter = row.name;
    }
    const scrutineers = changes.scrutineers;
    if (
      entry.kind === 'meeting.scrutineers' &&
      scrutineers &&
      typeof scrutineers === 'object' &&
      'from' in scrutineers &&
      'to' in scrutineers
    ) {
      const ids = [
        ...((scrutineers.from as string[] | null) ?? []),
        ...((scrutineers.to as string[] | null) ?? []),
      ].filter(isUuid);
      const names = new Map(
        rowsOf<{ id: string; name: string; email: string }>(
          await this.database.db.execute(sql`
            select id, name, email from users
            where id = any(${`{${ids.join(',')}}`}::uuid[])`),
        ).map((row) => [row.id, row.name || row.email]),
      );
      const named = (list: unknown) =>
        ((list as string[] | null) ?? []).map((id) => names.get(id) ?? '');
      changes.scrutineerNames = {
        from: named(scrutineers.from),
        to: named(scrutineers.to),
      };
    }
    return { subject, changes };
  }

  /**
   * Writes the entry into the log of every meeting of the account: a change of the account's
   * team changes who may act on each of them.
   */
  async recordForAccount(
    accountId: string,
    entry: Omit<AuditRecord, 'meetingId'>,
  ): Promise<void> {
    const result = await this.database.db.execute(sql`
      insert into audit_entries (meeting_id, kind, actor, client_ip, subject, changes, at)
      select m.id, ${entry.kind}, ${actorSql(entry.actor)},
        ${currentRequest()?.clientIp ?? null}, ${JSON.stringify(entry.subject)}::jsonb,
        ${JSON.stringify(entry.changes ?? {})}::jsonb, ${this.clock.now()}
      from meetings m where m.account_id = ${accountId}
      returning meeting_id`);
    for (const row of rowsOf<{ meeting_id: string }>(result))
      this.sealer.touch(row.meeting_id);
  }
}

/**
 * The actor as stored: a user with the e-mail and name they had when they acted, so a renamed
 * user still reads as they were.
 */
function actorSql(actor: AuditActorRef) {
  if (actor === 'system') return sql`'{"type":"system"}'::jsonb`;
  if ('partnerClientId' in actor)
    return sql`${JSON.stringify({ type: 'partner', clientId: actor.partnerClientId })}::jsonb`;
  if ('voterId' in actor)
    return sql`(select jsonb_build_object('type', 'voter', 'id', ${actor.voterId}::uuid,
      'memberId', ${actor.memberId}::uuid, 'name', v.name) from (select 1) one
      left join voters v on v.id = ${actor.voterId}::uuid)`;
  return sql`(select jsonb_build_object('type', 'user', 'id', ${actor.userId}::uuid,
    'email', u.email, 'name', u.name) from (select 1) one
    left join users u on u.id = ${actor.userId}::uuid)`;
}

/** Fields never written to the audit log with their values: only that they changed. */
const SECRET_FIELDS = new Set(['controlNumber', 'password', 'totpSecret']);

/**
 * The fields that differ between before and after, as `{ field: { from, to } }` (a secret
 * field as `{ changed: true }`). Only the fields named are compared.
 */
export function changesOf<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const from = plain(before[field]);
    const to = plain(after[field]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = SECRET_FIELDS.has(field)
      ? { changed: true }
      : { from, to };
  }
  return changes;
}

/** The fields of a created or deleted thing, secrets left out. */
export function fieldsOf<T extends object>(
  row: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter((field) => !SECRET_FIELDS.has(field))
      .map((field) => [field, plain(row[field])]),
  );
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}
