import type { FastifyInstance } from 'fastify';

// The background loops of a server process (the mail queue, the shop sync-back, the daily jobs): one run at a time,
// the next one `intervalMs` after the last ended, never keeping the process alive, and a stop() that waits for the
// run under way. A failed run is logged and the loop goes on: the work it left is still due next time.

export type Poller<T> = { tick: () => Promise<T>; stop: () => Promise<void> };

export function startPoller<T>(
  app: FastifyInstance,
  {
    run,
    fallback,
    failure,
    intervalMs,
    firstDelayMs = intervalMs,
  }: {
    run: () => Promise<T>;
    /** What a failed run answers to tick(). */
    fallback: T;
    /** The log line of a failed run (French, like the rest of the log). */
    failure: string;
    intervalMs: number;
    firstDelayMs?: number;
  },
): Poller<T> {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<T> | null = null;
  let isStopped = false;
  const tick = (): Promise<T> => {
    current ??= run()
      .catch((error: unknown) => {
        app.log.error({ err: error }, failure);
        return fallback;
      })
      .finally(() => {
        current = null;
      });
    return current;
  };
  const schedule = (delay: number) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      void tick().finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    tick,
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
