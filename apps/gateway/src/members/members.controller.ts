import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { ImportMembersResponse, Member } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  CreateMemberRequestDto,
  ImportMembersQueryDto,
  ImportMembersResponseDto,
  ListMembersQueryDto,
  MemberDto,
  UpdateMemberRequestDto,
} from './members.dto';
import { MembersImportService } from './members-import.service';
import { MembersService } from './members.service';

@ApiTags('Members')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/members')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly importer: MembersImportService,
  ) {}

  @ApiOperation({ summary: 'Add a member' })
  @Post()
  @ApiCreatedResponse({ type: MemberDto })
  create(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: CreateMemberRequestDto,
  ): Promise<Member> {
    return this.members.create(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: "List a meeting's members" })
  @ClerkMay()
  @Get()
  @ApiOkResponse({
    type: [MemberDto],
    headers: {
      'X-Total-Count': {
        description: 'Members matching searchText and filters',
        schema: { type: 'integer' },
      },
    },
  })
  async list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ListMembersQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Member[]> {
    const page = await this.members.list(manager.userId, shortCode, query);
    response.setHeader('X-Total-Count', String(page.total));
    return page.members;
  }

  @ApiOperation({ summary: 'Import members and voters from CSV' })
  @Post('import')
  @HttpCode(200)
  @ApiConsumes('text/csv')
  @ApiBody({
    description:
      'Header row of member fields (unit required; shares, eligible, controlNumber, tags separated by ";", mailAddress1, mailAddress2, mailCity, mailProv, mailPostal, mailCountry) plus voterName, voterEmail; one row per voter.',
    schema: { type: 'string' },
  })
  @ApiOkResponse({ type: ImportMembersResponseDto })
  import(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ImportMembersQueryDto,
    @Body() body: unknown,
  ): Promise<ImportMembersResponse> {
    return this.importer.import(manager.userId, shortCode, body, query.dryRun);
  }

  @ApiOperation({ summary: 'Get a member' })
  @ClerkMay()
  @Get(':memberKey')
  @ApiOkResponse({ type: MemberDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
  ): Promise<Member> {
    return this.members.get(manager.userId, shortCode, memberKey);
  }

  @ApiOperation({ summary: 'Edit a member' })
  @Patch(':memberKey')
  @ApiOkResponse({ type: MemberDto })
  update(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Body() body: UpdateMemberRequestDto,
  ): Promise<Member> {
    return this.members.update(manager.userId, shortCode, memberKey, body);
  }

  @ApiOperation({ summary: 'Remove a member' })
  @Delete(':memberKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
  ): Promise<void> {
    return this.members.remove(manager.userId, shortCode, memberKey);
  }
}
