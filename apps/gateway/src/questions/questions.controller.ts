import {
  Body,
  Controller,
  Get,
  Param,
  Patch,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Question } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  ListQuestionsQueryDto,
  ModerateQuestionRequestDto,
  QuestionDto,
} from './questions.dto';
import { QuestionsService } from './questions.service';

/** The chair's moderated queue (docs/hybrid-meetings.md, "Questions"). */
@ApiTags('Questions')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @ApiOperation({ summary: "The chair's question queue" })
  @Get()
  @ApiOkResponse({ type: [QuestionDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ListQuestionsQueryDto,
  ): Promise<Question[]> {
    return this.questions.list(manager.userId, shortCode, query);
  }

  @ApiOperation({ summary: 'Moderate or answer a question' })
  @Patch(':questionKey')
  @ApiOkResponse({ type: QuestionDto })
  moderate(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('questionKey') questionKey: string,
    @Body() body: ModerateQuestionRequestDto,
  ): Promise<Question> {
    return this.questions.moderate(
      manager.userId,
      shortCode,
      questionKey,
      body,
    );
  }
}
