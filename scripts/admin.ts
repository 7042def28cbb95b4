/** `npm run admin -- grant <email>` / `revoke <email>`: manage admins on the configured database. */
import { runAdminCommand } from "../src/server/accounts/admin-command.js";
import { loadConfig } from "../src/server/config.js";
import { openConfiguredDatabase } from "../src/server/db/client.js";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  console.log(await runAdminCommand(database.db, process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
