/** `npm run seed`: labelled demo data (artists, promoters, funded campaigns) on the configured database. */
import { loadConfig } from "../src/server/config.js";
import { openConfiguredDatabase } from "../src/server/db/client.js";
import { createLogger } from "../src/server/logger.js";
import { DEMO_PASSWORD, seedDemoData } from "../src/server/seed/demo-data.js";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const created = await seedDemoData({ config, db: database.db, log: createLogger("warn") });
  console.log(
    `Demo data created: ${created.artists} artists, ${created.promoters} promoters, ${created.campaigns} funded campaigns.\n` +
      `Sign in as demo-artist-1@fanboost.demo or demo-promoter-1@fanboost.demo with the password ${DEMO_PASSWORD}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
