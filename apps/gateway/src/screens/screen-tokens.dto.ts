import { createZodDto } from 'nestjs-zod';
import { ScreenTokenResponse, ScreenTokenSummary } from '@livevote/contracts';

export class ScreenTokenResponseDto extends createZodDto(ScreenTokenResponse) {}
export class ScreenTokenSummaryDto extends createZodDto(ScreenTokenSummary) {}
