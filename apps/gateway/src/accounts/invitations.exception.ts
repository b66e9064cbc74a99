import { ApiException } from '../common/api-exception';

export enum InvitationErrorCode {
  InvitationPending = 'invitation_pending',
  InvitationNotFound = 'invitation_not_found',
  InvitationExpired = 'invitation_expired',
  InvitationUsed = 'invitation_used',
  InvitationRevoked = 'invitation_revoked',
  MailNotSent = 'mail_not_sent',
}

function statusOf(code: InvitationErrorCode): number {
  switch (code) {
    case InvitationErrorCode.InvitationPending:
      return 409;
    case InvitationErrorCode.InvitationNotFound:
      return 404;
    case InvitationErrorCode.InvitationExpired:
    case InvitationErrorCode.InvitationUsed:
    case InvitationErrorCode.InvitationRevoked:
      return 410;
    case InvitationErrorCode.MailNotSent:
      return 502;
  }
}

export class InvitationException extends ApiException {
  constructor(code: InvitationErrorCode) {
    super(statusOf(code), code);
  }
}
