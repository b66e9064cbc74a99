import { Logger } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { MeetingChangeListeners } from './meeting-change-listeners';

/** A registry of one kind of change, as meetings/ and members/ declare theirs. */
class Changes extends MeetingChangeListeners {
  constructor(what: string) {
    super(Changes.name, what);
  }
}

describe('MeetingChangeListeners', () => {
  // a spec here imports no other folder: common/ depends on none (test/folder-graph.test.ts)
  it.each([
    ['voters', () => new Changes('voters')],
    ['schedule', () => new Changes('schedule')],
  ])(
    'tells every listener of %s in turn; one that fails is logged and holds up no other',
    async (what, make) => {
      const warn = vi
        .spyOn(Logger.prototype, 'warn')
        .mockImplementation(() => undefined);
      const registry = make();
      const told: string[] = [];
      registry.subscribe(async (meetingId) => {
        told.push(`first ${meetingId}`);
        throw new Error('provider down');
      });
      registry.subscribe(async (meetingId) => {
        told.push(`second ${meetingId}`);
      });
      await expect(registry.changed('m-1')).resolves.toBeUndefined();
      expect(told).toEqual(['first m-1', 'second m-1']);
      expect(warn).toHaveBeenCalledWith(
        `a listener of meeting m-1's ${what} failed: Error: provider down`,
      );
      warn.mockRestore();
    },
  );
});
