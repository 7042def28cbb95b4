import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  campaignStatuses,
  clickReasons,
  clickVerdicts,
  exclusionReasons,
  flagStatuses,
  payoutHoldReasons,
  payoutStatuses,
  refundStatuses,
} from "../../core/vocabulary";
import { openTestDatabase } from "../testing/test-app";
import { type DatabaseHandle, queryRows } from "./client";

/**
 * The database, as the migrations made it, accepts exactly the domain's words of src/core/vocabulary.ts: a word added
 * there without a migration (or a migration without the word) fails here.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const checks: Array<[string, readonly string[]]> = [
  ["campaigns_status_check", campaignStatuses],
  ["click_events_verdict_check", clickVerdicts],
  ["click_events_reasons_check", clickReasons],
  ["payouts_status_check", payoutStatuses],
  ["payouts_hold_reasons_check", payoutHoldReasons],
  ["refunds_status_check", refundStatuses],
  ["suspicious_activity_status_check", flagStatuses],
  ["result_exclusions_reason_check", exclusionReasons],
];

describe("the schema's check constraints", () => {
  it.each(checks)("%s accepts the vocabulary's words", async (name, words) => {
    const [row] = await queryRows<{ definition: string }>(
      database.db,
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`,
    );
    const literals = [...(row?.definition ?? "").matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(literals.sort()).toEqual([...words].sort());
  });
});
