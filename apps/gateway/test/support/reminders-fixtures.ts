import { and, asc, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { Database } from '../../src/database/database';
import {
  members,
  scheduledMail,
  voters,
  type CommunicationPreferences,
} from '../../src/database/schema';
import type { ReceivedMail, SmtpSink } from './smtp-sink';
import type { TestGateway } from './test-app';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface VoterSpec {
  name: string;
  email: string;
  communicationPreferences?: CommunicationPreferences;
}

export interface UnitSpec {
  unit: string;
  eligible?: boolean;
  voters: VoterSpec[];
}

export interface AddedVoter {
  id: string;
  memberId: string;
  unit: string;
  email: string;
}

let sequence = 0;

/** Members with their voters, straight in the database; keyed by voter e-mail. */
export async function addUnits(
  gateway: TestGateway,
  meetingId: string,
  units: UnitSpec[],
): Promise<Record<string, AddedVoter>> {
  const db = gateway.app.get(Database).db;
  const added: Record<string, AddedVoter> = {};
  for (const spec of units) {
    sequence += 1;
    const [member] = await db
      .insert(members)
      .values({
        meetingId,
        unit: spec.unit,
        eligible: spec.eligible ?? true,
        controlNumber: `RM-${sequence}-${meetingId.slice(0, 8)}`,
      })
      .returning();
    for (const voter of spec.voters) {
      const [row] = await db
        .insert(voters)
        .values({
          meetingId,
          memberId: member.id,
          name: voter.name,
          email: voter.email,
          communicationPreferences: voter.communicationPreferences,
        })
        .returning();
      added[voter.email] = {
        id: row.id,
        memberId: member.id,
        unit: spec.unit,
        email: voter.email,
      };
    }
  }
  return added;
}

export function recipients(mail: ReceivedMail): string[] {
  return mail.envelope.to.map((to) => to.toLowerCase());
}

/** The messages with that subject since `from`, as sorted recipient addresses. */
export function sentTo(sink: SmtpSink, subject: string, from = 0): string[] {
  return sink.messages
    .slice(from)
    .filter((mail) => mail.parsed.subject === subject)
    .flatMap(recipients)
    .sort();
}

export function messagesTo(
  sink: SmtpSink,
  subject: string,
  email: string,
): ReceivedMail[] {
  return sink.messages.filter(
    (mail) =>
      mail.parsed.subject === subject &&
      recipients(mail).includes(email.toLowerCase()),
  );
}

export function scheduledRows(gateway: TestGateway, meetingId: string) {
  return gateway.app
    .get(Database)
    .db.select()
    .from(scheduledMail)
    .where(eq(scheduledMail.meetingId, meetingId))
    .orderBy(asc(scheduledMail.kind), asc(scheduledMail.email));
}

/**
 * Waits until no send of the meeting is in flight: after the test's own ticks returned, a
 * claim still `sending` can only be a background tick's, finishing a message already due.
 */
export async function settled(
  gateway: TestGateway,
  meetingId: string,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const inFlight = await gateway.app
        .get(Database)
        .db.select({ id: scheduledMail.id })
        .from(scheduledMail)
        .where(
          and(
            eq(scheduledMail.meetingId, meetingId),
            eq(scheduledMail.status, 'sending'),
          ),
        );
      expect(inFlight).toEqual([]);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** The portal link of a voter mail: `?invite=<token>`. */
export function inviteTokenIn(text: string): string {
  const match = /\?invite=([A-Za-z0-9._-]+)/.exec(text);
  if (!match) throw new Error(`no portal link in: ${text}`);
  return match[1];
}

export function unsubscribeUrlIn(text: string): URL {
  const match =
    /(https?:\/\/\S+\/portal\/v1\/unsubscribe\?token=[^\s>"]+)/.exec(text);
  if (!match) throw new Error(`no unsubscribe link in: ${text}`);
  return new URL(match[1]);
}
