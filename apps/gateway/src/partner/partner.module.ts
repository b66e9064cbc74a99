import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import { IdentityModule } from '../identity/identity.module';
import { ResultsModule } from '../results/results.module';
import { AuthorizePageResponder } from './authorize-page.responder';
import { CampaignsController } from './campaigns.controller';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignsService } from './campaigns.service';
import { PartnerAuthGuard } from './partner-auth.guard';
import { PartnerAuthorizeController } from './partner-authorize.controller';
import { PartnerAuthorizeService } from './partner-authorize.service';
import { PartnerClientsRepository } from './partner-clients.repository';
import { PartnerClientsService } from './partner-clients.service';
import { PartnerGrantsRepository } from './partner-grants.repository';
import { PartnerTokenController } from './partner-token.controller';
import { PartnerTokenService } from './partner-token.service';

/** Partner OAuth 2.0 (permission page, token endpoint) and the read-only campaigns API. */
@Module({
  imports: [ResultsModule, IdentityModule],
  controllers: [
    PartnerAuthorizeController,
    PartnerTokenController,
    CampaignsController,
  ],
  providers: [
    AuthorizePageResponder,
    CampaignsRepository,
    CampaignsService,
    PartnerAuthGuard,
    PartnerAuthorizeService,
    PartnerClientsRepository,
    PartnerClientsService,
    PartnerGrantsRepository,
    PartnerTokenService,
  ],
  exports: [PartnerClientsService],
})
export class PartnerModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser()).forRoutes(PartnerAuthorizeController);
  }
}
