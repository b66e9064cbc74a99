import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/api-exception';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { PasswordHashService } from './password-hash.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { TotpService } from './totp.service';
import { UsersRepository } from './users.repository';

export interface CreatedUser {
  id: string;
  email: string;
  totpSecret?: string;
  otpauthUrl?: string;
}

function assertStrong(password: string): void {
  if (password.length < 8) {
    throw new ApiException(
      400,
      'weak_password',
      'The password needs at least 8 characters.',
    );
  }
}

/** Creating users and changing passwords: the admin CLI's side of identity. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly hasher: PasswordHashService,
    private readonly totp: TotpService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async create(input: {
    email: string;
    password: string;
    name?: string;
    mfa?: boolean;
  }): Promise<CreatedUser> {
    assertStrong(input.password);
    const passwordHash = await this.hasher.hash(input.password);
    const totpSecret = input.mfa ? this.totp.newSecret() : null;
    return this.unitOfWork.run(async () => {
      if (await this.users.findByEmail(input.email)) {
        throw new ApiException(
          409,
          'user_exists',
          `A user with e-mail ${input.email} already exists.`,
        );
      }
      const user = await this.users.create({
        email: input.email,
        name: input.name ?? '',
        passwordHash,
        totpSecret,
        passwordChangedAt: this.clock.now(),
      });
      return {
        id: user.id,
        email: user.email,
        ...(totpSecret
          ? { totpSecret, otpauthUrl: this.totp.uri(totpSecret, user.email) }
          : {}),
      };
    });
  }

  /** Sets a new password; every refresh token issued before dies with the old one. */
  async changePassword(email: string, password: string): Promise<void> {
    assertStrong(password);
    const passwordHash = await this.hasher.hash(password);
    await this.unitOfWork.run(async () => {
      const user = await this.users.findByEmail(email);
      if (!user)
        throw new ApiException(
          404,
          'user_not_found',
          `No user with e-mail ${email}.`,
        );
      const now = this.clock.now();
      await this.users.setPassword(user.id, passwordHash, now);
      await this.refreshTokens.revokeAllForUser(user.id, now);
    });
  }

  /**
   * Turns one-time codes off (the admin CLI, for a user who lost their authenticator): they
   * sign in with the password alone and may turn codes on again from the console.
   */
  async resetMfa(email: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const user = await this.users.findByEmail(email);
      if (!user)
        throw new ApiException(
          404,
          'user_not_found',
          `No user with e-mail ${email}.`,
        );
      await this.users.clearTotp(user.id, this.clock.now());
    });
  }
}
