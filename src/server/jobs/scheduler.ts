import type { Logger } from "../logger.js";

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Runs each job at start-up and then every `everyMs`, never overlapping itself. Jobs must be safe when several
 * instances run them at once (they use conditional updates or row locks), so there is no leader election.
 */
export function startScheduler(jobs: Job[], log: Logger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const tick = (job: Job) => {
    if (running.has(job.name)) return;
    const run = job
      .run()
      .then((result) => log.debug({ job: job.name, result }, "job finished"))
      .catch((error: unknown) => log.error({ err: error, job: job.name }, "job failed"))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  for (const job of jobs) {
    tick(job);
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    /** Stops scheduling and waits for runs in progress. */
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
