import { createZodDto } from 'nestjs-zod';
import {
  ListNominationsQuery,
  Nomination,
  RejectNominationRequest,
  SubmitNominationRequest,
} from '@livevote/contracts';

export class SubmitNominationRequestDto extends createZodDto(
  SubmitNominationRequest,
) {}
export class RejectNominationRequestDto extends createZodDto(
  RejectNominationRequest,
) {}
export class ListNominationsQueryDto extends createZodDto(
  ListNominationsQuery,
) {}
export class NominationDto extends createZodDto(Nomination) {}
