import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "./api";

export type Role = "artist" | "promoter" | "admin";
export type Account = {
  user: {
    id: string;
    email: string;
    email_verified: boolean;
    name: string;
    first_name: string | null;
    last_name: string | null;
    artist_name: string | null;
    social_handle: string | null;
    user_type: "artist" | "promoter";
  };
  role: Role;
  isAdmin: boolean;
  promoter: { id: string; handle: string; total_clicks_all_time: number } | null;
};

/** Browser storage is only a display cache (SPEC.md section 3); the server session decides everything. */
export const storageKeys = {
  loggedIn: "fanboost_logged_in",
  user: "fanboost_user",
  clearedAtSignOut: ["promoterId", "myShortCode", "fanboost_promo_links", "fanboost_logged_in", "fanboost_user"],
} as const;

export const accountQueryKey = ["me"] as const;

const fetchAccount = () => apiFetch<Account | null>("/api/me");

export function rememberSignedIn(account: Account) {
  localStorage.setItem(storageKeys.loggedIn, "true");
  localStorage.setItem(storageKeys.user, JSON.stringify({ email: account.user.email, type: account.user.user_type }));
}

export function forgetSignedIn() {
  for (const key of storageKeys.clearedAtSignOut) localStorage.removeItem(key);
}

/** The signed-in account (null when signed out), from the server session. */
export function useAccount() {
  const query = useQuery({ queryKey: accountQueryKey, queryFn: fetchAccount, staleTime: 60_000, retry: false });
  return { account: query.data ?? null, loading: query.isPending, error: query.error };
}

export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const account = await queryClient.fetchQuery({ queryKey: accountQueryKey, queryFn: fetchAccount, staleTime: 0 });
    if (account) rememberSignedIn(account);
    else forgetSignedIn();
    return account;
  }, [queryClient]);
}

export async function signOutOnServer(): Promise<void> {
  await apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
  forgetSignedIn();
}

export function dashboardPath(account: Account): string {
  return account.user.user_type === "artist" ? "/artist-dashboard" : "/promoter-dashboard";
}
