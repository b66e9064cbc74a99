import { Injectable, Logger } from '@nestjs/common';
import type {
  DisableMfaRequest,
  EnrolMfaRequest,
  MfaSecretResponse,
} from '@livevote/contracts';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { AuthErrorCode, AuthException } from './auth.exception';
import { AuthRateLimitService } from './auth-rate-limit.service';
import { PasswordHashService } from './password-hash.service';
import { TotpService } from './totp.service';
import { UsersRepository, type UserRow } from './users.repository';

/**
 * A signed-in user turns one-time codes on (docs/security.md, "One-time codes"): a secret to
 * scan, then the password and a first code to confirm it. Until the confirmation nothing is
 * stored, so an abandoned set-up leaves the user as they were.
 */
@Injectable()
export class MfaService {
  private readonly logger = new Logger('Mfa');

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHashService,
    private readonly totp: TotpService,
    private readonly limiter: AuthRateLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async newSecret(userId: string): Promise<MfaSecretResponse> {
    const user = await this.notEnrolled(userId);
    const secret = this.totp.newSecret();
    return { secret, otpauthUrl: this.totp.uri(secret, user.email) };
  }

  /**
   * Turns codes on with `secret`: the password is checked (and counts against the Auth API's
   * limits, like a sign-in), then the code against the secret; the code's step is spent, so
   * it cannot sign in a second time.
   */
  async enrol(
    userId: string,
    body: EnrolMfaRequest,
    ip: string,
  ): Promise<void> {
    const user = await this.notEnrolled(userId);
    await this.limiter.consume(ip, user.email);
    if (!(await this.hasher.verify(user.passwordHash, body.password)))
      throw new AuthException(AuthErrorCode.InvalidPassword);
    const now = this.clock.now();
    const step = this.totp.verify(body.secret, body.mfaToken, now);
    if (step === null) throw new AuthException(AuthErrorCode.InvalidMfaToken);
    const enrolled = await this.unitOfWork.run(() =>
      this.users.enrolTotp(user.id, body.secret, step, now),
    );
    if (!enrolled) throw new AuthException(AuthErrorCode.MfaEnrolled);
    this.logger.log(`user ${user.id} turned one-time codes on`);
  }

  /**
   * Turns codes off: the password and a current code (its step spent), so neither a stolen
   * session nor a stolen password alone can. Codes may then be turned on again with a new
   * secret (a new phone).
   */
  async disable(
    userId: string,
    body: DisableMfaRequest,
    ip: string,
  ): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw AuthException.bearer(AuthErrorCode.InvalidToken);
    if (!user.totpSecret) throw new AuthException(AuthErrorCode.MfaNotEnrolled);
    await this.limiter.consume(ip, user.email);
    if (!(await this.hasher.verify(user.passwordHash, body.password)))
      throw new AuthException(AuthErrorCode.InvalidPassword);
    const now = this.clock.now();
    const step = this.totp.verify(user.totpSecret, body.mfaToken, now);
    if (step === null || !(await this.users.claimTotpStep(user.id, step)))
      throw new AuthException(AuthErrorCode.InvalidMfaToken);
    await this.unitOfWork.run(() => this.users.clearTotp(user.id, now));
    this.logger.log(`user ${user.id} turned one-time codes off`);
  }

  private async notEnrolled(userId: string): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw AuthException.bearer(AuthErrorCode.InvalidToken);
    if (user.totpSecret) throw new AuthException(AuthErrorCode.MfaEnrolled);
    return user;
  }
}
