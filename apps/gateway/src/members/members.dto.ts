import { createZodDto } from 'nestjs-zod';
import {
  CreateMemberRequest,
  CreateVoterRequest,
  ImportMembersQuery,
  ImportMembersResponse,
  ListMembersQuery,
  Member,
  UpdateMemberRequest,
  UpdateVoterRequest,
  Voter,
} from '@livevote/contracts';

export class MemberDto extends createZodDto(Member) {}
export class VoterDto extends createZodDto(Voter) {}
export class CreateMemberRequestDto extends createZodDto(CreateMemberRequest) {}
export class UpdateMemberRequestDto extends createZodDto(UpdateMemberRequest) {}
export class ListMembersQueryDto extends createZodDto(ListMembersQuery) {}
export class CreateVoterRequestDto extends createZodDto(CreateVoterRequest) {}
export class UpdateVoterRequestDto extends createZodDto(UpdateVoterRequest) {}
export class ImportMembersQueryDto extends createZodDto(ImportMembersQuery) {}
export class ImportMembersResponseDto extends createZodDto(
  ImportMembersResponse,
) {}
