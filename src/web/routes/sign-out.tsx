import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { accountKey, forgetSignedIn, signOutOnServer } from "../lib/session";

type State = { phase: "signing-out" } | { phase: "done" } | { phase: "error"; message: string };

/** /auth/signout: SPEC.md's three states; success goes home after 1.5 s, failure after 3 s. */
export default function SignOutPage() {
  usePageMeta("Signing out");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ phase: "signing-out" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOutOnServer()
      .then(() => setState({ phase: "done" }))
      .catch((error: unknown) => {
        forgetSignedIn();
        setState({
          phase: "error",
          message: error instanceof Error && error.message ? error.message : "Sign out failed",
        });
      })
      .finally(() => queryClient.setQueryData(accountKey, null));
  }, [queryClient]);

  useEffect(() => {
    if (state.phase === "signing-out") return;
    const timer = setTimeout(() => navigate("/", { replace: true }), state.phase === "done" ? 1500 : 3000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <section className="container-page flex flex-1 items-center justify-center py-20">
      <Card className="w-full max-w-md text-center">
        <CardBody className="flex flex-col items-center gap-3 py-10">
          {state.phase === "signing-out" ? (
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
