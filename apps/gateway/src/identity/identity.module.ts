import { Module } from '@nestjs/common';
import { AccessTokens } from './access-tokens';
import { AuthController } from './auth.controller';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthService } from './auth.service';
import { Credentials } from './credentials';
import { JwtAuthGuard } from './jwt-auth.guard';
import { PasswordHasher } from './password-hasher';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { Totp } from './totp';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { JwtSigningModule } from './jwt-signing.module';
import { LiveTokens } from './live-tokens';
import { PartnerAccessTokens } from './partner-access-tokens';

@Module({
  imports: [JwtSigningModule],
  controllers: [AuthController],
  providers: [
    AccessTokens,
    AuthRateLimiter,
    AuthService,
    Credentials,
    JwtAuthGuard,
    LiveTokens,
    PartnerAccessTokens,
    PasswordHasher,
    RefreshTokensRepository,
    Totp,
    UsersRepository,
    UsersService,
  ],
  exports: [
    AccessTokens,
    AuthRateLimiter,
    Credentials,
    JwtAuthGuard,
    LiveTokens,
    PartnerAccessTokens,
    PasswordHasher,
    UsersRepository,
    UsersService,
    Totp,
  ],
})
export class IdentityModule {}
