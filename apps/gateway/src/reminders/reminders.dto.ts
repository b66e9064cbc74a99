import { createZodDto } from 'nestjs-zod';
import {
  UnsubscribeQuery,
  UnsubscribeRequest,
  UnsubscribeResult,
} from '@livevote/contracts';

export class UnsubscribeQueryDto extends createZodDto(UnsubscribeQuery) {}
export class UnsubscribeResultDto extends createZodDto(UnsubscribeResult) {}
export class UnsubscribeRequestDto extends createZodDto(UnsubscribeRequest) {}
