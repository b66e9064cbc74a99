import { createZodDto } from 'nestjs-zod';
import {
  CreateMeetingRequest,
  ListMeetingsQuery,
  Meeting,
  MeetingSettings,
  ConnectedVoters,
  MeetingStats,
  PatchMeetingRequest,
  PatchMeetingSettingsRequest,
} from '@livevote/contracts';

export class CreateMeetingRequestDto extends createZodDto(
  CreateMeetingRequest,
) {}
export class PatchMeetingRequestDto extends createZodDto(PatchMeetingRequest) {}
export class ListMeetingsQueryDto extends createZodDto(ListMeetingsQuery) {}
export class MeetingDto extends createZodDto(Meeting) {}
export class MeetingSettingsDto extends createZodDto(MeetingSettings) {}
export class PatchMeetingSettingsRequestDto extends createZodDto(
  PatchMeetingSettingsRequest,
) {}
export class MeetingStatsDto extends createZodDto(MeetingStats) {}
export class ConnectedVotersDto extends createZodDto(ConnectedVoters) {}
