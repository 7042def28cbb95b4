import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { AppEnv } from "./app-env.js";
import { errorBody } from "./error-body.js";

/** How long a key's answer is kept: a day covers any retry and an offline queue replayed after a night. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const idempotencyMessages = {
  malformed: "The Idempotency-Key header must be 1 to 200 letters, digits, dashes or underscores",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "This request is still being processed. Please try again in a moment.",
} as const;

const keyPattern = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Makes a write safe to repeat: a request with an `Idempotency-Key` header is done once per caller (`scopeOf`, the
 * user or the address), and a repeat gets the first answer again (with `Idempotent-Replayed: true`). A server error
 * is not kept, so the repeat runs again. Without the header the request runs as usual.
 */
export function idempotent(db: Database, scopeOf: (c: Context<AppEnv>) => Promise<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!keyPattern.test(key)) return c.json(errorBody("validation", idempotencyMessages.malformed), 400);
    const scope = await scopeOf(c);
    const request = `${c.req.method} ${c.req.path} ${createHash("sha256")
      .update(await c.req.text())
      .digest("base64url")}`;
    const [claimed] = await queryParsed(
      db,
      z.object({ key: column.text }),
      sql`insert into idempotency_keys (scope, key, request) values (${scope}, ${key}, ${request})
          on conflict do nothing returning key`,
    );
    if (!claimed) {
      const [first] = await queryParsed(
        db,
        z.object({ request: column.text, status: column.numberOrNull, body: column.textOrNull }),
        sql`select request, status, body from idempotency_keys where scope = ${scope} and key = ${key}`,
      );
      if (!first || first.request !== request) return c.json(errorBody("conflict", idempotencyMessages.reused), 422);
      if (first.status === null) return c.json(errorBody("conflict", idempotencyMessages.inProgress), 409);
      c.header("Idempotent-Replayed", "true");
      c.header("Content-Type", "application/json");
      return c.body(first.body ?? "", first.status as 200);
    }
    await next();
    if (c.res.status >= 500) {
      await db.execute(sql`delete from idempotency_keys where scope = ${scope} and key = ${key}`);
      return;
    }
    await db.execute(
      sql`update idempotency_keys set status = ${c.res.status}, body = ${await c.res.clone().text()}
          where scope = ${scope} and key = ${key}`,
    );
  };
}

/** Forgets keys past their day; how many. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const rows = await queryParsed(
    db,
    z.object({ key: column.text }),
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
        returning key`,
  );
  return rows.length;
}
