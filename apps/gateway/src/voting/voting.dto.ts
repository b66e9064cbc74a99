import { createZodDto } from 'nestjs-zod';
import {
  BallotReceipt,
  CastBallotRequest,
  MatterActionRequest,
  OwnBallot,
  RecordBallotRequest,
} from '@livevote/contracts';

export class MatterActionRequestDto extends createZodDto(MatterActionRequest) {}
export class RecordBallotRequestDto extends createZodDto(RecordBallotRequest) {}
export class CastBallotRequestDto extends createZodDto(CastBallotRequest) {}
export class BallotReceiptDto extends createZodDto(BallotReceipt) {}
export class OwnBallotDto extends createZodDto(OwnBallot) {}
