import type { FastifyBaseLogger } from 'fastify';

/** One round of background work; `signal` is aborted when the work is being stopped. */
export type Round = (signal: AbortSignal) => Promise<unknown>;

type Task = { name: string; timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined };

/**
 * The server's periodic work on the database (the payment reconciler, pruning, the embedded database's
 * maintenance): each task runs one round at a time on its own timer, and `stop` clears every timer and
 * waits for the rounds under way, so that nothing queries the database once it closes. The app stops it
 * when it closes (app.ts), before the server closes the database. Timers never keep the process alive.
 */
export class BackgroundWork {
  private readonly tasks: Task[] = [];
  private readonly stopping = new AbortController();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Runs `round` `firstAfterMs` from now (`everyMs` unless told), then `everyMs` after each round ends, so
   * a slow round is never overlapped by the next. A round that fails is logged and the next one runs.
   */
  every(name: string, everyMs: number, round: Round, firstAfterMs = everyMs): void {
    if (this.stopping.signal.aborted) return;
    const task: Task = { name, timer: undefined, running: undefined };
    const schedule = (delay: number) => {
      if (this.stopping.signal.aborted) return;
      task.timer = setTimeout(() => {
        task.timer = undefined;
        task.running = Promise.resolve()
          .then(() => round(this.stopping.signal))
          .then(
            () => undefined,
            (error: unknown) => this.log.error({ err: error }, `${name} failed`),
          )
          .finally(() => {
            task.running = undefined;
            schedule(everyMs);
          });
      }, delay);
      task.timer.unref();
    };
    this.tasks.push(task);
    schedule(firstAfterMs);
  }

  /** Stops every timer and waits for the rounds under way; no round starts afterwards. */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const task of this.tasks) {
      if (task.timer) clearTimeout(task.timer);
      task.timer = undefined;
    }
    await Promise.all(this.tasks.map((task) => task.running));
  }
}
