import { Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import {
  minuteBudget,
  refund,
  spend,
} from '../identity/auth-rate-limit.service';
import {
  HasherBusyError,
  PasswordHashService,
} from '../identity/password-hash.service';
import { RedisConnection } from '../redis/redis.module';
import { OAuthErrorCode, OAuthException } from './oauth.exception';
import {
  PartnerClientsRepository,
  type PartnerClientRow,
} from './partner-clients.repository';
import { PartnerErrorCode, PartnerException } from './partner.exception';
import { newClientSecret } from './partner-tokens';
import { redirectUriProblem } from './redirect-uris';

export interface RegisteredClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface ClientCredentials {
  /** The raw Authorization header, if any. */
  authorization?: string;
  clientId?: string;
  clientSecret?: string;
  /** The caller's address, for the per-address budget. */
  clientIp: string;
}

const MAX_REDIRECT_URIS = 20;

/** Partner applications: registration (admin CLI) and client authentication (token endpoint). */
@Injectable()
export class PartnerClientsService {
  private readonly perClient: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(
    private readonly clients: PartnerClientsRepository,
    private readonly hasher: PasswordHashService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    config: AppConfig,
    redis: RedisConnection,
  ) {
    const limits = config.partnerToken;
    this.perClient = minuteBudget(
      redis,
      'partner-token-client',
      limits.rateLimitPerClient,
    );
    this.perIp = minuteBudget(redis, 'partner-token-ip', limits.rateLimitPerIp);
  }

  /** Registers a client; the secret is returned this once and kept only as an argon2id hash. */
  async register(input: {
    name: string;
    redirectUris: string[];
  }): Promise<RegisteredClient> {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 100)
      throw new PartnerException(PartnerErrorCode.InvalidClientName);
    const redirectUris = [...new Set(input.redirectUris.map((u) => u.trim()))];
    if (redirectUris.length < 1 || redirectUris.length > MAX_REDIRECT_URIS)
      throw new PartnerException(
        PartnerErrorCode.InvalidRedirectUri,
        `give 1 to ${MAX_REDIRECT_URIS} redirect URIs`,
      );
    for (const uri of redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem)
        throw new PartnerException(
          PartnerErrorCode.InvalidRedirectUri,
          `${uri}: ${problem}`,
        );
    }
    const secret = newClientSecret();
    const secretHash = await this.hasher.hash(secret);
    const row = await this.unitOfWork.run(() =>
      this.clients.insert({
        name,
        secretHash,
        redirectUris,
        createdAt: this.clock.now(),
      }),
    );
    return {
      client_id: row.id,
      client_secret: secret,
      redirect_uris: row.redirectUris,
    };
  }

  /** The registered client with this id (for the permission page), if any. */
  find(clientId: string): Promise<PartnerClientRow | undefined> {
    return isUuid(clientId)
      ? this.clients.findById(clientId)
      : Promise.resolve(undefined);
  }

  /**
   * RFC 6749 section 2.3.1: HTTP Basic or client_id + client_secret in the body, not both.
   * Unknown clients cost the same argon2 verification as a wrong secret.
   */
  async authenticate(
    credentials: ClientCredentials,
  ): Promise<PartnerClientRow> {
    const basic = credentials.authorization !== undefined;
    let clientId = credentials.clientId;
    let secret = credentials.clientSecret;
    if (basic) {
      const decoded = decodeBasic(credentials.authorization!);
      if (!decoded)
        throw new OAuthException(
          OAuthErrorCode.InvalidClient,
          'The Authorization header is not valid HTTP Basic client authentication.',
          true,
        );
      if (secret !== undefined)
        throw new OAuthException(
          OAuthErrorCode.InvalidRequest,
          'Use one client authentication method: HTTP Basic or client_secret in the body, not both.',
        );
      if (clientId !== undefined && clientId !== decoded.clientId)
        throw new OAuthException(
          OAuthErrorCode.InvalidRequest,
          'client_id in the body differs from the one in the Authorization header.',
        );
      clientId = decoded.clientId;
      secret = decoded.secret;
    }
    if (!clientId || !secret)
      throw new OAuthException(
        OAuthErrorCode.InvalidClient,
        'Client authentication is required: client_id and client_secret.',
        basic,
      );
    // Counted before the argon2 check, given back once it passes: only failures add up, so a
    // busy partner is not throttled by its own successful requests.
    const attempts: [RateLimiterAbstract, string][] = [
      [this.perIp, credentials.clientIp],
      [this.perClient, clientId],
    ];
    const retryAfter = await spend(...attempts);
    if (retryAfter !== null)
      throw new OAuthException(
        OAuthErrorCode.SlowDown,
        'Too many failed client authentications for this client or from this address; retry later.',
        false,
        retryAfter,
      );
    const client = await this.find(clientId);
    const secretOk = await this.verifySecret(client?.secretHash, secret);
    if (!client || !secretOk)
      throw new OAuthException(
        OAuthErrorCode.InvalidClient,
        'Client authentication failed.',
        basic,
      );
    await refund(...attempts);
    return client;
  }

  private async verifySecret(
    secretHash: string | undefined,
    secret: string,
  ): Promise<boolean> {
    try {
      return await this.hasher.verifyClientSecret(secretHash, secret);
    } catch (error) {
      if (!(error instanceof HasherBusyError)) throw error;
      throw new OAuthException(
        OAuthErrorCode.TemporarilyUnavailable,
        'Too many client authentications are in progress; retry shortly.',
        false,
        1,
      );
    }
  }
}

function decodeBasic(
  header: string,
): { clientId: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  try {
    // RFC 6749 section 2.3.1: both parts are form-urlencoded before encoding.
    const decode = (part: string) =>
      decodeURIComponent(part.replace(/\+/g, ' '));
    return {
      clientId: decode(text.slice(0, colon)),
      secret: decode(text.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}
