import { Injectable } from '@nestjs/common';
import { MeetingChangeListeners } from '../common/meeting-change-listeners';

/**
 * Who wants to hear that a meeting's name, date, duration or time zone changed: the webcast
 * moves its session at the provider (docs/webcast.md).
 */
@Injectable()
export class MeetingScheduleChanges extends MeetingChangeListeners {
  constructor() {
    super('MeetingScheduleChanges', 'schedule');
  }
}
