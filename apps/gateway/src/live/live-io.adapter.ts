import type { INestApplicationContext } from '@nestjs/common';
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
  constructor(private readonly context: INestApplicationContext) {
    super(context);
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
      server.adapter(
        createAdapter(redis.client.duplicate(), {
          streamName: redis.key('socket.io'),
        }),
      );
    }
    return server;
  }
}
