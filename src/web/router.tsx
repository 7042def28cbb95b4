import { createBrowserRouter } from "react-router";
import { AppLayout } from "./components/layout/app-layout";
import { RouteErrorScreen } from "./components/layout/route-error";

/** Each screen is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./routes/home")).default }) },
      { path: "auth/signout", lazy: async () => ({ Component: (await import("./routes/sign-out")).default }) },
      {
        path: "auth/reset-password",
        lazy: async () => ({ Component: (await import("./routes/reset-password")).default }),
      },
      { path: "*", lazy: async () => ({ Component: (await import("./routes/not-found")).default }) },
    ],
  },
]);
