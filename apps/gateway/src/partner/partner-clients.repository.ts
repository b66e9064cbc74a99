import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Database } from '../database/database';
import { partnerClients } from '../database/schema';

export type PartnerClientRow = typeof partnerClients.$inferSelect;

@Injectable()
export class PartnerClientsRepository {
  constructor(private readonly database: Database) {}

  async insert(values: {
    name: string;
    secretHash: string;
    redirectUris: string[];
    createdAt: Date;
  }): Promise<PartnerClientRow> {
    const [row] = await this.database.db
      .insert(partnerClients)
      .values(values)
      .returning();
    return row;
  }

  async findById(id: string): Promise<PartnerClientRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(partnerClients)
      .where(eq(partnerClients.id, id))
      .limit(1);
    return row;
  }
}
