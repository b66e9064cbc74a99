import { Injectable } from '@nestjs/common';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/** RFC 6238 TOTP: 30 s steps, 6 digits, one step of drift either way. */
@Injectable()
export class TotpService {
  newSecret(): string {
    return generateSecret();
  }

  uri(secret: string, email: string): string {
    return generateURI({ issuer: 'LiveVote', label: email, secret });
  }

  codeAt(secret: string, at: Date): string {
    return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
  }

  /** The time step the code belongs to, or null when it is not valid now. */
  verify(secret: string, token: string, at: Date): number | null {
    const epoch = Math.floor(at.getTime() / 1000);
    const result = verifySync({ secret, token, epoch, epochTolerance: 30 });
    if (!result.valid) return null;
    return (
      Math.floor(epoch / 30) + ('delta' in result ? Number(result.delta) : 0)
    );
  }
}
