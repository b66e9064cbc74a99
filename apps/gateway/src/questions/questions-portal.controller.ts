import { PortalReaderOf, type PortalReader } from '../common/reader-language';
import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { OwnQuestion, OwnQuestions } from '@livevote/contracts';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../identity/voter-principal';
import {
  AskQuestionRequestDto,
  OwnQuestionDto,
  OwnQuestionsDto,
} from './questions.dto';
import { QuestionsService } from './questions.service';

/** A voter asks, and sees their own questions with the replies. */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode/questions')
export class QuestionsPortalController {
  constructor(private readonly questions: QuestionsService) {}

  @ApiOperation({ summary: 'Ask a question' })
  @Post()
  @ApiCreatedResponse({ type: OwnQuestionDto })
  ask(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: AskQuestionRequestDto,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<OwnQuestion> {
    return this.questions.ask(voter, shortCode, body, reader);
  }

  @ApiOperation({ summary: "The voter's questions with their replies" })
  @Get()
  @ApiOkResponse({ type: OwnQuestionsDto })
  own(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<OwnQuestions> {
    return this.questions.own(voter, shortCode, reader);
  }
}
