// Fixture rows written straight to PostgreSQL, and tokens minted the way the gateway mints them.
import { createHash, randomBytes } from 'node:crypto';
import { need } from './deps.mjs';
import { JWT_SECRET } from './env.mjs';

const TOKEN_TTL_S = 6 * 3600;

/**
 * A chair with an account and a meeting, `voters` members with one voter each, and `matters`
 * pending matters (options Yes/No/Abstain; secret ballots, the default, unless
 * `secretBallot: false`). The gateway must have migrated the database.
 */
export async function seedMeeting(
  databaseUrl,
  { voters = 0, matters = 1, secretBallot = true } = {},
) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomBytes(4).toString('hex');
    const {
      rows: [user],
    } = await client.query(
      `insert into users (email, name, password_hash) values ($1, 'Bench Chair', 'not-a-hash') returning id`,
      [`chair.${tag}@bench.test`],
    );
    const {
      rows: [account],
    } = await client.query(
      `insert into accounts (name) values ('Bench') returning id`,
    );
    await client.query(
      `insert into account_users (account_id, user_id) values ($1, $2)`,
      [account.id, user.id],
    );
    const shortCode = `bench${tag}`;
    const {
      rows: [meeting],
    } = await client.query(
      // several matters live at once (docs/verdicts.md: one at a time is the default)
      `insert into meetings (account_id, short_code, name, type, meeting_date, expiry_date, meeting_timezone, one_live_matter)
       values ($1, $2, 'Bench AGM', 'agm', now() + interval '14 days', now() + interval '13 days', 'UTC', false)
       returning id`,
      [account.id, shortCode],
    );
    const { rows: memberRows } = await client.query(
      `insert into members (meeting_id, unit, control_number, shares)
       select $1, 'U' || lpad(i::text, 6, '0'), 'CN-' || i, 1 + (i % 3)
       from generate_series(1, $2::int) as i
       returning id, unit`,
      [meeting.id, voters],
    );
    const { rows: voterRows } = await client.query(
      `insert into voters (member_id, meeting_id, name, email)
       select id, meeting_id, 'Owner ' || unit, lower(unit) || '@bench.test'
       from members where meeting_id = $1
       returning id, member_id, email`,
      [meeting.id],
    );
    const { rows: matterRows } = await client.query(
      `insert into matters (meeting_id, name, options, "order", secret_ballot)
       select $1, 'Resolution ' || i, '["Yes","No","Abstain"]'::jsonb, i, $3
       from generate_series(1, $2::int) as i
       returning id, "order"`,
      [meeting.id, matters, secretBallot],
    );
    // planner statistics, as autovacuum would have them for a member list imported beforehand
    await client.query('analyze members, voters, matters, meetings');
    const units = new Map(memberRows.map((row) => [row.id, row.unit]));
    const voterList = voterRows
      .map((row) => ({
        voterId: row.id,
        memberId: row.member_id,
        email: row.email,
        unit: units.get(row.member_id),
      }))
      .sort((a, b) => a.unit.localeCompare(b.unit))
      .map((voter) => ({ ...voter, token: voterToken(voter, meeting.id) }));
    return {
      userId: user.id,
      accountId: account.id,
      meetingId: meeting.id,
      shortCode,
      voters: voterList,
      matterIds: matterRows
        .sort((a, b) => a.order - b.order)
        .map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}

/** The voter's session version, as apps/gateway/src/revocation/voter-session.registry.ts derives it. */
function sessionVersion(voterId, email) {
  return createHash('sha256')
    .update(`${voterId}\n${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16);
}

export function voterToken(voter, meetingId) {
  const jwt = need('jsonwebtoken');
  return jwt.sign(
    {
      sub: voter.voterId,
      mbr: voter.memberId,
      mtg: meetingId,
      ver: sessionVersion(voter.voterId, voter.email),
    },
    JWT_SECRET,
    {
      audience: 'portal',
      algorithm: 'HS256',
      expiresIn: TOKEN_TTL_S,
    },
  );
}

/** A manager access token (aud management), as POST /auth/token would issue it. */
export function managerToken(userId) {
  const jwt = need('jsonwebtoken');
  return jwt.sign({ sub: userId }, JWT_SECRET, {
    audience: 'management',
    algorithm: 'HS256',
    expiresIn: TOKEN_TTL_S,
  });
}

/** POST a matter action as the chair; throws unless 204. */
export async function matterAction(baseUrl, token, shortCode, matterId, body) {
  const response = await fetch(
    `${baseUrl}/v1/Meetings/${shortCode}/matters/${matterId}/action`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    },
  );
  if (response.status !== 204)
    throw new Error(
      `action ${body.action} answered ${response.status}: ${await response.text()}`,
    );
}
