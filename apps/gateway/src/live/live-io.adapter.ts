import { Logger, type INestApplicationContext } from '@nestjs/common';
import type Redis from 'ioredis';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis.module';

/**
 * Gives every command of the client, and of the clients it duplicates, a handler that logs its
 * failure. The streams adapter leaves some commands' promises unobserved (the SUBSCRIBE of the
 * client it duplicates, an ephemeral PUBLISH, a session's SET): one failing, as a command
 * queued while Redis cannot be reached does when the client is closed at shutdown, would be an
 * unhandled rejection, which ends a Node process. A caller that awaits a command still sees its
 * failure: the handler is a branch of its own.
 */
export function observeCommands(client: Redis, logger: Logger): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    command.promise.catch((error: unknown) =>
      logger.debug(
        `socket.io adapter redis ${command.name}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    return send(command, stream);
  };
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (override) => observeCommands(duplicate(override), logger);
  return client;
}

/**
 * socket.io with the websocket transport first (no sticky sessions needed) and, with Redis,
 * the streams adapter: an event emitted on any node reaches the sockets of every node, and
 * a Redis blip replays what was missed instead of dropping it.
 *
 * Nest's per-socket wiring is left out: the live gateway registers its own listeners, one
 * function shared by every socket (live/live.gateway.ts). Nest would otherwise give each
 * socket a closure for `disconnect` and an rxjs pipeline, even for a gateway without
 * `@SubscribeMessage` handlers: about 1 KB of heap a socket (docs/benchmarks-history.md, "Memory per
 * socket"). So `handleDisconnect` (OnGatewayDisconnect) is not called on gateways.
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

  override bindClientDisconnect(): void {
    // gateways listen to 'disconnect' themselves, where they need to
  }

  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    if (handlers.length > 0)
      super.bindMessageHandlers(socket, handlers, transform);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      transports: ['websocket', 'polling'],
      perMessageDeflate: false,
      serveClient: false,
      // the largest message a client may send (a websocket frame, a polling body): the
      // default 1 MB lets one packet cost a megabyte of parsing (docs/live-protocol.md)
      maxHttpBufferSize:
        this.context.get(AppConfig).livePackets.maxMessageBytes,
    }) as Server;
    const redis = this.context.get(RedisConnection);
    if (redis.client) {
      // null: commands wait for a reconnect instead of failing inside the adapter, where nothing catches them
      const client = observeCommands(
        redis.client.duplicate({ maxRetriesPerRequest: null }),
        this.logger,
      );
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
