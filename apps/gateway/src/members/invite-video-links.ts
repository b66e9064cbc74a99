import { Injectable, Logger } from '@nestjs/common';

type Source = (meetingId: string, voterId: string) => Promise<string | null>;

/**
 * Where an invite finds the voter's own link into the video room: the webcast module provides
 * it (docs/webcast.md). Without one, or when it fails, the invite goes without the link.
 */
@Injectable()
export class InviteVideoLinks {
  private readonly logger = new Logger('InviteVideoLinks');
  private source: Source | null = null;

  provide(source: Source): void {
    if (this.source) throw new Error('invite video links have two sources');
    this.source = source;
  }

  async forVoter(meetingId: string, voterId: string): Promise<string | null> {
    if (!this.source) return null;
    try {
      return await this.source(meetingId, voterId);
    } catch (error) {
      this.logger.warn(`no video link for voter ${voterId}: ${String(error)}`);
      return null;
    }
  }
}
