import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type PageEvidence, VISIT_KEY_PLACEHOLDER, visitProofInput } from "../../core/click-evidence.js";
import { clickReason, clickVerdict } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";

/**
 * The browser confirmation (PRODUCT.md Fraud engine): a visit's tracking page carries a token, and the page's script
 * (web/visit, served at /visit.js) posts it back with what it found in the browser and a proof, so a counted click
 * records that a browser ran the page's script, when, and what that script saw. It changes no verdict; a link whose
 * counted clicks are mostly unconfirmed (a farm that runs no script), or whose pages found automation, is a risk
 * signal (promoter-risk.ts). A token is good once, from the address that made the click, within ten minutes.
 *
 * The proof is the SHA-256 of the token, the day's key and the evidence (`visitProofInput`). The key is in the script,
 * not in the page: a client that reads the token off the page and posts it without running the script sends no proof
 * or a wrong one, and its click is marked `unproven` instead of confirmed. This is evidence, not proof (ADR 044): a
 * cheater who reads the script can make the proof too, and a browser can be made to lie about itself.
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

const nullableText = z.string().max(200).nullable();
const pageEvidence = z.object({
  bot: nullableText,
  webdriver: z.boolean(),
  mobile: z.boolean().nullable(),
  platform: nullableText,
  screen: nullableText,
  timezone: nullableText,
  languages: nullableText,
}) satisfies z.ZodType<PageEvidence>;

const DAY_MS = 86_400_000;

/** What the page's script sent beside its token. */
export type ConfirmationEvidence = { evidence?: string; proof?: string };

export function createClickConfirmations(deps: {
  db: Database;
  authSecret: string;
  /** The page's script as built (dist/web/visit.js), or null when the web app is not built. */
  visitScript?: string | null;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  /** The key of the UTC day `day` (days since the epoch): the script served that day carries it. */
  const keyOf = (day: number) =>
    createHmac("sha256", deps.authSecret).update(`fanboost visit proof ${day}`).digest("hex").slice(0, 32);
  const today = () => Math.floor(now() / DAY_MS);

  /**
   * The evidence the script sent, when its proof holds with today's or yesterday's key (a page opened just before
   * midnight, or a script cached over it); null otherwise.
   */
  const proven = (token: string, sent: ConfirmationEvidence): PageEvidence | null => {
    if (sent.evidence === undefined || sent.proof === undefined || !/^[0-9a-f]{64}$/.test(sent.proof)) return null;
    const proof = Buffer.from(sent.proof, "hex");
    const day = today();
    const holds = [day, day - 1].some((d) =>
      timingSafeEqual(
        proof,
        createHash("sha256")
          .update(visitProofInput(token, keyOf(d), sent.evidence ?? ""))
          .digest(),
      ),
    );
    if (!holds) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(sent.evidence);
    } catch {
      return null;
    }
    const evidence = pageEvidence.safeParse(parsed);
    return evidence.success ? evidence.data : null;
  };

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

    /** The page's script with today's key, or null when the web app is not built. */
    script: (): string | null => deps.visitScript?.replaceAll(VISIT_KEY_PLACEHOLDER, keyOf(today())) ?? null,

    /**
     * Records the confirmation of the counted click the token names, sent from the address `ipHash`: with the
     * script's proof, the click is confirmed with what the page found (`automation` when it found an automated
     * browser); without it, the click is marked `unproven` and stays unconfirmed. The first confirmation decides. Any
     * other token of the right form (a decoy, a repeat, another address's) is accepted and changes nothing.
     */
    async confirm(input: { token: string; ipHash: string } & ConfirmationEvidence): Promise<void> {
      if (!TOKEN.test(input.token)) throw new DomainError("validation", confirmationMessages.invalid);
      const opened = decipher.update(Buffer.from(input.token, "base64url"));
      if (opened.readUIntBE(10, 6) !== 0) return;
      const evidence = proven(input.token, input);
      const found = evidence && (evidence.bot !== null || evidence.webdriver) ? [clickReason.automation] : [];
      const reasons = evidence ? found : [clickReason.unproven];
      await queryParsed(
        deps.db,
        confirmedRow,
        sql`update click_events
            set confirmed_at = ${evidence ? sql`now()` : sql`null`},
                page_evidence = ${evidence ? JSON.stringify(evidence) : null}::jsonb,
                reasons = ${reasons.length > 0 ? sql`coalesce(reasons, '{}') || ${`{${reasons.join(",")}}`}::text[]` : sql`reasons`}
            where id = ${opened.readUIntBE(0, 6)} and ip_hash = ${input.ipHash} and verdict = ${clickVerdict.counted}
              and confirmed_at is null and not coalesce(${clickReason.unproven} = any(reasons), false)
              and ts > now() - make_interval(secs => ${CONFIRMATION_TTL_MS / 1000})
            returning id`,
      );
    },
  };
}

export type ClickConfirmations = ReturnType<typeof createClickConfirmations>;
