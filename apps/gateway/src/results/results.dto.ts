import { createZodDto } from 'nestjs-zod';
import {
  MatterResult,
  NameScrutineersRequest,
  SignOffStatus,
} from '@livevote/contracts';

export class MatterResultDto extends createZodDto(MatterResult) {}
export class SignOffStatusDto extends createZodDto(SignOffStatus) {}
export class NameScrutineersRequestDto extends createZodDto(
  NameScrutineersRequest,
) {}
