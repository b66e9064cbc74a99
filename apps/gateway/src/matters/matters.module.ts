import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { MattersController } from './matters.controller';
import { MattersRepository } from './matters.repository';
import { MattersService } from './matters.service';

@Module({
  imports: [ResultsModule, MeetingsModule],
  controllers: [MattersController],
  providers: [MattersRepository, MattersService],
  exports: [MattersRepository, MattersService],
})
export class MattersModule {}
