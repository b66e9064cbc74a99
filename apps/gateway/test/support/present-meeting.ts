import { expect } from 'vitest';
import { createTenant, type TenantFixture } from './factories';
import { http, type Http } from './http';
import { connectLive, request, type LiveClient } from './live-client';
import { createVoters, type VoterFixture } from './live-fixtures';
import { startGateways, type TestGateway } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTestRedis, type TestRedis } from './test-redis';

/**
 * The meeting the presence tests count (present.test.ts, present-ballots.test.ts): one node
 * on a database and Redis of its own, a meeting whose quorum is 3 units with several matters
 * live at once, another account's tenant, the meeting's voters (shares 1, 2.5, 3, 1.5, ...)
 * and the chair subscribed to it.
 */
export interface PresentMeeting {
  api: Http;
  tenant: TenantFixture;
  other: TenantFixture;
  voters: VoterFixture[];
  chair: LiveClient;
  /** Connects with the token and subscribes to the meeting; the socket closes with the rest. */
  subscribe(token: string): Promise<LiveClient>;
  close(): Promise<void>;
}

export async function openPresentMeeting(
  voterCount: number,
): Promise<PresentMeeting> {
  const sockets: LiveClient[] = [];
  let database: TestDatabase | undefined;
  let redis: TestRedis | undefined;
  let node: TestGateway | undefined;
  const close = async () => {
    sockets.forEach((socket) => socket.close());
    await node?.close();
    await redis?.cleanup();
    await database?.drop();
  };
  try {
    database = await createTestDatabase();
    redis = createTestRedis();
    [node] = await startGateways(1, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
    const gateway = node;
    const tenant = await createTenant(gateway, {
      quorumMinimum: 3,
      oneLiveMatter: false,
    });
    const subscribe = async (token: string) => {
      const socket = await connectLive(gateway.baseUrl, token);
      sockets.push(socket);
      expect(
        await request(socket, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        }),
      ).not.toHaveProperty('error');
      return socket;
    };
    const other = await createTenant(gateway);
    const voters = await createVoters(gateway, tenant, voterCount);
    const chair = await subscribe(tenant.token);
    return {
      api: http(gateway.baseUrl),
      tenant,
      other,
      voters,
      chair,
      subscribe,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
