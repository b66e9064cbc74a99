import { ApiException } from '../common/api-exception';

export enum QuestionErrorCode {
  QuestionNotFound = 'question_not_found',
  MeetingNotFound = 'meeting_not_found',
  UnknownCategory = 'unknown_category',
  QuestionsClosed = 'questions_closed',
  NotApproved = 'question_not_approved',
  RateLimited = 'rate_limited',
}

function describe(code: QuestionErrorCode): [number, string] {
  switch (code) {
    case QuestionErrorCode.QuestionNotFound:
      return [404, 'Question not found.'];
    case QuestionErrorCode.MeetingNotFound:
      return [404, 'Meeting not found.'];
    case QuestionErrorCode.UnknownCategory:
      return [400, 'That is not one of the meeting’s question categories.'];
    case QuestionErrorCode.QuestionsClosed:
      return [409, 'The meeting is over; it takes no more questions.'];
    case QuestionErrorCode.NotApproved:
      return [
        409,
        'Only an approved or answered question goes on the big screen.',
      ];
    case QuestionErrorCode.RateLimited:
      return [429, 'Too many questions at once; try again in a minute.'];
  }
}

export class QuestionException extends ApiException {
  constructor(code: QuestionErrorCode, headers: Record<string, string> = {}) {
    const [status, message] = describe(code);
    super(status, code, message, headers);
  }
}
