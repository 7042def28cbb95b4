import { MutationCache, type MutationKey, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { errorLog } from "./error-log";
import { errorFacts } from "./error-reports";
import { isSessionExpiry, reportSeriousError, retryDelay, retryRequest } from "./request-errors";
import { accountKey } from "./session";
import { sessionExpired } from "./session-expiry";

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

/**
 * The app's one query client, and with it what every request goes through: retries by SPEC.md's profiles, an expired
 * session answered once (sign in again, then the failed write is done again), serious failures reported, and each
 * failure and recovery in the local error log.
 */
export function createQueryClient(): QueryClient {
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
      onSuccess: (_data, _variables, _context, mutation) =>
        errorLog.resolve(mutationWhere(mutation.options.mutationKey)),
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: retryRequest(false), retryDelay },
      mutations: { retry: retryRequest(true), retryDelay },
    },
  });
  return queryClient;
}
