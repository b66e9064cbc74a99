import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, UnitOfWork } from './database';

/**
 * Provides the already-open Database; the process opens (and migrates) it before Nest starts.
 * Global: one connection pool per process, and every repository needs it.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly database: Database) {}

  static register(database: Database) {
    return {
      module: DatabaseModule,
      providers: [
        { provide: Database, useValue: database },
        { provide: UnitOfWork, useExisting: Database },
      ],
      exports: [Database, UnitOfWork],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}
