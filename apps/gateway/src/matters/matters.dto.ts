import { createZodDto } from 'nestjs-zod';
import {
  CreateMatterRequest,
  Matter,
  MatterTallyRow,
  MatterVoterRecord,
  MatterVotersQuery,
  NotVotedQuery,
  NotVotedUnit,
  UpdateMatterRequest,
} from '@livevote/contracts';

export class MatterDto extends createZodDto(Matter) {}
export class CreateMatterRequestDto extends createZodDto(CreateMatterRequest) {}
export class UpdateMatterRequestDto extends createZodDto(UpdateMatterRequest) {}
export class MatterTallyRowDto extends createZodDto(MatterTallyRow) {}
export class MatterVoterRecordDto extends createZodDto(MatterVoterRecord) {}
export class NotVotedQueryDto extends createZodDto(NotVotedQuery) {}
export class NotVotedUnitDto extends createZodDto(NotVotedUnit) {}
export class MatterVotersQueryDto extends createZodDto(MatterVotersQuery) {}
