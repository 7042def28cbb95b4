/**
 * Every client-side route of SPEC.md's route table (the server-rendered tracking pages are not here).
 * The server answers 200 with the app for these paths and 404 with the app's not-found page otherwise.
 */
export const clientRoutePatterns = [
  "/",
  "/artist-dashboard",
  "/promoter-dashboard",
  "/create-campaign",
  "/join-campaign",
  "/how-it-works",
  "/pricing",
  "/success-stories",
  "/leaderboards",
  "/earnings",
  "/settings",
  "/help",
  "/contact",
  "/terms",
  "/privacy",
  "/admin",
  "/admin/setup",
  "/admin/debug",
  "/admin/payouts",
  "/admin/investigate",
  "/admin/approvals/:campaignId",
  "/admin/edge-diagnostics",
  "/auth/signout",
  "/auth/reset-password",
  "/auth/email-verified",
  "/campaigns/:id",
  "/campaigns/:id/fund",
  "/campaigns/:id/success",
  "/campaigns/:id/rules",
  "/stripe/connected",
  "/stripe/connect-error",
  "/campaign/:campaignId/promoter/:promoterId",
] as const;

export type ClientRoute = (typeof clientRoutePatterns)[number];

/** A result's approval view: the evidence beside Approve and Pass On (PRODUCT.md Winner verification). */
export const approvalPath = (campaignId: string) => `/admin/approvals/${campaignId}`;

const matchers = clientRoutePatterns.map((pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`));

export function isClientRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
