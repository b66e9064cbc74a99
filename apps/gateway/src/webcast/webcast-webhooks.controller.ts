import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '../common/http-middleware';
import { WebcastEventsService } from './webcast-events.service';

/**
 * Events from the video provider (docs/webcast.md). No bearer token: the provider's signature
 * over the raw body is the credential.
 */
@ApiTags('Webhooks')
@Controller('webhooks/webcast')
export class WebcastWebhooksController {
  constructor(private readonly events: WebcastEventsService) {}

  @ApiOperation({
    summary: "Receive the video provider's events",
    description:
      'Signed by the provider (Zoom: `x-zm-signature`, `x-zm-request-timestamp`); 401 otherwise.',
    security: [],
  })
  @ApiParam({ name: 'provider', example: 'zoom' })
  @Post(':provider')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      'Applied, already applied, or not about a webcast of this gateway; a URL validation answer.',
  })
  receive(
    @Param('provider') provider: string,
    @Req() req: RawBodyRequest,
  ): Promise<Record<string, unknown>> {
    return this.events.receive(provider, {
      headers: req.headers,
      rawBody: req.rawBody ?? Buffer.alloc(0),
      body: req.body,
    });
  }
}
