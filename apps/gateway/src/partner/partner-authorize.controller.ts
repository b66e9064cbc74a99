import {
  Body,
  Controller,
  Get,
  Ip,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiExcludeEndpoint,
  ApiFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AuthorizePageResponder,
  CSRF_REJECTED,
} from './authorize-page.responder';
import { PartnerAuthorizeService } from './partner-authorize.service';

/** The permission page ({auth_url}/login/oauth/authorize): HTML, not JSON. */
@ApiTags('Partner OAuth')
@Controller('login/oauth/authorize')
export class PartnerAuthorizeController {
  constructor(
    private readonly authorize: PartnerAuthorizeService,
    private readonly page: AuthorizePageResponder,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Permission page (browser)',
    description:
      'Query: client_id, redirect_uri, response_type=code, scope=read, state, and optionally ' +
      'code_challenge + code_challenge_method=S256. Unknown client or redirect_uri: a 400 page; ' +
      'other errors redirect to redirect_uri with error=...',
    security: [],
  })
  @ApiProduces('text/html')
  @ApiFoundResponse({ description: 'Redirect to redirect_uri with error=...' })
  async show(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    this.page.send(req, res, await this.authorize.start(query));
  }

  @Post()
  @ApiExcludeEndpoint()
  @ApiConsumes('application/x-www-form-urlencoded')
  async decide(
    @Body() body: Record<string, unknown> | undefined,
    @Ip() ip: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const outcome = this.page.csrfValid(req)
      ? await this.authorize.decide(body ?? {}, ip)
      : CSRF_REJECTED;
    this.page.send(req, res, outcome);
  }
}
