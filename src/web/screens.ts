import type { ComponentType } from "react";
import type { ClientRoute } from "../core/routes";
import type { Access } from "./components/layout/require-role";
import HomePage from "./routes/home";

/** A screen: its component (only the home page ships in the entry chunk), and who may open it. */
export type Screen = ({ Component: ComponentType } | { load: () => Promise<{ default: ComponentType }> }) & {
  access?: Access;
};

/**
 * Every client route of src/core/routes.ts with its screen: a route without one does not typecheck.
 */
export const screens = {
  "/": { Component: HomePage },
  "/artist-dashboard": {
    load: () => import("./routes/artist-dashboard"),
    access: { role: "artist", otherwise: "home" },
  },
  "/promoter-dashboard": {
    load: () => import("./routes/promoter-dashboard"),
    access: { role: "user", otherwise: "home" },
  },
  "/create-campaign": { load: () => import("./routes/create-campaign") },
  "/join-campaign": { load: () => import("./routes/join-campaign") },
  "/how-it-works": { load: () => import("./routes/how-it-works") },
  "/pricing": { load: () => import("./routes/pricing") },
  "/success-stories": { load: () => import("./routes/success-stories") },
  "/leaderboards": { load: () => import("./routes/leaderboards") },
  "/earnings": { load: () => import("./routes/earnings"), access: { role: "user", otherwise: "home" } },
  "/settings": { load: () => import("./routes/settings"), access: { role: "user", otherwise: "home" } },
  "/help": { load: () => import("./routes/help") },
  "/contact": { load: () => import("./routes/contact") },
  "/terms": { load: () => import("./routes/terms") },
  "/privacy": { load: () => import("./routes/privacy") },
  "/admin": { load: () => import("./routes/admin-dashboard"), access: { role: "admin", otherwise: "denied" } },
  "/admin/setup": { load: () => import("./routes/admin-setup"), access: { role: "admin", otherwise: "denied" } },
  "/admin/debug": { load: () => import("./routes/admin-debug"), access: { role: "admin", otherwise: "denied" } },
  "/admin/payouts": { load: () => import("./routes/admin-payouts"), access: { role: "admin", otherwise: "denied" } },
  "/admin/edge-diagnostics": {
    load: () => import("./routes/admin-edge-diagnostics"),
    access: { role: "admin", otherwise: "denied" },
  },
  "/admin/investigate": {
    load: () => import("./routes/admin-investigate"),
    access: { role: "admin", otherwise: "denied" },
  },
  "/admin/approvals/:campaignId": {
    load: () => import("./routes/admin-approval"),
    access: { role: "admin", otherwise: "denied" },
  },
  "/auth/signout": { load: () => import("./routes/sign-out") },
  "/auth/reset-password": { load: () => import("./routes/reset-password") },
  "/auth/email-verified": { load: () => import("./routes/email-verified") },
  "/campaigns/:id": { load: () => import("./routes/campaign") },
  "/campaigns/:id/fund": { load: () => import("./routes/fund-campaign") },
  "/campaigns/:id/success": { load: () => import("./routes/campaign-success") },
  "/campaigns/:id/rules": { load: () => import("./routes/campaign-rules") },
  "/stripe/connected": { load: () => import("./routes/campaign-success") },
  "/stripe/connect-error": { load: () => import("./routes/stripe-connect-error") },
  "/campaign/:campaignId/promoter/:promoterId": { load: () => import("./routes/legacy-link") },
} satisfies Record<ClientRoute, Screen>;
