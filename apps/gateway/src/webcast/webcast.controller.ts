import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Webcast, WebcastLaunch } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  PutWebcastRequestDto,
  WebcastDto,
  WebcastLaunchDto,
} from './webcast.dto';
import { WebcastService } from './webcast.service';

@ApiTags('Webcast')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/webcast')
export class WebcastController {
  constructor(private readonly webcast: WebcastService) {}

  @ApiOperation({ summary: "Get a meeting's webcast" })
  @Get()
  @ApiOkResponse({ type: WebcastDto })
  @ApiNoContentResponse({
    description: 'No webcast set up yet: nothing, not an error',
  })
  async get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Res() res: Response,
  ): Promise<void> {
    const webcast = await this.webcast.find(manager.userId, shortCode);
    if (webcast) res.json(webcast);
    else res.status(204).end();
  }

  @ApiOperation({ summary: "Set a meeting's webcast" })
  @Put()
  @ApiCreatedResponse({ type: WebcastDto, description: 'Created.' })
  @ApiOkResponse({ type: WebcastDto, description: 'Changed.' })
  async put(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: PutWebcastRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Webcast> {
    const { webcast, created } = await this.webcast.put(
      manager.userId,
      shortCode,
      body,
    );
    res.status(created ? 201 : 200);
    return webcast;
  }

  @ApiOperation({ summary: 'Launch the webcast for the host' })
  @Post('launch')
  @HttpCode(200)
  @ApiOkResponse({ type: WebcastLaunchDto })
  launch(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<WebcastLaunch> {
    return this.webcast.launch(manager.userId, shortCode);
  }
}
