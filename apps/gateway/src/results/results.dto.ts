import { createZodDto } from 'nestjs-zod';
import {
  MatterResult,
  NameScrutineersRequest,
  SignOffStatus,
  TieBreakRequest,
} from '@livevote/contracts';

export class MatterResultDto extends createZodDto(MatterResult) {}
export class SignOffStatusDto extends createZodDto(SignOffStatus) {}
export class NameScrutineersRequestDto extends createZodDto(
  NameScrutineersRequest,
) {}
export class TieBreakRequestDto extends createZodDto(TieBreakRequest) {}
