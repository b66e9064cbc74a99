import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IdentityModule } from '../identity/identity.module';
import { InvitesModule } from '../members/invites.module';
import { DemoRepository } from './demo.repository';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [AccountsModule, IdentityModule, InvitesModule],
  providers: [DemoRepository, DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoModule {}
