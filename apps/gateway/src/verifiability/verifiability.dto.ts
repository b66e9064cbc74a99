import { createZodDto } from 'nestjs-zod';
import {
  AuditQuery,
  EmailReceiptResponse,
  PublishedCount,
  ReceiptList,
  ReceiptStatus,
} from '@livevote/contracts';

export class AuditQueryDto extends createZodDto(AuditQuery) {}
export class EmailReceiptResponseDto extends createZodDto(
  EmailReceiptResponse,
) {}
export class PublishedCountDto extends createZodDto(PublishedCount) {}
export class ReceiptListDto extends createZodDto(ReceiptList) {}
export class ReceiptStatusDto extends createZodDto(ReceiptStatus) {}
