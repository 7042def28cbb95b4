/**
 * `npm run fraud:replay -- <campaign id> [--network-limit N]`: runs the current fraud rules over a campaign's stored
 * clicks on the configured database and prints what would change (verdicts, risk per promoter, the leaders), under
 * NETWORK_CLICK_LIMIT or the limit given. Writes nothing.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config.js";
import { openConfiguredDatabase } from "../src/server/db/client.js";
import { formatReplay, replayCampaign } from "../src/server/fraud/replay.js";
import { assertCampaignId } from "../src/server/ids.js";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "network-limit": { type: "string" } },
  });
  const [campaign] = positionals;
  const limit = Number(values["network-limit"] ?? config.networks.clickLimit);
  if (!campaign || !Number.isInteger(limit) || limit < 1) {
    throw new Error("Usage: npm run fraud:replay -- <campaign id> [--network-limit N]");
  }
  const report = await replayCampaign(database.db, assertCampaignId(campaign), { networkLimit: limit });
  console.log(formatReplay(report));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
