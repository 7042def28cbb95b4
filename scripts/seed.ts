/**
 * `npm run seed`: labelled demo data (artists, promoters, funded campaigns, and demo visits through the real click
 * path) on the configured database. With the embedded database it refuses to run while a server holds it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VISIT_KEY_PLACEHOLDER } from "../src/core/click-evidence.js";
import { createApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openConfiguredDatabase } from "../src/server/db/client.js";
import { createLogger } from "../src/server/logger.js";
import { DEMO_PASSWORD, demoRiskReport, seedDemoData, sendDemoClicks } from "../src/server/seed/demo-data.js";
import { VISIT_SCRIPT_FILE } from "../src/server/tracking/tracking-page.js";

/** The header the seed's visits carry their country in, as a proxy would. */
const DEMO_COUNTRY_HEADER = "x-demo-country";

const config = loadConfig();
/**
 * The app the seed's visits go through serves no pages; of the built web app it needs only the tracking page's script,
 * for its key (the demo fans' pages confirm their visits with it).
 */
const webRoot = mkdtempSync(join(tmpdir(), "fanboost-seed-"));
writeFileSync(join(webRoot, VISIT_SCRIPT_FILE), `var key="${VISIT_KEY_PLACEHOLDER}";`);
let database: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
try {
  database = await openConfiguredDatabase(config);
  const log = createLogger("warn");
  const created = await seedDemoData({ config, db: database.db, log });
  // Only the click path is used: the app serves no pages here.
  const app = createApp({
    // The seed counts the visits it made from their verdicts, which only it reads.
    config: { ...config, countryHeader: DEMO_COUNTRY_HEADER, exposeClickVerdicts: true },
    database,
    log,
    webRoot,
  });
  const visits = await sendDemoClicks(app, created.shortCodes, {
    countryHeader: DEMO_COUNTRY_HEADER,
    origin: config.publicUrl,
  });
  await app.drain();
  console.log(
    `Demo data created: ${created.artists} artists, ${created.promoters} promoters, ${created.campaigns} funded campaigns, ` +
      `${visits.total} demo visits (${visits.counted} counted).\n` +
      `Sign in as demo-artist-1@fanboost.demo or demo-promoter-1@fanboost.demo with the password ${DEMO_PASSWORD}.\n\n` +
      "What the fraud engine finds in the demo visits (the last link's are sent as a click farm's tool sends them):",
  );
  for (const line of await demoRiskReport(database.db)) console.log(`  ${line}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database?.close();
  rmSync(webRoot, { recursive: true, force: true });
}
