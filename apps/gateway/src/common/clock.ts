/** The source of "now" for every rule, so deadlines and expiries are testable. */
export abstract class Clock {
  abstract now(): Date;

  nowMs(): number {
    return this.now().getTime();
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that tests move by hand. */
export class ManualClock extends Clock {
  constructor(private current = new Date()) {
    super();
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(to: Date): void {
    this.current = new Date(to.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
