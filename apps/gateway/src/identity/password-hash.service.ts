import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Partner client-secret checks at once, and waiting (docs/security.md, "The HTTP edge"). */
export const CLIENT_SECRET_CHECKS_RUNNING = 1;
export const CLIENT_SECRET_CHECKS_WAITING = 8;

/** Refused at once: as many checks as allowed are running and waiting already. */
export class HasherBusyError extends Error {
  constructor() {
    super('Too many password checks are waiting.');
    this.name = 'HasherBusyError';
  }
}

/** At most `running` jobs at once and `waiting` queued behind them; beyond that, refused. */
export class ConcurrencyGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.running) {
      this.active += 1;
    } else {
      if (this.queue.length >= this.waiting) throw new HasherBusyError();
      // The finishing job hands its slot over, so `active` stays as it is.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

@Injectable()
export class PasswordHashService {
  /** A real hash of nothing, verified when the user is unknown so timing does not tell. */
  private readonly decoy = hash('decoy-password-for-unknown-users', OPTIONS);
  /**
   * argon2 runs on the libuv threadpool (4 threads by default), which sign-ins and file reads
   * share: anonymous guesses at client secrets get one thread and a short queue, no more.
   */
  private readonly clientSecrets = new ConcurrencyGate(
    CLIENT_SECRET_CHECKS_RUNNING,
    CLIENT_SECRET_CHECKS_WAITING,
  );

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(
    passwordHash: string | undefined,
    password: string,
  ): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }

  /** verify, for partner client secrets; throws HasherBusyError when the gate is full. */
  verifyClientSecret(
    secretHash: string | undefined,
    secret: string,
  ): Promise<boolean> {
    return this.clientSecrets.run(() => this.verify(secretHash, secret));
  }
}
