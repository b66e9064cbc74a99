import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import {
  SessionSignals,
  type SessionSignal,
  type SessionSignalHandlers,
} from './session-signals';
import { VoterSessionsRepository } from './voter-sessions.repository';

/** Voters a node remembers; past that the least recently checked are read again on use. */
const MAX_ENTRIES = 100_000;

/**
 * A voter's session version, carried in its voter token: it changes when the voter's e-mail
 * (the person behind it) changes. A deleted voter has none.
 */
export function voterSessionVersion(voterId: string, email: string): string {
  return createHash('sha256')
    .update(`${voterId}\n${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Whether a voter token still speaks for its voter, answered from memory: each node reads a
 * voter's current version once (on first use), re-reads it in the background when older than
 * VOTER_SESSION_RECHECK_SECONDS, and hears deletions and replacements at once through
 * SessionSignals. docs/security.md, "Sessions and credentials".
 */
@Injectable()
export class VoterSessions implements SessionSignalHandlers {
  private readonly logger = new Logger('VoterSessions');
  private readonly entries = new Map<
    string,
    { version: string | null; checkedAt: number }
  >();
  private readonly loading = new Map<string, Promise<string | null>>();
  private readonly recheckMs: number;

  constructor(
    private readonly repository: VoterSessionsRepository,
    private readonly signals: SessionSignals,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.recheckMs = config.auth.voterSessionRecheckSeconds * 1000;
    signals.on(this);
  }

  async isCurrent(voterId: string, version: string): Promise<boolean> {
    const entry = this.entries.get(voterId);
    if (!entry) return (await this.load(voterId)) === version;
    if (this.clock.nowMs() - entry.checkedAt >= this.recheckMs) {
      this.load(voterId).catch((error: unknown) =>
        this.logger.warn(`voter session re-check failed: ${String(error)}`),
      );
    }
    return entry.version === version;
  }

  /** Ends the voter's sessions on every node; call after the change is committed. */
  revoke(voterId: string, version: string | null): Promise<void> {
    return this.signals.publish({ kind: 'voter', voterId, version });
  }

  signal(signal: SessionSignal): void {
    if (signal.kind !== 'voter') return;
    // a read under way may predate the change: its answer must not be kept
    this.loading.delete(signal.voterId);
    this.remember(signal.voterId, signal.version);
  }

  resync(): void {
    this.entries.clear();
    this.loading.clear();
  }

  private load(voterId: string): Promise<string | null> {
    const pending = this.loading.get(voterId);
    if (pending) return pending;
    const read: Promise<string | null> = this.repository
      .emailOf(voterId)
      .then((email) => {
        const version =
          email === undefined ? null : voterSessionVersion(voterId, email);
        if (this.loading.get(voterId) !== read) {
          // a signal came in meanwhile and is newer than this read
          const entry = this.entries.get(voterId);
          return entry ? entry.version : version;
        }
        this.remember(voterId, version);
        return version;
      })
      .finally(() => {
        if (this.loading.get(voterId) === read) this.loading.delete(voterId);
      });
    this.loading.set(voterId, read);
    return read;
  }

  private remember(voterId: string, version: string | null): void {
    this.entries.delete(voterId);
    this.entries.set(voterId, { version, checkedAt: this.clock.nowMs() });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
