import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UnsubscribeResult } from '@livevote/contracts';
import {
  UnsubscribeQueryDto,
  UnsubscribeRequestDto,
  UnsubscribeResultDto,
} from './reminders.dto';
import { UnsubscribeService } from './unsubscribe.service';
import {
  PAGE_HEADERS,
  unsubscribePagePolicy,
  unsubscribedPage,
} from './unsubscribe-pages';

/** The unsubscribe link of reminder e-mails: public, authorised by its signed token alone. */
@ApiTags('Voter portal')
@Controller('portal/v1/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribes: UnsubscribeService) {}

  @ApiOperation({
    summary: 'Unsubscribe page: asks before changing anything',
    security: [],
  })
  @Get()
  @ApiOkResponse({
    description: 'A page asking to confirm; changes nothing.',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'invalid_unsubscribe_token (a page)' })
  @ApiNotFoundResponse({ description: 'voter_not_found (a page)' })
  async page(
    @Query() query: UnsubscribeQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const page = await this.unsubscribes.unsubscribePage(query.token);
    res.status(page.status).type('html').set(PAGE_HEADERS);
    unsubscribePagePolicy(req, res);
    return page.html;
  }

  /** JSON by default; a browser submitting the confirmation form gets a page. */
  @ApiOperation({
    summary: 'Unsubscribe from reminder e-mails or all e-mail',
    security: [],
  })
  @Post()
  @HttpCode(200)
  @ApiBody({ type: UnsubscribeRequestDto, required: false })
  @ApiOkResponse({ type: UnsubscribeResultDto })
  @ApiBadRequestResponse({ description: 'invalid_unsubscribe_token' })
  @ApiNotFoundResponse({ description: 'voter_not_found' })
  async unsubscribe(
    @Query() query: UnsubscribeQueryDto,
    @Body() _body: UnsubscribeRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UnsubscribeResult | string> {
    const result = await this.unsubscribes.unsubscribe(query.token);
    if (req.accepts(['json', 'html']) !== 'html') return result;
    res.type('html').set(PAGE_HEADERS);
    unsubscribePagePolicy(req, res);
    return unsubscribedPage(result);
  }
}
