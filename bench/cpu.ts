import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The kernel's clock ticks per second, in which /proc reports a process's CPU time. */
const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/**
 * CPU time (user + system, in ms) of the database server's processes: every running process named `postgres`, and
 * the children each has reaped (the postmaster's, for the backends and workers that have ended), so a connection that
 * closes during a phase does not take its CPU out of the sum.
 */
function postgresCpuMs(): { ms: number; processes: number } {
  let ticks = 0;
  let processes = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state is the 3rd field, then utime, stime, cutime and cstime
      // the 14th to the 17th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      processes++;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { ms: (ticks * 1000) / ticksPerSecond, processes };
}

export type CpuSnapshot = { serverMs: number; databaseMs: number; databaseProcesses: number };

/** This process's CPU time (the server under test runs in it) and the local PostgreSQL server's, now. */
export function cpuSnapshot(): CpuSnapshot {
  const own = process.cpuUsage();
  const database = postgresCpuMs();
  return { serverMs: (own.user + own.system) / 1000, databaseMs: database.ms, databaseProcesses: database.processes };
}

/** CPU spent since `start`, in microseconds per request. */
export function cpuPerRequest(start: CpuSnapshot, requests: number) {
  const end = cpuSnapshot();
  const perRequest = (ms: number) => (requests > 0 ? Math.round(((ms * 1000) / requests) * 10) / 10 : Number.NaN);
  return {
    serverUs: perRequest(end.serverMs - start.serverMs),
    databaseUs: perRequest(end.databaseMs - start.databaseMs),
    databaseProcesses: end.databaseProcesses,
  };
}

/** A process's own CPU time (user + system, in ms), as the kernel counts it: a server the bench started as a child. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The local PostgreSQL server's processes' CPU time (ms), now. */
export const databaseCpuMs = () => postgresCpuMs().ms;
