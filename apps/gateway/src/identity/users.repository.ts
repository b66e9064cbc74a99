import { Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { users } from '../database/schema';

export type UserRow = typeof users.$inferSelect;

@Injectable()
export class UsersRepository {
  constructor(private readonly database: Database) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async create(values: {
    email: string;
    name: string;
    passwordHash: string;
    totpSecret: string | null;
    passwordChangedAt: Date;
  }): Promise<UserRow> {
    const [row] = await this.database.db
      .insert(users)
      .values(values)
      .returning();
    return row;
  }

  /** Records a used TOTP time step; false when that step (or a later one) was already used. */
  async claimTotpStep(id: string, step: number): Promise<boolean> {
    const rows = await this.database.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, id),
          or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async setPassword(
    id: string,
    passwordHash: string,
    changedAt: Date,
  ): Promise<void> {
    await this.database.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt })
      .where(eq(users.id, id));
  }

  /**
   * Turns one-time codes on with `secret`, its first code's `step` spent; false when the user
   * already had a secret (a second enrolment racing the first).
   */
  async enrolTotp(
    id: string,
    secret: string,
    step: number,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.database.db
      .update(users)
      .set({ totpSecret: secret, totpLastStep: step, updatedAt: at })
      .where(and(eq(users.id, id), isNull(users.totpSecret)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async clearTotp(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(users)
      .set({ totpSecret: null, totpLastStep: null, updatedAt: at })
      .where(eq(users.id, id));
  }
}
