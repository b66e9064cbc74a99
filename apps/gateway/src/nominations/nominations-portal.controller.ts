import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Nomination } from '@livevote/contracts';
import type { VoterPrincipal } from '../identity/voter-principal';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import { NominationDto, SubmitNominationRequestDto } from './nominations.dto';
import { NominationsService } from './nominations.service';

/** A member nominates candidates until the deadline, and sees or withdraws its own. */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode/nominations')
export class NominationsPortalController {
  constructor(private readonly nominations: NominationsService) {}

  @ApiOperation({ summary: 'Nominate a candidate' })
  @Post()
  @ApiCreatedResponse({ type: NominationDto })
  submit(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: SubmitNominationRequestDto,
  ): Promise<Nomination> {
    return this.nominations.submit(voter, shortCode, body);
  }

  @ApiOperation({ summary: "The member's own nominations" })
  @Get()
  @ApiOkResponse({ type: [NominationDto] })
  own(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<Nomination[]> {
    return this.nominations.own(voter, shortCode);
  }

  @ApiOperation({ summary: 'Withdraw one of the member’s nominations' })
  @Delete(':nominationKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  withdraw(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('nominationKey') nominationKey: string,
  ): Promise<void> {
    return this.nominations.withdraw(voter, shortCode, nominationKey);
  }
}
