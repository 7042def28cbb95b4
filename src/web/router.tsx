import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./components/layout/app-layout";
import { RouteErrorScreen } from "./components/layout/route-error";
import HomePage from "./routes/home";

type Screen = () => Promise<{ default: React.ComponentType }>;
const screen = (path: string, load: Screen): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

/** Each screen but the home page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      // The landing page ships with the entry chunk: no extra round trip before the first paint.
      { index: true, Component: HomePage },
      screen("create-campaign", () => import("./routes/create-campaign")),
      screen("join-campaign", () => import("./routes/join-campaign")),
      screen("leaderboards", () => import("./routes/leaderboards")),
      screen("how-it-works", () => import("./routes/how-it-works")),
      screen("pricing", () => import("./routes/pricing")),
      screen("success-stories", () => import("./routes/success-stories")),
      screen("help", () => import("./routes/help")),
      screen("contact", () => import("./routes/contact")),
      screen("terms", () => import("./routes/terms")),
      screen("privacy", () => import("./routes/privacy")),
      screen("campaigns/:id/fund", () => import("./routes/fund-campaign")),
      screen("campaigns/:id/success", () => import("./routes/campaign-success")),
      screen("stripe/connected", () => import("./routes/campaign-success")),
      screen("stripe/connect-error", () => import("./routes/stripe-connect-error")),
      screen("earnings", () => import("./routes/earnings")),
      screen("admin/payouts", () => import("./routes/admin-payouts")),
      screen("campaign/:campaignId/promoter/:promoterId", () => import("./routes/legacy-link")),
      screen("auth/signout", () => import("./routes/sign-out")),
      screen("auth/reset-password", () => import("./routes/reset-password")),
      screen("auth/email-verified", () => import("./routes/email-verified")),
      screen("*", () => import("./routes/not-found")),
    ],
  },
]);
