import { fail } from '../../lib/app-error.ts';

/**
 * At most `maxActive` tasks at once, at most `maxWaiting` more waiting their turn (first come,
 * first served); anything beyond is refused at once (429 UPLOAD_BUSY), so a burst
 * neither piles up memory (every waiting upload holds its bytes) nor makes answers time out.
 */
export class DecodeQueue {
  private active = 0;
  private waiting: (() => void)[] = [];

  constructor(
    readonly maxActive: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxActive) {
      if (this.waiting.length >= this.maxWaiting) throw fail('UPLOAD_BUSY');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line (active stays the same), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** For tests and metrics: how many run and how many wait now. */
  get load() {
    return { active: this.active, waiting: this.waiting.length };
  }
}
