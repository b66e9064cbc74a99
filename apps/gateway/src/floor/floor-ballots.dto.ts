import { createZodDto } from 'nestjs-zod';
import {
  FloorBallotRequest,
  FloorBallotResponse,
  PendingFloorBallot,
} from '@livevote/contracts';

export class FloorBallotRequestDto extends createZodDto(FloorBallotRequest) {}
export class FloorBallotResponseDto extends createZodDto(FloorBallotResponse) {}
export class PendingFloorBallotDto extends createZodDto(PendingFloorBallot) {}
