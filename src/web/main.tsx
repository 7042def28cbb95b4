import "./styles.css";
import {
  MutationCache,
  type MutationKey,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthDialogProvider } from "./components/auth/auth-dialog-context";
import { LazyAuthDialog } from "./components/auth/lazy-auth-dialog";
import { ErrorBoundary } from "./components/errors/error-boundary";
import { Toaster } from "./components/ui/toaster";
import { errorLog } from "./lib/error-log";
import { errorFacts } from "./lib/error-reports";
import { isSessionExpiry, reportSeriousError, retryDelay, retryRequest } from "./lib/request-errors";
import { registerServiceWorker } from "./lib/service-worker";
import { accountKey } from "./lib/session";
import { sessionExpired } from "./lib/session-expiry";
import { router } from "./router";

/**
 * Where a request failed or succeeded, for the local error log: its endpoint (a query's key starts with it, a write's
 * key is its method and endpoint, see use-api.ts) and method, and the page (its path only: a query can hold a token).
 */
const onPage = () => ({ url: window.location.pathname, userAgent: navigator.userAgent });
const queryWhere = (key: QueryKey) => ({ component: String(key[0]), action: "GET", ...onPage() });
const mutationWhere = (key: MutationKey | undefined) => ({
  component: String(key?.[1] ?? "write"),
  action: String(key?.[0] ?? "POST"),
  ...onPage(),
});

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A page of a signed-in user whose session ended: sign in again, here.
    onError: (error, query) => {
      if (isSessionExpiry(error) && queryClient.getQueryData(accountKey)) sessionExpired();
      reportSeriousError(error);
      errorLog.record(errorFacts(error), queryWhere(query.queryKey), query.state.fetchFailureCount);
    },
    onSuccess: (_data, query) => errorLog.resolve(queryWhere(query.queryKey)),
  }),
  mutationCache: new MutationCache({
    onError: (error, variables, _context, mutation) => {
      if (isSessionExpiry(error)) sessionExpired(() => void mutation.execute(variables).catch(() => undefined));
      reportSeriousError(error);
      errorLog.record(errorFacts(error), mutationWhere(mutation.options.mutationKey), mutation.state.failureCount);
    },
    onSuccess: (_data, _variables, _context, mutation) => errorLog.resolve(mutationWhere(mutation.options.mutationKey)),
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
