import { Injectable } from '@nestjs/common';
import { MeetingChangeListeners } from '../common/meeting-change-listeners';

/**
 * Who wants to hear that a meeting's voters changed (added, removed, renamed, made panelists):
 * the webcast keeps its provider's panelists and registrants in step (docs/webcast.md).
 */
@Injectable()
export class VoterChanges extends MeetingChangeListeners {
  constructor() {
    super('VoterChanges', 'voters');
  }
}
