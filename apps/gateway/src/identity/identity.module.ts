import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import { AccessTokensService } from './access-tokens.service';
import { AuthController } from './auth.controller';
import { AuthRateLimitService } from './auth-rate-limit.service';
import { AuthService } from './auth.service';
import { CredentialsService } from './credentials.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { MfaController } from './mfa.controller';
import { MfaService } from './mfa.service';
import { PasswordHashService } from './password-hash.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { TotpService } from './totp.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { JwtSigningModule } from './jwt-signing.module';
import { LiveTokensService } from './live-tokens.service';
import { PartnerAccessTokensService } from './partner-access-tokens.service';
import { SessionCookie } from './session-cookie';
import { TeamRolesRepository } from './team-roles.repository';

@Module({
  imports: [JwtSigningModule],
  controllers: [AuthController, MfaController],
  providers: [
    AccessTokensService,
    AuthRateLimitService,
    AuthService,
    CredentialsService,
    JwtAuthGuard,
    LiveTokensService,
    MfaService,
    PartnerAccessTokensService,
    PasswordHashService,
    RefreshTokensRepository,
    SessionCookie,
    TeamRolesRepository,
    TotpService,
    UsersRepository,
    UsersService,
  ],
  exports: [
    AccessTokensService,
    AuthRateLimitService,
    CredentialsService,
    JwtAuthGuard,
    LiveTokensService,
    PartnerAccessTokensService,
    PasswordHashService,
    SessionCookie,
    TeamRolesRepository,
    UsersRepository,
    UsersService,
    TotpService,
  ],
})
export class IdentityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // the browser's refresh token arrives as a cookie (docs/security.md, "Browser sessions")
    consumer.apply(cookieParser()).forRoutes(AuthController);
  }
}
