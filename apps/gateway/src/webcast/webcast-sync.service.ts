import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { SingleFlight } from '../common/single-flight';
import {
  WebcastProvider,
  WebcastProviderError,
  type ProviderAttendee,
} from './webcast-provider';
import { WebcastSyncQueue } from './webcast-sync.queue';
import { roomRefOf, webcastMeetingInfo } from './webcast.mapper';
import {
  WebcastRepository,
  type WebcastAttendeeRow,
  type WebcastRow,
  type WebcastVoterRow,
} from './webcast.repository';

type Role = WebcastAttendeeRow['role'];

/** How long a voter the provider refused is not registered on the spot again. */
const ON_THE_SPOT_PAUSE_MS = 60_000;

/**
 * Brings the provider's panelists and registrants in line with the meeting's voters
 * (docs/webcast.md): a webinar seats `isPanelist` voters as panelists and registers everyone
 * else; a meeting registers everyone. It reads what is wanted afresh each run, so it is
 * idempotent; a voter the provider refuses does not hold up the others, and the run fails
 * afterwards so the queue retries it.
 */
@Injectable()
export class WebcastSyncService {
  private readonly logger = new Logger('WebcastSync');
  /**
   * On-the-spot registrations (joinUrlFor) under way, and those the provider lately refused,
   * by webcast and voter: a voter's repeated asks (the portal's polling, a flood) share one
   * request, and after a refusal wait ON_THE_SPOT_PAUSE_MS while the sync queue keeps trying.
   */
  private readonly registering = new SingleFlight<string, string | null>();
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly webcasts: WebcastRepository,
    private readonly provider: WebcastProvider,
    private readonly queue: WebcastSyncQueue,
    private readonly clock: Clock,
  ) {
    // before the queue's onModuleInit checks that every job has a handler
    queue.onSync(({ webcastId }) => this.sync(webcastId));
  }

  async sync(webcastId: string): Promise<void> {
    if (!this.provider.registersAttendees) return;
    const webcast = await this.webcasts.findById(webcastId);
    if (!webcast) return;
    // the session follows the meeting's name, date, duration and time zone
    const meeting = await this.webcasts.meetingOf(webcast.meetingId);
    if (meeting) {
      const room = await this.provider.reschedule(
        roomRefOf(webcast),
        webcastMeetingInfo(meeting),
      );
      if (room)
        await this.webcasts.setRoom(
          webcast.id,
          webcast.castId,
          room,
          this.clock.now(),
        );
    }
    const voters = await this.webcasts.votersOf(webcast.meetingId);
    const rows = await this.webcasts.attendees(webcast.id);
    const webinar = webcast.castProvider === 'video';
    const roleOf = (voter: WebcastVoterRow): Role =>
      webinar && voter.isPanelist ? 'panelist' : 'attendee';
    const byId = new Map(voters.map((voter) => [voter.id, voter]));
    const failures: unknown[] = [];
    const attempt = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        if (!(error instanceof WebcastProviderError)) throw error;
        failures.push(error);
      }
    };

    // who the provider knows in a way no longer wanted: removed there first
    const wantedPanelists = new Set(
      voters
        .filter((voter) => roleOf(voter) === 'panelist')
        .map((voter) => voter.email.toLowerCase()),
    );
    const kept = new Set<string>();
    for (const row of rows) {
      const voter = row.voterId ? byId.get(row.voterId) : undefined;
      if (
        voter &&
        roleOf(voter) === row.role &&
        voter.email.toLowerCase() === row.email.toLowerCase()
      ) {
        kept.add(voter.id);
        continue;
      }
      await attempt(async () => {
        if (row.role === 'attendee')
          await this.provider.unregister(roomRefOf(webcast), row.providerId);
        else if (!wantedPanelists.has(row.email.toLowerCase()))
          await this.provider.removePanelist(
            roomRefOf(webcast),
            row.providerId,
          );
        await this.webcasts.deleteAttendee(row.id);
      });
    }

    if (webinar) await attempt(() => this.seatPanelists(webcast, voters, kept));

    // the rest registered in the provider's batches (Zoom: 30 a request)
    const unregistered = voters.filter(
      (voter) => !kept.has(voter.id) && roleOf(voter) === 'attendee',
    );
    const size = Math.max(1, this.provider.registerBatchSize);
    for (let from = 0; from < unregistered.length; from += size) {
      const batch = unregistered.slice(from, from + size);
      await attempt(async () => {
        const answers = await this.provider.registerMany(
          roomRefOf(webcast),
          batch.map(({ name, email }) => ({ name, email })),
        );
        for (const [index, voter] of batch.entries()) {
          const answer = answers[index];
          if (answer instanceof WebcastProviderError) failures.push(answer);
          else if (answer) await this.save(webcast, voter, 'attendee', answer);
        }
      });
    }
    if (failures.length)
      throw new Error(
        `${failures.length} provider request(s) failed, the first: ${String(failures[0])}`,
      );
  }

  /** Adds the panelists the webinar lacks, then keeps each one's id and link. */
  private async seatPanelists(
    webcast: WebcastRow,
    voters: WebcastVoterRow[],
    kept: Set<string>,
  ): Promise<void> {
    const panelists = voters.filter((voter) => voter.isPanelist);
    const ref = roomRefOf(webcast);
    let seated = await this.provider.listPanelists(ref);
    const known = (list: ProviderAttendee[]) =>
      new Map(list.map((p) => [p.email.toLowerCase(), p]));
    const missing = panelists.filter(
      (voter) => !known(seated).has(voter.email.toLowerCase()),
    );
    if (missing.length) {
      await this.provider.addPanelists(
        ref,
        missing.map(({ name, email }) => ({ name, email })),
      );
      seated = await this.provider.listPanelists(ref);
    }
    const byEmail = known(seated);
    for (const voter of panelists) {
      const panelist = byEmail.get(voter.email.toLowerCase());
      if (!panelist) {
        this.logger.warn(
          `webcast ${webcast.id}: the provider did not seat voter ${voter.id} as a panelist`,
        );
        continue;
      }
      if (!kept.has(voter.id) || missing.includes(voter))
        await this.save(webcast, voter, 'panelist', panelist);
    }
  }

  private save(
    webcast: WebcastRow,
    voter: WebcastVoterRow,
    role: Role,
    at: ProviderAttendee,
  ): Promise<void> {
    return this.webcasts.saveAttendee(
      {
        webcastId: webcast.id,
        voterId: voter.id,
        email: voter.email,
        role,
        providerId: at.providerId,
        joinUrl: at.joinUrl,
      },
      this.clock.now(),
    );
  }

  /**
   * The voter's personal link, registering the voter now when the sync has not yet: what an
   * invite sent right after a voter was added carries. Null without a webcast, or when the
   * provider has no personal links or could not be reached (the portal shows it later).
   */
  async joinUrlFor(meetingId: string, voterId: string): Promise<string | null> {
    const webcast = await this.webcasts.findForMeeting(meetingId);
    if (!webcast) return null;
    if (!this.provider.registersAttendees)
      return this.provider.sharedJoinUrl(roomRefOf(webcast));
    const row = await this.webcasts.attendee(webcast.id, voterId);
    if (row) return row.joinUrl;
    const voter = await this.webcasts.voter(meetingId, voterId);
    if (!voter || (webcast.castProvider === 'video' && voter.isPanelist))
      return null;
    const key = `${webcast.id} ${voter.id}`;
    const pausedUntil = this.refusedUntil.get(key);
    if (pausedUntil !== undefined) {
      if (pausedUntil > this.clock.nowMs()) return null;
      // a pause that ended is forgotten, so the map holds only pauses under way
      this.refusedUntil.delete(key);
    }
    return this.registering.run(
      key,
      () => this.registerNow(webcast, voter, key),
      () => undefined,
    );
  }

  private async registerNow(
    webcast: WebcastRow,
    voter: WebcastVoterRow,
    key: string,
  ): Promise<string | null> {
    try {
      const registrant = await this.provider.register(roomRefOf(webcast), {
        name: voter.name,
        email: voter.email,
      });
      await this.save(webcast, voter, 'attendee', registrant);
      this.refusedUntil.delete(key);
      return registrant.joinUrl;
    } catch (error) {
      if (!(error instanceof WebcastProviderError)) throw error;
      const now = this.clock.nowMs();
      for (const [other, until] of this.refusedUntil)
        if (until <= now) this.refusedUntil.delete(other);
      this.refusedUntil.set(key, now + ON_THE_SPOT_PAUSE_MS);
      this.logger.warn(
        `webcast ${webcast.id}: registering voter ${voter.id} failed: ${error.message}`,
      );
      return null;
    }
  }
}
