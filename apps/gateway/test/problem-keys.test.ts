import { translator } from '@livevote/i18n';
import { describe, expect, it } from 'vitest';
import {
  AccountErrorCode,
  AccountException,
} from '../src/accounts/accounts.exception';
import {
  CheckInErrorCode,
  CheckInException,
} from '../src/check-ins/check-ins.exception';
import { ApiException } from '../src/common/api-exception';
import { DatabaseUnavailableException } from '../src/database/availability';
import {
  DocumentErrorCode,
  DocumentException,
} from '../src/documents/documents.exception';
import {
  FloorErrorCode,
  FloorException,
} from '../src/floor/floor-ballots.exception';
import { AuthErrorCode, AuthException } from '../src/identity/auth.exception';
import {
  MatterErrorCode,
  MatterException,
} from '../src/matters/matters.exception';
import { MeetingNotFoundException } from '../src/meetings/meeting-access.service';
import {
  InviteErrorCode,
  InviteException,
} from '../src/members/invites.service';
import {
  MeetingErrorCode,
  MeetingException,
} from '../src/meetings/meetings.exception';
import {
  MemberErrorCode,
  MemberException,
  MembersImportException,
} from '../src/members/members.exception';
import {
  NominationErrorCode,
  NominationException,
} from '../src/nominations/nominations.exception';
import {
  PortalErrorCode,
  PortalException,
} from '../src/portal/portal.exception';
import {
  ProxyErrorCode,
  ProxyException,
} from '../src/proxies/proxies.exception';
import {
  QuestionErrorCode,
  QuestionException,
} from '../src/questions/questions.exception';
import {
  RemindersErrorCode,
  RemindersException,
} from '../src/reminders/reminders.exception';
import {
  ReportErrorCode,
  ReportException,
} from '../src/report/report.exception';
import {
  ResultsErrorCode,
  ResultsException,
} from '../src/results/results.exception';
import {
  ScreenTokenErrorCode,
  ScreenTokenException,
} from '../src/screens/screen-tokens.exception';
import {
  VerifiabilityErrorCode,
  VerifiabilityException,
} from '../src/verifiability/verifiability.exception';
import { InvalidIdempotencyKeyException } from '../src/ballots/idempotency-key';
import {
  VotingErrorCode,
  VotingException,
} from '../src/voting/voting.exception';
import {
  WebcastErrorCode,
  WebcastException,
} from '../src/webcast/webcast.exception';

function every<C extends string>(
  codes: Record<string, C>,
  make: (code: C) => ApiException,
): ApiException[] {
  return Object.values(codes).map(make);
}

/** Every problem an exception class can raise, as the catalog key ApiException derives. */
const exceptions: ApiException[] = [
  ...every(AccountErrorCode, (code) => new AccountException(code)),
  ...every(CheckInErrorCode, (code) => new CheckInException(code)),
  ...every(DocumentErrorCode, (code) => new DocumentException(code)),
  ...every(FloorErrorCode, (code) => new FloorException(code)),
  ...every(AuthErrorCode, (code) => new AuthException(code)),
  ...every(MatterErrorCode, (code) => new MatterException(code)),
  ...every(MeetingErrorCode, (code) => new MeetingException(code)),
  ...every(MemberErrorCode, (code) => new MemberException(code)),
  ...every(InviteErrorCode, (code) => new InviteException(code)),
  ...every(NominationErrorCode, (code) => new NominationException(code)),
  ...every(PortalErrorCode, (code) => new PortalException(code)),
  ...every(ProxyErrorCode, (code) => new ProxyException(code)),
  ...every(QuestionErrorCode, (code) => new QuestionException(code)),
  ...every(RemindersErrorCode, (code) => new RemindersException(code)),
  ...every(ReportErrorCode, (code) => new ReportException(code)),
  ...every(ResultsErrorCode, (code) => new ResultsException(code)),
  ...every(ScreenTokenErrorCode, (code) => new ScreenTokenException(code)),
  ...every(VerifiabilityErrorCode, (code) => new VerifiabilityException(code)),
  ...every(VotingErrorCode, (code) => new VotingException(code)),
  ...every(WebcastErrorCode, (code) => new WebcastException(code)),
  new MembersImportException([]),
  new DatabaseUnavailableException(),
  new MeetingNotFoundException(),
  new InvalidIdempotencyKeyException(),
  // what a live socket closed for flooding is told (live/live.gateway.ts)
  new ApiException(429, 'rate_limited', { variant: 'packets' }),
];

describe('Problem catalog keys', () => {
  it('derives problems.<code> or problems.<code>_<variant> from the code', () => {
    expect(new MemberException(MemberErrorCode.UnitTaken).text?.key).toBe(
      'problems.unit_taken',
    );
    expect(new MemberException(MemberErrorCode.CsvRequired).text?.key).toBe(
      'problems.unsupported_media_type_csv',
    );
    expect(
      new ResultsException(ResultsErrorCode.AnotherMatterLive, {
        variant: 'named',
        values: { name: 'Budget' },
      }).message,
    ).toContain('Budget');
    expect(new ApiException(400, 'weak_password', 'As written.').text).toBe(
      undefined,
    );
  });

  it.each(['en', 'fr'] as const)(
    'finds every exception’s text in the %s catalog',
    (lng) => {
      const t = translator(lng);
      const missing = exceptions
        .map((exception) => exception.text!.key)
        // a count, for the plural texts (import_invalid_one, _other)
        .filter((key) => t(key, { count: 2 }) === key);
      expect(missing).toEqual([]);
      expect(exceptions.length).toBeGreaterThan(100);
    },
  );
});
