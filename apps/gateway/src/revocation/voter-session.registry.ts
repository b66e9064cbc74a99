import { createHash } from 'node:crypto';
import type { Language } from '@livevote/i18n';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { GroupedRead } from '../common/grouped-read';
import { SingleFlight } from '../common/single-flight';
import { AppConfig } from '../config/app-config';
import {
  RevocationSignalsService,
  type RevocationSignal,
  type RevocationSignalHandlers,
} from './revocation-signals.service';
import {
  VoterSessionsRepository,
  type VoterSessionRow,
} from './voter-sessions.repository';

/** Voters a node remembers; past that the least recently checked are read again on use. */
const MAX_ENTRIES = 100_000;

/**
 * A voter's session version, carried in its voter token: it changes when the voter's e-mail
 * (the person behind it) changes, and for a session when the voter becomes or stops being a
 * test voter, whose token says so (docs/test-voters.md). An invite link's version is the
 * person's only (`isTestVoter` left out). A deleted voter has none.
 */
export function voterSessionVersion(
  voterId: string,
  email: string,
  isTestVoter = false,
): string {
  // the first 16 characters of the digest's base64url, made from its first 12 bytes: a
  // string of its own, where slice() would keep the whole digest's string alive with it in
  // every entry of the cache below
  return createHash('sha256')
    .update(
      `${voterId}\n${email.trim().toLowerCase()}${isTestVoter ? '\ntest' : ''}`,
    )
    .digest()
    .subarray(0, 12)
    .toString('base64url');
}

/**
 * Whether a voter token still speaks for its voter, answered from memory: each node reads a
 * voter's current version once (on first use), re-reads it in the background when older than
 * VOTER_SESSION_RECHECK_SECONDS, and hears deletions and replacements at once through
 * RevocationSignalsService. docs/security.md, "Sessions and credentials".
 */
@Injectable()
export class VoterSessionRegistry implements RevocationSignalHandlers {
  private readonly logger = new Logger('VoterSessionRegistry');
  private readonly entries = new Map<
    string,
    { version: string | null; language: Language | null; checkedAt: number }
  >();
  private readonly loading = new SingleFlight<
    string,
    { version: string | null; language: Language | null }
  >();
  /** Voters first seen at once (a crowd joining) are read a group a statement. */
  private readonly rows: GroupedRead<string, VoterSessionRow | undefined>;
  private readonly recheckMs: number;

  constructor(
    repository: VoterSessionsRepository,
    private readonly signals: RevocationSignalsService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.recheckMs = config.auth.voterSessionRecheckSeconds * 1000;
    this.rows = new GroupedRead(
      (voterIds) => repository.sessionsOf(voterIds),
      undefined,
    );
    signals.on(this);
  }

  async isCurrent(voterId: string, version: string): Promise<boolean> {
    return (
      this.knownCurrent(voterId, version) ??
      (await this.load(voterId)) === version
    );
  }

  /**
   * Whether the session is current, answered from memory, or undefined when the voter is not
   * in memory (then ask `isCurrent`, which reads). A stale entry answers as it is and is read
   * again in the background. No promise: a live event asks once an event (docs/benchmarks-history.md,
   * "Fewer promises a ballot").
   */
  knownCurrent(voterId: string, version: string): boolean | undefined {
    const entry = this.entries.get(voterId);
    if (!entry) return undefined;
    if (this.clock.nowMs() - entry.checkedAt >= this.recheckMs) {
      this.load(voterId).catch((error: unknown) =>
        this.logger.warn(`voter session re-check failed: ${String(error)}`),
      );
    }
    return entry.version === version;
  }

  /**
   * The voter's own language as last read or heard, null when none is set or the voter is
   * not in memory (a portal request's guard has just put it there): no query of its own.
   */
  languageOf(voterId: string): Language | null {
    return this.entries.get(voterId)?.language ?? null;
  }

  /** Tells every node the voter's new language; call after the change is committed. */
  languageChanged(voterId: string, language: Language | null): Promise<void> {
    return this.signals.publish({ kind: 'voter-language', voterId, language });
  }

  /** Ends the voter's sessions on every node; call after the change is committed. */
  revoke(voterId: string, version: string | null): Promise<void> {
    return this.signals.publish({ kind: 'voter', voterId, version });
  }

  signal(signal: RevocationSignal): void {
    if (signal.kind === 'voter-language') {
      // a re-check under way read the old language: its answer must not be kept
      this.loading.forget(signal.voterId);
      const entry = this.entries.get(signal.voterId);
      if (entry) entry.language = signal.language;
      return;
    }
    if (signal.kind !== 'voter') return;
    // a read under way may predate the change: its answer must not be kept
    this.loading.forget(signal.voterId);
    this.remember(
      signal.voterId,
      signal.version,
      this.entries.get(signal.voterId)?.language ?? null,
    );
  }

  resync(): void {
    this.entries.clear();
    this.loading.clear();
  }

  private load(voterId: string): Promise<string | null> {
    return this.loading
      .run(
        voterId,
        async () => {
          const session = await this.rows.get(voterId);
          return {
            version: session
              ? voterSessionVersion(voterId, session.email, session.isTestVoter)
              : null,
            language: session?.language ?? null,
          };
        },
        ({ version, language }) => this.remember(voterId, version, language),
        // a signal came in meanwhile and is newer than this read
        (read) => this.entries.get(voterId) ?? read,
      )
      .then((read) => read.version);
  }

  private remember(
    voterId: string,
    version: string | null,
    language: Language | null,
  ): void {
    this.entries.delete(voterId);
    this.entries.set(voterId, {
      version,
      language,
      checkedAt: this.clock.nowMs(),
    });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
