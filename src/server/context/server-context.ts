import type { ResultApprovalMode } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import type { PaymentProvider } from "../payments/provider.js";

/**
 * The services every area's domain functions may use, built once by app.ts: the database, the payment provider, the
 * mail queue, the logger, and the settings that shape links, reviews and signatures.
 */
export type ServerContext = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  /** For links in emails and onboarding return addresses. */
  publicUrl: string;
  /** Hours an ended campaign's result stays under fraud review before its payouts can be paid (REVIEW_HOURS). */
  reviewHours: number;
  /** Counted clicks one network may give one link in an hour before its visits are challenged (NETWORK_CLICK_LIMIT). */
  networkClickLimit: number;
  /** The countries payouts can be sent to (PAYOUT_COUNTRIES): a campaign without its own list is open to these. */
  payoutCountries: readonly string[];
  /** A promoter's prizes in a calendar year from which a payout waits for tax information (cents). */
  prizeReportingThresholdCents: number;
  /** Who approves a click-decided result before its prize can be paid (RESULT_APPROVAL). */
  resultApproval: ResultApprovalMode;
  /** Signs the unsubscribe links of non-essential emails. */
  authSecret: string;
};
