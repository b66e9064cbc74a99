import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';

/** How long a download link in a response stays valid. */
export const DOWNLOAD_LINK_TTL_SECONDS = 3600;

export type LinkCheck =
  | { ok: true; remainingSeconds: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed, expiring download links: `/files/<Key>?expires=<unix>&sig=<HMAC-SHA256(Key, expires)>`.
 * The HMAC key is derived from the JWT secret, so links are valid on every node.
 */
@Injectable()
export class DocumentUrlService {
  private readonly key: Buffer;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.jwtSecret)
      .update('livevote:document-download:v1')
      .digest();
  }

  url(storageKey: string): string {
    const expires = this.clock.nowSeconds() + DOWNLOAD_LINK_TTL_SECONDS;
    const query = new URLSearchParams({
      expires: String(expires),
      sig: this.sign(storageKey, expires),
    });
    return `${this.config.publicUrl}/files/${storageKey}?${query.toString()}`;
  }

  check(storageKey: string, expires?: string, sig?: string): LinkCheck {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires))
      return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(storageKey, Number(expires)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'invalid' };
    const remainingSeconds = Number(expires) - this.clock.nowSeconds();
    if (remainingSeconds <= 0) return { ok: false, reason: 'expired' };
    return { ok: true, remainingSeconds };
  }

  private sign(storageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${storageKey}\n${expires}`)
      .digest('base64url');
  }
}
