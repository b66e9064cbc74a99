import { Injectable } from '@nestjs/common';
import type { ScreenQuestion } from '@livevote/contracts';

type Source = (meetingId: string) => Promise<ScreenQuestion | null>;

/**
 * The question on a meeting's big screen, for the live snapshot: questions/ provides it, live/
 * asks for it, and neither imports the other (docs/architecture.md, "The modules").
 */
@Injectable()
export class ScreenQuestionsRegistry {
  private source?: Source;

  provide(source: Source): void {
    this.source = source;
  }

  current(meetingId: string): Promise<ScreenQuestion | null> {
    return this.source ? this.source(meetingId) : Promise.resolve(null);
  }
}
