import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** When a file, or anything in a folder, last changed (0 when it does not exist): a build older than it is stale. */
export function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Whether `output` is missing or older than any of `sources` (paths from `root`). */
export const isStale = (root: string, output: string, sources: readonly string[]) =>
  newestChange(output) < Math.max(...sources.map((source) => newestChange(join(root, source))));
