import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PasswordHashService } from './password-hash.service';
import { TotpService } from './totp.service';
import { UsersRepository, type UserRow } from './users.repository';

/**
 * A manager's sign-in check, the same for POST /auth/token and the partner permission page:
 * argon2id password (timing the same for unknown users), TOTP when enrolled, and each TOTP
 * time step accepted once, on any node.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHashService,
    private readonly totp: TotpService,
    private readonly clock: Clock,
  ) {}

  async check(
    email: string,
    password: string,
    code: string | null | undefined,
  ): Promise<UserRow | 'mfa_required' | null> {
    const user = await this.users.findByEmail(email);
    const passwordOk = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !passwordOk) return null;
    if (!user.totpSecret) return user;
    if (!code) return 'mfa_required';
    const step = /^\d{6}$/.test(code)
      ? this.totp.verify(user.totpSecret, code, this.clock.now())
      : null;
    if (step === null || !(await this.users.claimTotpStep(user.id, step)))
      return null;
    return user;
  }
}
