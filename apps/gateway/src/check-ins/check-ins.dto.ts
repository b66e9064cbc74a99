import { createZodDto } from 'nestjs-zod';
import {
  CheckInList,
  CheckInRequest,
  CheckInResult,
  PortalCheckInCode,
  PortalRsvp,
  RsvpRequest,
} from '@livevote/contracts';

export class CheckInRequestDto extends createZodDto(CheckInRequest) {}
export class CheckInResultDto extends createZodDto(CheckInResult) {}
export class CheckInListDto extends createZodDto(CheckInList) {}
export class RsvpRequestDto extends createZodDto(RsvpRequest) {}
export class PortalRsvpDto extends createZodDto(PortalRsvp) {}
export class PortalCheckInCodeDto extends createZodDto(PortalCheckInCode) {}
