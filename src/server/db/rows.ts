import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { type Database, queryRows } from "./client.js";

/**
 * Columns as either driver returns them from raw SQL: `count(*)` and sums arrive as text from PostgreSQL (bigint and
 * numeric) and as numbers from PGlite; timestamps as `Date` or text. Parsed, they are always numbers and dates.
 */
const numeric = z
  .union([z.number(), z.bigint(), z.string()])
  .transform(Number)
  .pipe(z.number({ error: "not a number" }));
const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

export const column = {
  /** A word of the domain's vocabulary (src/core/vocabulary.ts), typed as its union. */
  oneOf: <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values),
  text: z.string(),
  textOrNull: z.string().nullable(),
  number: numeric,
  numberOrNull: numeric.nullable(),
  boolean: z.boolean(),
  timestamp,
  timestampOrNull: timestamp.nullable(),
} as const;

/** Runs raw SQL and parses every row with `schema`: a column of the wrong type fails here, not in a caller. */
export async function queryParsed<Schema extends z.ZodType>(
  db: Database,
  schema: Schema,
  query: SQL,
): Promise<z.output<Schema>[]> {
  const rows = await queryRows<unknown>(db, query);
  return rows.map((row) => schema.parse(row));
}
