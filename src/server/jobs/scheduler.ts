import type { Logger } from "../logger.js";

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/** What this process knows of a job's runs, for the admin diagnostics. */
export type JobRun = {
  name: string;
  everyMs: number;
  /** False when no scheduler runs in this process (the tests' in-process app). */
  scheduled: boolean;
  running: boolean;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOk: boolean | null;
  lastError: string | null;
  nextRunAt: Date | null;
};

/**
 * The jobs' last and next runs on this instance, filled in by the scheduler; `onFinished` hears of each run (the
 * metrics).
 */
export function createJobLedger(
  jobs: readonly Job[],
  onFinished?: (name: string, ok: boolean, seconds: number) => void,
) {
  const runs = new Map<string, JobRun>(
    jobs.map((job) => [
      job.name,
      {
        name: job.name,
        everyMs: job.everyMs,
        scheduled: false,
        running: false,
        lastStartedAt: null,
        lastFinishedAt: null,
        lastOk: null,
        lastError: null,
        nextRunAt: null,
      },
    ]),
  );
  const update = (name: string, change: Partial<JobRun>) => {
    const run = runs.get(name);
    if (run) Object.assign(run, change);
  };
  return {
    scheduled: (name: string, nextRunAt: Date) => update(name, { scheduled: true, nextRunAt }),
    started: (name: string, at: Date) => update(name, { running: true, lastStartedAt: at }),
    finished: (name: string, at: Date, error: unknown) => {
      const startedAt = runs.get(name)?.lastStartedAt;
      update(name, {
        running: false,
        lastFinishedAt: at,
        lastOk: error === undefined,
        lastError: error === undefined ? null : error instanceof Error ? error.message : String(error),
      });
      if (startedAt) onFinished?.(name, error === undefined, (at.getTime() - startedAt.getTime()) / 1000);
    },
    snapshot: (): JobRun[] => [...runs.values()].map((run) => ({ ...run })),
  };
}

export type JobLedger = ReturnType<typeof createJobLedger>;

/**
 * Runs each job at start-up and then every `everyMs`, never overlapping itself, and notes each run in the ledger. Jobs
 * must be safe when several instances run them at once (they use conditional updates or row locks), so there is no
 * leader election.
 */
export function startScheduler(jobs: Job[], log: Logger, ledger?: JobLedger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const tick = (job: Job) => {
    ledger?.scheduled(job.name, new Date(Date.now() + job.everyMs));
    if (running.has(job.name)) return;
    ledger?.started(job.name, new Date());
    const run = job
      .run()
      .then(
        (result) => {
          ledger?.finished(job.name, new Date(), undefined);
          log.debug({ job: job.name, result }, "job finished");
        },
        (error: unknown) => {
          ledger?.finished(job.name, new Date(), error ?? new Error("job failed"));
          log.error({ err: error, job: job.name }, "job failed");
        },
      )
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
