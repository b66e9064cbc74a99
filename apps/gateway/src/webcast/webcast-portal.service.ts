import { Injectable } from '@nestjs/common';
import {
  WEBCAST_REHEARSAL_META_KEY,
  type CastProvider,
  type PortalWebcast,
} from '@livevote/contracts';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { PortalErrorCode, PortalException } from '../portal/portal.exception';
import { WebcastProvider, type RehearsalRoom } from './webcast-provider';
import { WebcastSyncService } from './webcast-sync.service';
import { WebcastRepository } from './webcast.repository';

/** A voter's way into the video room: their personal link, and panelists' rehearsal link. */
@Injectable()
export class WebcastPortalService {
  constructor(
    private readonly meetings: MeetingAccessService,
    private readonly webcasts: WebcastRepository,
    private readonly attendance: WebcastSyncService,
    private readonly provider: WebcastProvider,
  ) {}

  async forVoter(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<PortalWebcast | null> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new PortalException(PortalErrorCode.MeetingNotFound);
    const webcast = await this.webcasts.findForMeeting(meeting.id);
    const row = await this.webcasts.voter(meeting.id, voter.voterId);
    // no video room (or no such voter row yet): nothing, not an error (docs/decisions.md)
    if (!webcast || !row) return null;
    const castProvider = webcast.castProvider as CastProvider;
    const panelist = castProvider === 'video' && row.isPanelist;
    const rehearsal = webcast.meta[WEBCAST_REHEARSAL_META_KEY] as
      RehearsalRoom | undefined;
    return {
      castProvider,
      status: webcast.status as PortalWebcast['status'],
      role: panelist ? 'panelist' : 'attendee',
      joinUrl: await this.attendance.joinUrlFor(meeting.id, voter.voterId),
      personal: this.provider.registersAttendees,
      rehearsal:
        // the people on stage rehearse, whatever the type
        row.isPanelist && rehearsal
          ? {
              at: rehearsal.at,
              duration: rehearsal.duration,
              timezone: rehearsal.timezone,
              joinUrl: rehearsal.joinUrl,
            }
          : null,
    };
  }
}
