import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Account, accountsApi } from "../../core/api/accounts";
import { apiKey, callApi, useApi, useApiMutation } from "./use-api";

export type { Account } from "../../core/api/accounts";

/** Browser storage is only a display cache (SPEC.md section 3); the server session decides everything. */
export const storageKeys = {
  loggedIn: "fanboost_logged_in",
  user: "fanboost_user",
  clearedAtSignOut: ["promoterId", "myShortCode", "fanboost_promo_links", "fanboost_logged_in", "fanboost_user"],
} as const;

/** The cache entry of the signed-in account: `/api/me`'s key. */
export const accountKey = apiKey(accountsApi.me, {});

export function rememberSignedIn(account: Account) {
  localStorage.setItem(storageKeys.loggedIn, "true");
  localStorage.setItem(storageKeys.user, JSON.stringify({ email: account.user.email, type: account.user.user_type }));
}

export function forgetSignedIn() {
  for (const key of storageKeys.clearedAtSignOut) localStorage.removeItem(key);
}

/** The signed-in account (null when signed out), from the server session. */
export function useAccount() {
  const query = useApi(accountsApi.me, {}, { staleTime: 60_000, retry: false });
  return { account: query.data ?? null, loading: query.isPending, error: query.error };
}

export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const account = await queryClient.fetchQuery({
      queryKey: accountKey,
      queryFn: () => callApi(accountsApi.me),
      staleTime: 0,
    });
    if (account) rememberSignedIn(account);
    else forgetSignedIn();
    return account;
  }, [queryClient]);
}

/**
 * The router state the app's own Sign Out links carry: /auth/signout signs out at once when it is there, and asks
 * first when it is not (arriving directly, or sent by another site, which must not be able to sign a visitor out).
 */
export const signOutFromApp = { signOutFromApp: true } as const;

/** Signing out on the server, then forgetting this browser's display cache of the account. */
export function useSignOut() {
  return useApiMutation(accountsApi.signOut, { onSuccess: forgetSignedIn });
}

export function dashboardPath(account: Account): string {
  return account.user.user_type === "artist" ? "/artist-dashboard" : "/promoter-dashboard";
}
