import { Injectable } from '@nestjs/common';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import { partnerGrants, partnerTokens, users } from '../database/schema';
import { hashToken } from './auth.service';
import { isPartnerAccessToken } from './partner-token-shape';

export interface PartnerPrincipal {
  userId: string;
  clientId: string;
}

/**
 * Partner access tokens as principals: /papi/v1 admits a live one, and /v1 refuses a live one
 * with 403 while anything merely shaped like one is an invalid credential (docs/security.md).
 */
@Injectable()
export class PartnerAccessTokensService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller behind a live access token: its grant not revoked, approved no earlier than the
   * customer's last password change, and the token not expired. Null otherwise.
   */
  async verify(token: string): Promise<PartnerPrincipal | null> {
    if (!isPartnerAccessToken(token)) return null;
    const [row] = await this.database.db
      .select({
        userId: partnerGrants.userId,
        clientId: partnerGrants.clientId,
        expiresAt: partnerTokens.expiresAt,
      })
      .from(partnerTokens)
      .innerJoin(partnerGrants, eq(partnerGrants.id, partnerTokens.grantId))
      .innerJoin(users, eq(users.id, partnerGrants.userId))
      .where(
        and(
          eq(partnerTokens.tokenHash, hashToken(token)),
          eq(partnerTokens.kind, 'access'),
          isNull(partnerGrants.revokedAt),
          gte(partnerGrants.approvedAt, users.passwordChangedAt),
        ),
      )
      .limit(1);
    if (!row || row.expiresAt <= this.clock.now()) return null;
    return { userId: row.userId, clientId: row.clientId };
  }
}
