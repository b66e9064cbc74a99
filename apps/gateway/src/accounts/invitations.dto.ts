import { createZodDto } from 'nestjs-zod';
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  CreateInvitationRequest,
  InspectInvitationRequest,
  InspectInvitationResponse,
  Invitation,
  ListInvitationsQuery,
} from '@livevote/contracts';

export class CreateInvitationRequestDto extends createZodDto(
  CreateInvitationRequest,
) {}
export class InvitationDto extends createZodDto(Invitation) {}
export class ListInvitationsQueryDto extends createZodDto(
  ListInvitationsQuery,
) {}
export class AcceptInvitationRequestDto extends createZodDto(
  AcceptInvitationRequest,
) {}
export class AcceptInvitationResponseDto extends createZodDto(
  AcceptInvitationResponse,
) {}
export class InspectInvitationRequestDto extends createZodDto(
  InspectInvitationRequest,
) {}
export class InspectInvitationResponseDto extends createZodDto(
  InspectInvitationResponse,
) {}
