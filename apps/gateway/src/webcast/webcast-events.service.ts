import { Injectable, Logger } from '@nestjs/common';
import type { WebcastStatus } from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import type {
  SignedRequest,
  WebcastEvent,
  WebcastWebhooks,
} from './webcast-webhooks';
import { WebcastErrorCode, WebcastException } from './webcast.exception';
import { WebcastRepository } from './webcast.repository';

/** The configured provider's webhooks, or null when it sends none (Jitsi). */
export abstract class ConfiguredWebhooks {
  abstract readonly webhooks: WebcastWebhooks | null;
}

const STATUS_OF: Record<
  Exclude<WebcastEvent['change'], 'recordings'>,
  WebcastStatus
> = { started: 'started', ended: 'ended' };

/**
 * Provider events (docs/webcast.md): verified first (401 changes nothing), applied once (a
 * replay, or an event older than the one that set the status, changes nothing), and
 * answered 200 when they concern no webcast of ours.
 */
@Injectable()
export class WebcastEventsService {
  private readonly logger = new Logger('WebcastEvents');

  constructor(
    private readonly configured: ConfiguredWebhooks,
    private readonly webcasts: WebcastRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async receive(
    provider: string,
    request: SignedRequest,
  ): Promise<Record<string, unknown>> {
    const webhooks = this.configured.webhooks;
    if (!webhooks || webhooks.provider !== provider)
      throw new WebcastException(WebcastErrorCode.WebhookProviderNotFound);
    if (!webhooks.verify(request, this.clock.nowMs()))
      throw new WebcastException(WebcastErrorCode.InvalidSignature);
    const outcome = webhooks.read(request.body);
    if ('reply' in outcome) return outcome.reply;
    if ('ignored' in outcome) {
      this.logger.debug(`${provider}: ignored ${outcome.ignored}`);
      return {};
    }
    await this.apply(provider, outcome.event);
    return {};
  }

  private apply(provider: string, event: WebcastEvent): Promise<void> {
    return this.unitOfWork.run(async () => {
      const webcast = await this.webcasts.findByCastId(provider, event.castId);
      if (!webcast) return;
      if (
        !(await this.webcasts.recordEvent(
          provider,
          event.key,
          this.clock.now(),
        ))
      )
        return;
      const now = this.clock.now();
      if (event.change === 'recordings') {
        if (webcast.recordingsAt && webcast.recordingsAt >= event.at) return;
        await this.webcasts.update(webcast.id, {
          recordingsAt: event.at,
          updatedAt: now,
        });
        await this.audit.record({
          meetingId: webcast.meetingId,
          kind: 'webcast.recordings',
          actor: 'system',
          subject: { type: 'webcast', key: webcast.id },
          changes: {
            provider,
            recordingsAt: {
              from: webcast.recordingsAt?.toISOString() ?? null,
              to: event.at.toISOString(),
            },
          },
        });
        return;
      }
      const status = STATUS_OF[event.change];
      const row = await this.webcasts.setStatusFromEvent(
        webcast.id,
        status,
        event.at,
        now,
      );
      if (!row || webcast.status === status) return;
      await this.audit.record({
        meetingId: webcast.meetingId,
        kind: 'webcast.status',
        actor: 'system',
        subject: { type: 'webcast', key: webcast.id },
        changes: { provider, status: { from: webcast.status, to: status } },
      });
    });
  }
}
