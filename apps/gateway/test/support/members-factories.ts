import { Database } from '../../src/database/database';
import { ballots, matters, type BallotMethod } from '../../src/database/schema';
import type { TestGateway } from './test-app';

let sequence = 0;

/** A matter and a ballot of the member on it, straight in the database. */
export async function insertBallot(
  gateway: TestGateway,
  values: {
    meetingId: string;
    memberId: string;
    voterId?: string;
    method?: BallotMethod;
  },
): Promise<{ matterId: string; ballotId: string }> {
  sequence += 1;
  const db = gateway.app.get(Database).db;
  const [matter] = await db
    .insert(matters)
    .values({
      meetingId: values.meetingId,
      name: `Matter ${sequence}`,
      options: ['For', 'Against'],
      order: sequence,
    })
    .returning({ id: matters.id });
  const [ballot] = await db
    .insert(ballots)
    .values({
      matterId: matter.id,
      memberId: values.memberId,
      voterId: values.voterId,
      method: values.method ?? 'live',
      choices: ['For'],
      weight: 1,
      castAt: gateway.clock.now(),
    })
    .returning({ id: ballots.id });
  return { matterId: matter.id, ballotId: ballot.id };
}
