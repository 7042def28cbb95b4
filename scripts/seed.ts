/**
 * `npm run seed`: labelled demo data (artists, promoters, funded campaigns, and demo visits through the real click
 * path) on the configured database. With the embedded database it refuses to run while a server holds it.
 */
import { join } from "node:path";
import { createApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openConfiguredDatabase } from "../src/server/db/client.js";
import { createLogger } from "../src/server/logger.js";
import { DEMO_PASSWORD, seedDemoData, sendDemoClicks } from "../src/server/seed/demo-data.js";

/** The header the seed's visits carry their country in, as a proxy would. */
const DEMO_COUNTRY_HEADER = "x-demo-country";

const config = loadConfig();
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
    webRoot: join(config.dataDir, "no-web-pages"),
  });
  const visits = await sendDemoClicks(app, created.shortCodes, DEMO_COUNTRY_HEADER);
  await app.drain();
  console.log(
    `Demo data created: ${created.artists} artists, ${created.promoters} promoters, ${created.campaigns} funded campaigns, ` +
      `${visits.total} demo visits (${visits.counted} counted).\n` +
      `Sign in as demo-artist-1@fanboost.demo or demo-promoter-1@fanboost.demo with the password ${DEMO_PASSWORD}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database?.close();
}
