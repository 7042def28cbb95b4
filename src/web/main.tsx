import "./styles.css";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthDialogProvider } from "./components/auth/auth-dialog-context";
import { LazyAuthDialog } from "./components/auth/lazy-auth-dialog";
import { ErrorBoundary } from "./components/errors/error-boundary";
import { Toaster } from "./components/ui/toaster";
import { isSessionExpiry, reportSeriousError, retryDelay, retryRequest } from "./lib/request-errors";
import { registerServiceWorker } from "./lib/service-worker";
import { accountKey } from "./lib/session";
import { sessionExpired } from "./lib/session-expiry";
import { router } from "./router";

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A page of a signed-in user whose session ended: sign in again, here.
    onError: (error) => {
      if (isSessionExpiry(error) && queryClient.getQueryData(accountKey)) sessionExpired();
      reportSeriousError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, variables, _context, mutation) => {
      if (isSessionExpiry(error)) sessionExpired(() => void mutation.execute(variables).catch(() => undefined));
      reportSeriousError(error);
    },
  }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryRequest(false), retryDelay },
    mutations: { retry: retryRequest(true), retryDelay },
  },
});

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthDialogProvider>
          <RouterProvider router={router} />
          <ErrorBoundary layout="dialog">
            <LazyAuthDialog />
          </ErrorBoundary>
          <Toaster />
        </AuthDialogProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
