import { createZodDto } from 'nestjs-zod';
import {
  AskQuestionRequest,
  ListQuestionsQuery,
  ModerateQuestionRequest,
  OwnQuestion,
  OwnQuestions,
  Question,
} from '@livevote/contracts';

export class AskQuestionRequestDto extends createZodDto(AskQuestionRequest) {}
export class ModerateQuestionRequestDto extends createZodDto(
  ModerateQuestionRequest,
) {}
export class ListQuestionsQueryDto extends createZodDto(ListQuestionsQuery) {}
export class QuestionDto extends createZodDto(Question) {}
export class OwnQuestionDto extends createZodDto(OwnQuestion) {}
export class OwnQuestionsDto extends createZodDto(OwnQuestions) {}
