import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { AuditKind } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { currentRequest } from '../common/request-context';
import { Database } from '../database/database';
import { ChainSealer } from './chain-sealer';

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
  subject: { type: string; key?: string; label?: string };
  /** Before and after of what changed (see {@link changesOf}), or the figures of the action. */
  changes?: Record<string, unknown>;
}

/**
 * The audit log (docs/verifiability.md): one entry per manager or chair action, written in the
 * caller's transaction (call it inside `UnitOfWork.run`) so it stands or falls with the change.
 * The client address comes from the request being served. The table is append-only.
 */
@Injectable()
export class AuditLog {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sealer: ChainSealer,
  ) {}

  /** Writes the entry. */
  async record(entry: AuditRecord): Promise<void> {
    const actor = entry.actor;
    const userId =
      typeof actor === 'object' && 'userId' in actor ? actor.userId : null;
    const other =
      actor === 'system'
        ? { type: 'system' }
        : 'partnerClientId' in actor
          ? { type: 'partner', clientId: actor.partnerClientId }
          : 'voterId' in actor
            ? { type: 'voter', id: actor.voterId, memberId: actor.memberId }
            : null;
    await this.database.db.execute(sql`
      insert into audit_entries (meeting_id, kind, actor, client_ip, subject, changes, at)
      values (${entry.meetingId}, ${entry.kind},
        coalesce(${other ? JSON.stringify(other) : null}::jsonb, jsonb_build_object('type', 'user', 'id', ${userId}::uuid,
          'email', (select u.email from users u where u.id = ${userId}::uuid))),
        ${currentRequest()?.clientIp ?? null}, ${JSON.stringify(entry.subject)}::jsonb,
        ${JSON.stringify(entry.changes ?? {})}::jsonb, ${this.clock.now()})`);
    this.sealer.touch(entry.meetingId);
  }
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
