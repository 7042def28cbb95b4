import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { clickVerdict } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";

/**
 * The browser confirmation (PRODUCT.md Fraud engine): a visit's tracking page carries a token, and the page's script
 * posts it back, so a counted click records that a browser running JavaScript was there and when. It changes no
 * verdict; a link whose counted clicks are mostly unconfirmed (a farm that runs no script) is a risk signal
 * (promoter-risk.ts). A token is good once, from the address that made the click, within ten minutes.
 *
 * The clicker is told nothing (PRODUCT.md): every visit's page carries a token of the same form, a counted visit's
 * naming its click and every other one a decoy, and the confirmation answers the same whatever the token did. A token
 * is one AES block, [click id: 6 bytes | counter: 4 | zeros: 6], so nothing in it says which kind it is; a decoy's
 * last six bytes are not zeros, so it confirms nothing.
 */

export const CONFIRMATION_TTL_MS = 10 * 60_000;

export const confirmationMessages = {
  invalid: "This visit's confirmation is not valid.",
} as const;

/** 16 bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The confirmed click's row: a schema built once, not at each confirmation (ADR 033 cut 10). */
const confirmedRow = z.object({ id: column.number });

export function createClickConfirmations(deps: { db: Database; authSecret: string }) {
  const key = createHmac("sha256", deps.authSecret).update("fanboost click confirmation").digest().subarray(0, 16);
  // One block at a time and no padding: ECB's update answers each block at once, so one cipher serves every click.
  const cipher = createCipheriv("aes-128-ecb", key, null).setAutoPadding(false);
  const decipher = createDecipheriv("aes-128-ecb", key, null).setAutoPadding(false);
  const block = Buffer.alloc(16);
  let counter = 0;
  const seal = (id: number, check: number) => {
    counter = (counter + 1) >>> 0;
    block.writeUIntBE(id, 0, 6);
    block.writeUInt32BE(counter, 6);
    block.writeUIntBE(check, 10, 6);
    return cipher.update(block).toString("base64url");
  };

  return {
    /** The token of the counted click `id`, for its page. */
    tokenFor: (id: number): string => seal(id, 0),
    /** A token for a visit that did not count: the same form, confirming nothing. */
    decoy: (): string => seal(counter, 0xffff_ffff_ffff),

    /**
     * Records the confirmation of the counted click the token names, sent from the address `ipHash`; any other token
     * of the right form (a decoy, a repeat, another address's) is accepted and changes nothing.
     */
    async confirm(input: { token: string; ipHash: string }): Promise<void> {
      if (!TOKEN.test(input.token)) throw new DomainError("validation", confirmationMessages.invalid);
      const opened = decipher.update(Buffer.from(input.token, "base64url"));
      if (opened.readUIntBE(10, 6) !== 0) return;
      await queryParsed(
        deps.db,
        confirmedRow,
        sql`update click_events set confirmed_at = now()
            where id = ${opened.readUIntBE(0, 6)} and ip_hash = ${input.ipHash} and verdict = ${clickVerdict.counted}
              and confirmed_at is null and ts > now() - make_interval(secs => ${CONFIRMATION_TTL_MS / 1000})
            returning id`,
      );
    },
  };
}

export type ClickConfirmations = ReturnType<typeof createClickConfirmations>;
