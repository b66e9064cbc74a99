import { createZodDto } from 'nestjs-zod';
import {
  OwnBallots,
  PortalEntry,
  PortalMeeting,
  PortalRegisterRequest,
  PortalSessionRequest,
  PortalSessionResponse,
  PortalVoter,
  PortalVoterUpdate,
} from '@livevote/contracts';

export class PortalSessionRequestDto extends createZodDto(
  PortalSessionRequest,
) {}
export class PortalRegisterRequestDto extends createZodDto(
  PortalRegisterRequest,
) {}
export class PortalSessionResponseDto extends createZodDto(
  PortalSessionResponse,
) {}
export class PortalMeetingDto extends createZodDto(PortalMeeting) {}
export class OwnBallotsDto extends createZodDto(OwnBallots) {}
export class PortalEntryDto extends createZodDto(PortalEntry) {}
export class PortalVoterDto extends createZodDto(PortalVoter) {}
export class PortalVoterUpdateDto extends createZodDto(PortalVoterUpdate) {}
