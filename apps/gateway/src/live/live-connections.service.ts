import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  ReauthRequest,
  type ClientToServerEvents,
  type ReauthResponse,
  type ServerToClientEvents,
} from '@livevote/contracts';
import type { Socket } from 'socket.io';
import { isLanguage, type Language } from '@livevote/i18n';
import { ApiException } from '../common/api-exception';
import { readerLanguage } from '../common/reader-language';
import { Clock } from '../common/clock';
import {
  MeetingAccessService,
  MeetingNotFoundException,
} from '../meetings/meeting-access.service';
import {
  RevocationSignalsService,
  type RevocationSignal,
  type RevocationSignalHandlers,
} from '../revocation/revocation-signals.service';
import { VoterSessionRegistry } from '../revocation/voter-session.registry';
import {
  SCREEN_SEEN_EVERY_MS,
  ScreenTokenRegistry,
  type ScreenMaker,
} from '../revocation/screen-token.registry';
import {
  chairRoom,
  deskRoom,
  meetingRoom,
  staffRoom,
  type LiveNamespace,
} from '../broadcast/live-broadcast.service';
import {
  LiveTokensService,
  type LivePrincipal,
} from '../identity/live-tokens.service';

/** How often each node looks for sockets whose credential has expired. */
const EXPIRY_SWEEP_MS = 1_000;

export interface LiveConnectionData {
  principal: LivePrincipal;
  /** When the socket's credential expires (ms since the epoch): `reauth` before, or be dropped. */
  expiresAt: number;
  /** Chairs: the meetings joined, with their account, to leave them when removed from it. */
  meetings?: Map<string, { shortCode: string; accountId: string }>;
  /** Chairs: accounts the user was removed from while this socket was open. */
  removedFrom?: Set<string>;
  /** Screens: who made the token (their removal from the account ends the screen). */
  madeBy?: ScreenMaker;
}

/** A screen's handshake reading its token's row: the signals heard meanwhile. */
interface ScreenAdmission {
  heard: RevocationSignal[];
}

function endsScreen(
  signal: RevocationSignal,
  key: string,
  madeBy: ScreenMaker | undefined,
): boolean {
  if (signal.kind === 'screen-token') return signal.key === key;
  return (
    signal.kind === 'account-user' &&
    madeBy !== undefined &&
    signal.userId === madeBy.userId &&
    signal.accountId === madeBy.accountId
  );
}

export type LiveConnection = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  LiveConnectionData
>;

function invalidToken(): ApiException {
  return new ApiException(401, 'invalid_token', { variant: 'live' });
}

function samePrincipal(a: LivePrincipal, b: LivePrincipal): boolean {
  if (a.role === 'chair' && b.role === 'chair') return a.userId === b.userId;
  if (a.role === 'screen' && b.role === 'screen')
    return a.meetingId === b.meetingId;
  if (a.role === 'voter' && b.role === 'voter')
    return (
      a.voterId === b.voterId &&
      a.memberId === b.memberId &&
      a.meetingId === b.meetingId &&
      a.version === b.version
    );
  return false;
}

/**
 * Who may keep a live socket open: the credential is checked at the handshake, on every
 * event, on `reauth`, and by a sweep at its expiry; deletions of voters, removals of
 * managers from accounts and revoked screen tokens end sockets on every node. Screens are
 * checked at the handshake and on signals, never per event, and re-checked once a minute in
 * case a signal was lost. docs/security.md, "Sessions and credentials".
 */
