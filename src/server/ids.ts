import { uuidPattern } from "../core/ids.js";
import { DomainError } from "./errors.js";

/** SPEC.md section 5 Funding: 'Invalid campaign ID' for a malformed id. The id rules themselves are src/core/ids.ts. */
export function assertCampaignId(id: string | undefined): string {
  if (!id || !uuidPattern.test(id)) throw new DomainError("validation", "Invalid campaign ID");
  return id.toLowerCase();
}
