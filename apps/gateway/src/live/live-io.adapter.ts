import { Logger, type INestApplicationContext } from '@nestjs/common';
import type Redis from 'ioredis';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server, ServerOptions } from 'socket.io';
import { RedisConnection } from '../redis/redis.module';

/**
 * socket.io with the websocket transport first (no sticky sessions needed) and, with Redis,
 * the streams adapter: an event emitted on any node reaches the sockets of every node, and
 * a Redis blip replays what was missed instead of dropping it.
 */
export class LiveIoAdapter extends IoAdapter {
  private readonly logger = new Logger('LiveIoAdapter');
  private readonly clients: Redis[] = [];

  constructor(private readonly context: INestApplicationContext) {
    super(context);
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(
      this.clients.map((client) =>
        client.quit().catch(() => client.disconnect()),
      ),
    );
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      transports: ['websocket', 'polling'],
      perMessageDeflate: false,
      serveClient: false,
    }) as Server;
    const redis = this.context.get(RedisConnection);
    if (redis.client) {
      // null: commands wait for a reconnect instead of failing inside the adapter, where nothing catches them
      const client = redis.client.duplicate({ maxRetriesPerRequest: null });
      client.on('error', (error: Error) =>
        this.logger.warn(`socket.io adapter redis: ${error.message}`),
      );
      this.clients.push(client);
      server.adapter(
        createAdapter(client, { streamName: redis.key('socket.io') }),
      );
    }
    return server;
  }
}
