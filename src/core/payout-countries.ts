/**
 * The countries each provider can send prize money to: the default of PAYOUT_COUNTRIES, and so of the countries a
 * campaign is open to (PRODUCT.md Official rules and eligibility).
 *
 * Stripe: the countries where Stripe Connect Express accounts of a US platform can receive payouts, as Stripe lists
 * them on stripe.com/global (copied 2026-11). Stripe adds countries now and then: an operator who wants one sets
 * PAYOUT_COUNTRIES; whoever updates this list checks that page and notes the date here.
 */
export const STRIPE_PAYOUT_COUNTRIES: readonly string[] = (
  "AE AT AU BE BG CA CH CY CZ DE DK EE ES FI FR GB GI GR HK HR HU IE IT JP LI LT LU LV MT MX MY NL NO NZ PL PT RO SE " +
  "SG SI SK TH US"
).split(" ");

/** The sandbox's fixed list: a handful of countries, enough to try a campaign limited to some of them. */
export const SANDBOX_PAYOUT_COUNTRIES: readonly string[] = "AU CA DE ES FR GB IE IT NL NZ SE US".split(" ");
