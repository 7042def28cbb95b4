import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { clickVerdict } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { oneShotHmac } from "./click-signals.js";

/**
 * The browser confirmation (PRODUCT.md Fraud engine): a counted visit's tracking page carries a token signed for that
 * click, and the page's script posts it back, so the click records that a browser running JavaScript was there and
 * when. It changes no verdict; a link whose counted clicks are mostly unconfirmed (a farm that runs no script) is a
 * risk signal (promoter-risk.ts). A token is good once, from the address that made the click, within ten minutes.
 */

export const CONFIRMATION_TTL_MS = 10 * 60_000;

export const confirmationMessages = {
  invalid: "This visit's confirmation is not valid.",
  used: "This visit was already confirmed, or its confirmation expired.",
} as const;

/** `{click id}.{signature}`: the id in decimal, the signature 22 base64url characters (128 bits of HMAC-SHA-256). */
const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})$/;

/** The confirmed click's row: a schema built once, not at each confirmation (ADR 033 cut 10). */
const confirmedRow = z.object({ id: column.number });

export function createClickConfirmations(deps: { db: Database; authSecret: string }) {
  const hmac = oneShotHmac(createHmac("sha256", deps.authSecret).update("fanboost click confirmation").digest());
  const sign = (id: string) => hmac(id).slice(0, 22);

  return {
    /** The token for the counted click `id`, for its page. */
    tokenFor(id: number): string {
      const text = String(id);
      return `${text}.${sign(text)}`;
    },

    /** Records the confirmation of the click the token names, sent from the address `ipHash`. */
    async confirm(input: { token: string; ipHash: string }): Promise<void> {
      const match = TOKEN.exec(input.token);
      const [id, signature] = match ? [match[1] as string, match[2] as string] : ["", ""];
      if (!match || !timingSafeEqual(Buffer.from(sign(id)), Buffer.from(signature))) {
        throw new DomainError("validation", confirmationMessages.invalid);
      }
      const confirmed = await queryParsed(
        deps.db,
        confirmedRow,
        sql`update click_events set confirmed_at = now()
            where id = ${Number(id)} and ip_hash = ${input.ipHash} and verdict = ${clickVerdict.counted}
              and confirmed_at is null and ts > now() - make_interval(secs => ${CONFIRMATION_TTL_MS / 1000})
            returning id`,
      );
      if (confirmed.length === 0) throw new DomainError("conflict", confirmationMessages.used);
    },
  };
}

export type ClickConfirmations = ReturnType<typeof createClickConfirmations>;
