import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { JwtSigningModule } from '../identity/jwt-signing.module';
import { InvitesModule } from '../members/invites.module';
import { ScreensModule } from '../screens/screens.module';
import { HolderTokensService } from '../proxies/holder-tokens.service';
import { DemoRepository } from './demo.repository';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [
    AccountsModule,
    AuditModule,
    IdentityModule,
    InvitesModule,
    JwtSigningModule,
    ScreensModule,
  ],
  providers: [DemoRepository, DemoSeedService, HolderTokensService],
  exports: [DemoSeedService],
})
export class DemoModule {}
