import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';

/** A loopback TCP port nothing listens on now. */
export function freePort(): Promise<number>;

/** The METRICS_TOKEN every gateway started here gets (read /metrics with it). */
export const METRICS_TOKEN: string;

/** A Redis key prefix of its own under `base`, so runs never see each other's keys. */
export function redisPrefix(base: string): string;

/** The part of an ioredis client deleteKeys uses. */
export interface KeyScanner {
  scan(
    cursor: string,
    match: 'MATCH',
    pattern: string,
    count: 'COUNT',
    batch: number,
  ): Promise<[string, string[]]>;
  del(...keys: string[]): Promise<number>;
}

/** Deletes every key under the prefix, with the caller's ioredis client. */
export function deleteKeys(
  client: KeyScanner,
  prefix: string,
  batch?: number,
): Promise<void>;

export interface GatewayProcessOptions {
  /** The built gateway's entry point (apps/gateway/dist/main.js). */
  main: string;
  /** Added to PATH, PORT, HOST=127.0.0.1, DATA_DIR (a directory of its own) and METRICS_TOKEN. */
  env?: Record<string, string>;
  nodeArgs?: string[];
  cwd?: string;
  /** Default: a free port. */
  port?: number;
  /** Default 30 s. */
  readyTimeoutMs?: number;
  /** Keep only the last this many characters of its output (default: all). */
  outputLimit?: number;
  /** Also write its stdout and stderr there. */
  log?: Writable;
}

export interface GatewayProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string>;
  /** Signals it (SIGTERM) and waits for the exit; SIGKILL after `killAfterMs`, if given. */
  stop(
    signal?: NodeJS.Signals,
    options?: { killAfterMs?: number },
  ): Promise<number | string>;
}

/**
 * Starts `main` (the built gateway) on a loopback port with a data directory of its own,
 * removed when it exits, and resolves once /readyz answers 200 and the port is its own; on a
 * port freePort() found and another process took first, it starts again on a new one.
 */
export function startGatewayProcess(
  options: GatewayProcessOptions,
): Promise<GatewayProcess>;
