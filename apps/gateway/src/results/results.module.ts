import { Global, Module } from '@nestjs/common';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { MatterResults } from './matter-results';
import { QuorumCounter } from './quorum-counter';
import { SignOffController } from './sign-off.controller';
import { SignOffService } from './sign-off.service';

/** Quorum at a start, verdicts at a close, sign-off: the gateway's side of docs/verdicts.md. */
@Global()
@Module({
  imports: [MattersModule, MeetingsModule],
  controllers: [SignOffController],
  providers: [MatterResults, QuorumCounter, SignOffService],
  exports: [MatterResults, QuorumCounter],
})
export class ResultsModule {}
