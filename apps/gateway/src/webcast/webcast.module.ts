import { BullModule } from '@nestjs/bullmq';
import {
  Module,
  type DynamicModule,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { IdentityModule } from '../identity/identity.module';
import { MeetingScheduleChanges } from '../meetings/meeting-schedule-changes';
import { MeetingsModule } from '../meetings/meetings.module';
import { InviteVideoLinks } from '../members/invite-video-links';
import { InvitesModule } from '../members/invites.module';
import { MembersModule } from '../members/members.module';
import { VoterChanges } from '../members/voter-changes';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { QueuesModule } from '../queues/queues.module';
import { RevocationModule } from '../revocation/revocation.module';
import {
  BullmqWebcastSyncQueue,
  WebcastSyncProcessor,
} from './bullmq-webcast-sync.queue';
import { JitsiWebcastProvider } from './jitsi-webcast-provider';
import {
  ConfiguredWebhooks,
  WebcastEventsService,
} from './webcast-events.service';
import { WebcastPortalController } from './webcast-portal.controller';
import { WebcastPortalService } from './webcast-portal.service';
import { WebcastProvider } from './webcast-provider';
import {
  InProcessWebcastSyncQueue,
  WEBCAST_QUEUE,
  WebcastSyncQueue,
} from './webcast-sync.queue';
import { WebcastSyncService } from './webcast-sync.service';
import { WebcastWebhooksController } from './webcast-webhooks.controller';
import { WebcastController } from './webcast.controller';
import { WebcastRepository } from './webcast.repository';
import { WebcastService } from './webcast.service';
import { ZoomApiClient } from './zoom-api.client';
import { ZoomWebcastProvider } from './zoom-webcast-provider';
import { ZoomWebhooks } from './zoom-webhooks';

/**
 * The meeting's video room (docs/webcast.md). The provider adapter, its webhooks and the sync
 * queue (BullMQ with Redis, in-process without) are chosen once here from configuration.
 */
@Module({})
export class WebcastModule implements OnModuleInit {
  constructor(
    private readonly voterChanges: VoterChanges,
    private readonly scheduleChanges: MeetingScheduleChanges,
    private readonly videoLinks: InviteVideoLinks,
    private readonly webcast: WebcastService,
    private readonly attendance: WebcastSyncService,
  ) {}

  static register(config: AppConfig): DynamicModule {
    const zoom =
      config.webcast.provider === 'zoom' ? config.webcast.zoom : null;
    const queued = Boolean(zoom && config.redis.url);
    const queue: Provider[] = queued
      ? [
          BullmqWebcastSyncQueue,
          WebcastSyncProcessor,
          { provide: WebcastSyncQueue, useExisting: BullmqWebcastSyncQueue },
        ]
      : [{ provide: WebcastSyncQueue, useClass: InProcessWebcastSyncQueue }];
    return {
      module: WebcastModule,
      imports: [
        AuditModule,
        IdentityModule,
        InvitesModule,
        MeetingsModule,
        MembersModule,
        RevocationModule,
        ...(queued
          ? [
              QueuesModule.register(config),
              BullModule.registerQueue({ name: WEBCAST_QUEUE }),
            ]
          : []),
      ],
      controllers: [
        WebcastController,
        WebcastPortalController,
        WebcastWebhooksController,
      ],
      providers: [
        {
          provide: WebcastProvider,
          inject: [Clock],
          useFactory: (clock: Clock): WebcastProvider =>
            zoom
              ? new ZoomWebcastProvider(new ZoomApiClient(zoom, clock), zoom)
              : new JitsiWebcastProvider(),
        },
        {
          provide: ConfiguredWebhooks,
          useValue: {
            webhooks: zoom ? new ZoomWebhooks(zoom.webhookSecretToken) : null,
          },
        },
        ...queue,
        PortalAuthGuard,
        WebcastRepository,
        WebcastService,
        WebcastSyncService,
        WebcastEventsService,
        WebcastPortalService,
      ],
    };
  }

  onModuleInit(): void {
    this.voterChanges.subscribe((meetingId) =>
      this.webcast.meetingChanged(meetingId),
    );
    this.scheduleChanges.subscribe((meetingId) =>
      this.webcast.meetingChanged(meetingId),
    );
    this.videoLinks.provide((meetingId, voterId) =>
      this.attendance.joinUrlFor(meetingId, voterId),
    );
  }
}
