import { ApiException } from '../common/api-exception';

export enum QuestionErrorCode {
  QuestionNotFound = 'question_not_found',
  MeetingNotFound = 'meeting_not_found',
  UnknownCategory = 'unknown_category',
  QuestionsClosed = 'questions_closed',
  NotApproved = 'question_not_approved',
  RateLimited = 'rate_limited',
  TooManyQuestions = 'too_many_questions',
  QuestionQueueFull = 'question_queue_full',
}

function describe(code: QuestionErrorCode): [status: number, variant?: string] {
  switch (code) {
    case QuestionErrorCode.QuestionNotFound:
      return [404];
    case QuestionErrorCode.MeetingNotFound:
      return [404];
    case QuestionErrorCode.UnknownCategory:
      return [400];
    case QuestionErrorCode.QuestionsClosed:
      return [409];
    case QuestionErrorCode.NotApproved:
      return [409];
    case QuestionErrorCode.RateLimited:
      return [429, 'questions'];
    case QuestionErrorCode.TooManyQuestions:
      return [429];
    case QuestionErrorCode.QuestionQueueFull:
      return [429];
  }
}

export class QuestionException extends ApiException {
  constructor(code: QuestionErrorCode, headers: Record<string, string> = {}) {
    const [status, variant] = describe(code);
    super(status, code, { variant }, headers);
  }
}
