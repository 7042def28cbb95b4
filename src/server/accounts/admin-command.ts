import type { Database } from "../db/client.js";
import { grantAdmin, revokeAdmin } from "./admins.js";

export const adminUsage = "Usage: npm run admin -- grant <email> | revoke <email>";

/** The admin CLI's work, apart from process handling so it can be tested. Returns the line to print. */
export async function runAdminCommand(db: Database, args: readonly string[]): Promise<string> {
  const [command, email] = args;
  if (!email || (command !== "grant" && command !== "revoke")) throw new Error(adminUsage);
  if (command === "grant") {
    await grantAdmin(db, email);
    return `${email} is now an admin.`;
  }
  await revokeAdmin(db, email);
  return `${email} is no longer an admin.`;
}
