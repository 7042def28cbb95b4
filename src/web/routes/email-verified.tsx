import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { ResendVerificationButton } from "../components/account/resend-verification";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { accountKey, dashboardPath, useAccount } from "../lib/session";

/** Where the emailed verification link lands once the server has checked it (with `?error=` when it could not). */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const failed = params.has("error");
  usePageMeta(failed ? "Verification link expired" : "Email verified");
  const queryClient = useQueryClient();
  const { account } = useAccount();

  // The session's account was loaded before the address was verified.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: accountKey });
  }, [queryClient]);

  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          {failed ? (
            <>
              <AlertTriangle className="h-12 w-12 text-amber-500" aria-hidden />
              <h1 className="text-2xl font-bold text-slate-900">Verification Link Expired</h1>
              <p className="text-slate-600">
                This verification link is invalid or has expired.{" "}
                {account ? "Ask for a new one:" : "Sign in to ask for a new one."}
              </p>
              {account ? <ResendVerificationButton size="md" /> : null}
            </>
          ) : (
            <>
              <MailCheck className="h-12 w-12 text-emerald-600" aria-hidden />
              <h1 className="text-2xl font-bold text-slate-900">Email Verified</h1>
              <p className="text-slate-600">
                Thanks, your email address is confirmed. Prize money can now be paid to you once you set up payouts.
              </p>
            </>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={account ? dashboardPath(account) : "/"} className={buttonStyles("primary")}>
              {account ? "Go to Dashboard" : "Go Home"}
            </Link>
            {account ? (
              <Link to="/earnings" className={buttonStyles("secondary")}>
                Earnings
              </Link>
            ) : null}
          </div>
        </CardBody>
      </Card>
    </section>
  );
}
