import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { ResendVerificationButton } from "../components/account/resend-verification";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { accountKey, dashboardPath, useAccount } from "../lib/session";

/** What the email-change links say when they land here (`?email_change=` done, `?error=` not). */
const emailChangeStates = {
  confirmed: {
    title: "Email Changed",
    text: "Your account now uses its new email address, and it is verified. Your old address was told, in case it wasn't you.",
  },
  undone: {
    title: "Email Restored",
    text: "Your old email address is back and every device was signed out. We've emailed you a link to choose a new password: use it before signing in.",
  },
  invalid_link: {
    title: "Link Expired",
    text: "This link is invalid, has expired or was already used. Nothing was changed.",
  },
  address_taken: {
    title: "Address Already in Use",
    text: "Another account already uses this email address, so the change could not be made.",
  },
} as const;

const isEmailChangeState = (value: string | null): value is keyof typeof emailChangeStates =>
  value !== null && value in emailChangeStates;

/**
 * Where the emailed verification link lands once the server has checked it (with `?error=` when it could not), and
 * the email-change links too.
 */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const change = params.get("email_change") ?? params.get("error");
  const changeState = isEmailChangeState(change) ? emailChangeStates[change] : null;
  const failed = params.has("error");
  usePageMeta(changeState?.title ?? (failed ? "Verification link expired" : "Email verified"));
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
          {changeState ? (
            <>
              {failed ? (
                <AlertTriangle className="h-12 w-12 text-amber-500" aria-hidden />
              ) : (
                <MailCheck className="h-12 w-12 text-emerald-600" aria-hidden />
              )}
              <h1 className="text-2xl font-bold text-slate-900">{changeState.title}</h1>
              <p className="text-slate-600">{changeState.text}</p>
            </>
          ) : failed ? (
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
