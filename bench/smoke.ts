/**
 * `npm run bench:smoke`: every benchmark's smoke run (`--smoke`, tiny data, a few seconds each) in one process, so the
 * server's code loads once and the embedded databases start from one migrated copy (support.ts). Each bench module runs
 * when it is imported; a bench that proves something broken throws, which fails the whole run.
 */
import { performance } from "node:perf_hooks";

process.argv.push("--smoke");

for (const bench of [
  "click-maps",
  "campaigns",
  "tracking",
  "tracking-ab",
  "leaderboards",
  "admin",
  "dashboards",
  "web",
]) {
  const started = performance.now();
  console.log(`\n=== bench:${bench} --smoke`);
  await import(`./${bench}.js`);
  console.log(`=== bench:${bench} --smoke: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
