import { Database } from '../../src/database/database';
import { matters, members, voters } from '../../src/database/schema';
import { LiveTokensService } from '../../src/identity/live-tokens.service';
import type { TenantFixture } from './factories';
import type { TestGateway } from './test-app';

export interface VoterFixture {
  voterId: string;
  memberId: string;
  email: string;
  unit: string;
  shares: number;
  token: string;
}

/** Members with one voter each (shares 1 + i % 3 by default) and their voter tokens. */
export async function createVoters(
  gateway: TestGateway,
  tenant: TenantFixture,
  count: number,
  overrides: (i: number) => Partial<typeof members.$inferInsert> = () => ({}),
): Promise<VoterFixture[]> {
  const db = gateway.app.get(Database).db;
  const meetingId = tenant.meeting.id;
  const memberRows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, i) => ({
        meetingId,
        unit: `U${String(i + 1).padStart(4, '0')}`,
        controlNumber: `CN-${meetingId.slice(0, 8)}-${i}`,
        shares: 1 + (i % 3) + (i % 2 ? 0.5 : 0),
        ...overrides(i),
      })),
    )
    .returning();
  const voterRows = await db
    .insert(voters)
    .values(
      memberRows.map((member) => ({
        meetingId,
        memberId: member.id,
        name: `Owner ${member.unit}`,
        email: `${member.unit.toLowerCase()}@owners.test`,
      })),
    )
    .returning();
  const tokens = gateway.app.get(LiveTokensService);
  const expires = new Date(gateway.clock.nowMs() + 86_400_000);
  return voterRows.map((voter, i) => ({
    voterId: voter.id,
    memberId: memberRows[i].id,
    email: voter.email,
    unit: memberRows[i].unit,
    shares: memberRows[i].shares,
    token: tokens.issueVoter(
      { voterId: voter.id, memberId: memberRows[i].id, meetingId },
      voter.email,
      expires,
    ),
  }));
}

export async function createMatter(
  gateway: TestGateway,
  tenant: TenantFixture,
  overrides: Partial<typeof matters.$inferInsert> = {},
) {
  const [row] = await gateway.app
    .get(Database)
    .db.insert(matters)
    .values({
      meetingId: tenant.meeting.id,
      name: 'Approve the budget',
      options: ['Yes', 'No', 'Abstain'],
      order: 1,
      ...overrides,
    })
    .returning();
  return row;
}
