import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { whenSessionExpires } from "../../lib/session-expiry";

export type AuthMode = "login" | "signup";
export type UserType = "artist" | "promoter";
/** `afterSignIn`: where the person was going, done once they are signed in (Start Campaign: the wizard). */
export type AuthDialogRequest = { mode: AuthMode; userType?: UserType; afterSignIn?: () => void };

type AuthDialogState = {
  request: AuthDialogRequest | null;
  openAuth: (request: AuthDialogRequest) => void;
  closeAuth: () => void;
};

const AuthDialogContext = createContext<AuthDialogState | null>(null);

/** Lets any page open the sign-in / sign-up dialog in a given mode and tab; an expired session opens sign-in. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<AuthDialogRequest | null>(null);
  const openAuth = useCallback((next: AuthDialogRequest) => setRequest(next), []);
  const closeAuth = useCallback(() => setRequest(null), []);
  useEffect(() => whenSessionExpires(() => setRequest({ mode: "login" })), []);
  const value = useMemo(() => ({ request, openAuth, closeAuth }), [request, openAuth, closeAuth]);
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

export function useAuthDialog(): AuthDialogState {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error("useAuthDialog needs an AuthDialogProvider");
  return value;
}