@Injectable()
export class LiveConnectionsService
  implements RevocationSignalHandlers, OnApplicationShutdown
{
  private readonly logger = new Logger('LiveConnectionsService');
  private server?: LiveNamespace;
  private sweeper?: NodeJS.Timeout;
  private screenCheck?: NodeJS.Timeout;
  /** Screens' handshakes reading their token now: a revocation meanwhile must not miss them. */
  private readonly admitting = new Set<ScreenAdmission>();

  constructor(
    private readonly tokens: LiveTokensService,
    private readonly voters: VoterSessionRegistry,
    private readonly screens: ScreenTokenRegistry,
    private readonly signals: RevocationSignalsService,
    private readonly access: MeetingAccessService,
    private readonly clock: Clock,
  ) {
    signals.on(this);
  }

  attach(server: LiveNamespace): void {
    this.server = server;
    this.sweeper = setInterval(() => this.sweep(), EXPIRY_SWEEP_MS);
    this.sweeper.unref();
    this.screenCheck = setInterval(
      () => void this.recheckScreens(),
      SCREEN_SEEN_EVERY_MS,
    );
    this.screenCheck.unref();
    this.signals
      .listen()
      .catch((error: unknown) =>
        this.logger.error(`session signals not heard: ${String(error)}`),
      );
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    clearInterval(this.screenCheck);
  }

  /** The session a token opens, or null when it is bad, expired or revoked. */
  async admit(token: unknown): Promise<LiveConnectionData | null> {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const found = this.tokens.authenticate(token);
    if (!found) return null;
    const { principal } = found;
    if (
      principal.role === 'voter' &&
      !(await this.voters.isCurrent(principal.voterId, principal.version))
    )
      return null;
    if (principal.role === 'screen') {
      const madeBy = await this.admitScreen(principal.key, principal.meetingId);
      return madeBy ? { ...found, madeBy } : null;
    }
    return found;
  }

  private async admitScreen(
    key: string,
    meetingId: string,
  ): Promise<ScreenMaker | null> {
    const admission: ScreenAdmission = { heard: [] };
    this.admitting.add(admission);
    try {
      const madeBy = await this.screens.admit(key, meetingId);
      if (!madeBy) return null;
      return admission.heard.some((signal) => endsScreen(signal, key, madeBy))
        ? null
        : madeBy;
    } finally {
      this.admitting.delete(admission);
    }
  }

  /**
   * The language of the socket's reader (docs/i18n.md): a voter's own, else the one the client
   * named at the handshake (`auth.language`), else its `Accept-Language`, else English.
   */
  languageOf(socket: LiveConnection): Language {
    const { principal } = socket.data;
    const named: unknown = (socket.handshake.auth as { language?: unknown })
      ?.language;
    const preference =
      principal?.role === 'voter'
        ? this.voters.languageOf(principal.voterId)
        : null;
    return readerLanguage(
      preference ?? (isLanguage(named) ? named : null),
      socket.handshake.headers['accept-language'],
    );
  }

  /**
   * Before each event: false (and the socket disconnected) once its credential has ended.
   * Answers at once when it can (a voter's session in memory, as it is after the handshake),
   * a promise only when the voter's session must be read.
   */
  stillValid(socket: LiveConnection): boolean | Promise<boolean> {
    const { principal, expiresAt } = socket.data;
    if (this.clock.nowMs() >= expiresAt)
      return this.disconnectUnless(socket, false);
    if (principal.role !== 'voter') return true;
    const known = this.voters.knownCurrent(
      principal.voterId,
      principal.version,
    );
    if (known !== undefined) return this.disconnectUnless(socket, known);
    return this.voters.isCurrent(principal.voterId, principal.version).then(
      (current) => this.disconnectUnless(socket, current),
      () => this.disconnectUnless(socket, false),
    );
  }

  private disconnectUnless(socket: LiveConnection, valid: boolean): boolean {
    if (!valid) socket.disconnect(true);
    return valid;
  }

  /** A fresh credential for the same principal, sent before the current one expires. */
  async reauth(socket: LiveConnection, body: unknown): Promise<ReauthResponse> {
    const { token } = ReauthRequest.parse(body);
    const session = await this.admit(token);
    if (!session) throw invalidToken();
    if (!samePrincipal(socket.data.principal, session.principal)) {
      throw new ApiException(403, 'principal_mismatch');
    }
    if (session.principal.role === 'chair')
      await this.recheckMeetings(socket, session.principal.userId);
    socket.data.principal = session.principal;
    socket.data.expiresAt = session.expiresAt;
    socket.data.madeBy = session.madeBy;
    return {
      ok: true,
      expiresAt: new Date(session.expiresAt).toISOString(),
    };
  }

  /** Joins the meeting's rooms, unless the chair was removed from its account meanwhile. */
  async join(
    socket: LiveConnection,
    meeting: { id: string; shortCode: string },
    accountId: string,
    rooms: string[],
  ): Promise<void> {
    const { principal } = socket.data;
    if (principal.role !== 'chair') return socket.join(rooms);
    // no await before the bookkeeping: a removal signal sees both or neither
    if (socket.data.removedFrom?.has(accountId))
      throw new MeetingNotFoundException();
    const joined = socket.join(rooms);
    socket.data.meetings ??= new Map();
    socket.data.meetings.set(meeting.id, {
      shortCode: meeting.shortCode,
      accountId,
    });
    await joined;
  }

  signal(signal: RevocationSignal): void {
    for (const admission of this.admitting) admission.heard.push(signal);
    if (!this.server) return;
    for (const socket of this.server.sockets.values() as Iterable<LiveConnection>) {
      const { principal } = socket.data;
      if (!principal) continue;
      if (
        principal.role === 'screen' &&
        endsScreen(signal, principal.key, socket.data.madeBy)
      )
        socket.disconnect(true);
      if (
        signal.kind === 'voter' &&
        principal.role === 'voter' &&
        principal.voterId === signal.voterId &&
        principal.version !== signal.version
      )
        socket.disconnect(true);
      if (
        signal.kind === 'account-user' &&
        principal.role === 'chair' &&
        principal.userId === signal.userId
      )
        this.evict(socket, signal.accountId);
      if (
        signal.kind === 'account-roles' &&
        principal.role === 'chair' &&
        principal.userId === signal.userId
      )
        this.resubscribe(socket, signal.accountId);
    }
  }

  resync(): void {
    // sockets are re-checked on their next event and at reauth; VoterSessionRegistry drops its cache;
    // screens send no events to speak of, so theirs are read again now
    void this.recheckScreens();
  }

  /** Marks open screens' tokens seen, and drops the screens whose token no longer stands. */
  private async recheckScreens(): Promise<void> {
    if (!this.server) return;
    const open = new Map<LiveConnection, string>();
    for (const socket of this.server.sockets.values() as Iterable<LiveConnection>) {
      const { principal } = socket.data;
      if (principal?.role === 'screen') open.set(socket, principal.key);
    }
    if (open.size === 0) return;
    try {
      const standing = await this.screens.stillOpen([
        ...new Set(open.values()),
      ]);
      for (const [socket, key] of open) {
        const { principal } = socket.data;
        // a reauth meanwhile brought another token, not read here
        if (
          principal.role === 'screen' &&
          principal.key === key &&
          !standing.has(key)
        )
          socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`screen tokens not re-checked: ${String(error)}`);
    }
  }

  /**
   * Drops the socket when it follows a meeting of the account: the console connects again at
   * once (the server ended it) and subscribes with the user's roles as they are now.
   */
  private resubscribe(socket: LiveConnection, accountId: string): void {
    if (followsAccount(socket, accountId)) socket.disconnect(true);
  }

  /**
   * A socket in a meeting of the account is dropped: its client learns at once (its next
   * subscribe answers 404) instead of watching a picture that no longer changes.
   */
  private evict(socket: LiveConnection, accountId: string): void {
    (socket.data.removedFrom ??= new Set()).add(accountId);
    if (followsAccount(socket, accountId)) socket.disconnect(true);
  }

  /** A chair's reauth (a removal signal may have been lost): meetings no longer theirs are left. */
  private async recheckMeetings(
    socket: LiveConnection,
    userId: string,
  ): Promise<void> {
    for (const [meetingId, meeting] of socket.data.meetings ?? []) {
      const still = await this.access
        .require(userId, meeting.shortCode)
        .then((row) => row.id === meetingId)
        .catch((error: unknown) => {
          if (error instanceof MeetingNotFoundException) return false;
          throw error;
        });
      if (!still) this.leave(socket, meetingId);
    }
  }

  private leave(socket: LiveConnection, meetingId: string): void {
    void socket.leave(meetingRoom(meetingId));
    void socket.leave(staffRoom(meetingId));
    void socket.leave(chairRoom(meetingId));
    void socket.leave(deskRoom(meetingId));
    socket.data.meetings?.delete(meetingId);
  }

  private sweep(): void {
    if (!this.server) return;
    const now = this.clock.nowMs();
    for (const socket of this.server.sockets.values() as Iterable<LiveConnection>) {
      if (socket.data.expiresAt !== undefined && socket.data.expiresAt <= now)
        socket.disconnect(true);
    }
  }
}

/** Whether the socket is subscribed to a meeting of the account. */
function followsAccount(socket: LiveConnection, accountId: string): boolean {
  for (const meeting of socket.data.meetings?.values() ?? [])
    if (meeting.accountId === accountId) return true;
  return false;
}
