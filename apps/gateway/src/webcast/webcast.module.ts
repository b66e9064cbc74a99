import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module';

@Module({ imports: [MeetingsModule] })
export class WebcastModule {}
