import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2, LogOut, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { accountKey, forgetSignedIn, type signOutFromApp, useSignOut } from "../lib/session";

type State = { phase: "confirm" } | { phase: "signing-out" } | { phase: "done" } | { phase: "error"; message: string };

/**
 * /auth/signout: SPEC.md's three states when a Sign Out of the app led here; success goes home after 1.5 s, failure
 * after 3 s. Arriving any other way (typed, or sent by another site) it asks first.
 */
export default function SignOutPage() {
  usePageMeta("Signing out");
  const navigate = useNavigate();
  const location = useLocation();
  const fromApp = (location.state as typeof signOutFromApp | null)?.signOutFromApp === true;
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ phase: fromApp ? "signing-out" : "confirm" });
  const started = useRef(false);
  const { mutateAsync: signOut } = useSignOut();

  useEffect(() => {
    if (state.phase !== "signing-out" || started.current) return;
    started.current = true;
    signOut({})
      .then(() => setState({ phase: "done" }))
      .catch((error: unknown) => {
        forgetSignedIn();
        setState({
          phase: "error",
          message: error instanceof Error && error.message ? error.message : "Sign out failed",
        });
      })
      .finally(() => queryClient.setQueryData(accountKey, null));
  }, [queryClient, signOut, state.phase]);

  useEffect(() => {
    if (state.phase === "signing-out" || state.phase === "confirm") return;
    const timer = setTimeout(() => navigate("/", { replace: true }), state.phase === "done" ? 1500 : 3000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <section className="container-page flex flex-1 items-center justify-center py-20">
      <Card className="w-full max-w-md text-center">
        <CardBody className="flex flex-col items-center gap-3 py-10">
          {state.phase === "confirm" ? (
            <>
              <LogOut className="h-10 w-10 text-slate-500" aria-hidden />
              <h1 className="text-2xl font-bold">Sign out of FanBoost?</h1>
              <p className="text-slate-600">You will need your email and password to sign in again.</p>
              <div className="flex flex-wrap justify-center gap-3">
                <Button onClick={() => setState({ phase: "signing-out" })}>Sign Out</Button>
                <Button variant="secondary" onClick={() => navigate("/", { replace: true })}>
                  Stay Signed In
                </Button>
              </div>
            </>
          ) : state.phase === "signing-out" ? (
            <>
              <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
              <h1 className="text-2xl font-bold">Signing You Out...</h1>
            </>
          ) : state.phase === "done" ? (
            <>
              <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
              <h1 className="text-2xl font-bold">Signed Out Successfully</h1>
              <p className="text-slate-600">Taking you home…</p>
            </>
          ) : (
            <>
              <XCircle className="h-10 w-10 text-red-600" aria-hidden />
              <h1 className="text-2xl font-bold">Sign Out Error</h1>
              <p className="text-slate-700">{state.message}</p>
              <p className="text-sm text-slate-500">Redirecting anyway...</p>
              <Button onClick={() => navigate("/", { replace: true })}>Go Home Now</Button>
            </>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
