import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import type { PaymentProvider } from "../payments/provider.js";

/** What the functions that move money need: the database, the provider, the mailer for the people involved. */
export type PayoutDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  /** For links in emails and onboarding return addresses. */
  publicUrl: string;
  /** Hours an ended campaign's result stays under fraud review before its payouts can be paid (REVIEW_HOURS). */
  reviewHours: number;
  /** Signs the unsubscribe links of non-essential emails. */
  authSecret: string;
};
