import { CheckCircle2, CircleDashed, FileText, Landmark, RefreshCw } from "lucide-react";
import { type CampaignSettings, campaignsApi } from "../../../core/api/campaigns";
import { formatCents } from "../../../core/money";
import { payoutStatusMessage, usePayoutAccount, usePayoutSetup } from "../../lib/payouts";
import { useAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/use-api";
import { ResendVerificationButton } from "../account/resend-verification";
import { ErrorAlert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";

/** Who pays prizes, as the card names it: the sandbox says so, no real money moves through it. */
const providerName: Record<CampaignSettings["paymentProvider"], string> = {
  stripe: "Stripe",
  sandbox: "FanBoost's sandbox payment provider (test details only; no real money moves)",
};

/**
 * SPEC.md payout setup: not started (Set Up Payouts), onboarding incomplete (Enable Payouts) or enabled, through the
 * payment provider's onboarding in an 800x600 popup. A verified email comes first (PRODUCT.md Accounts). When a payout
 * waits for the promoter's tax information (`taxInfoNeededCents`), the same onboarding asks for the tax form.
 */
export function PayoutStatusCard({ taxInfoNeededCents = 0 }: { taxInfoNeededCents?: number }) {
  const { account: signedIn } = useAccount();
  const unverified = signedIn ? !signedIn.user.email_verified : false;
  const account = usePayoutAccount(true);
  const status = account.data;
  const settings = useApi(campaignsApi.settings, {}, { staleTime: Number.POSITIVE_INFINITY });
  const provider = providerName[settings.data?.paymentProvider ?? "stripe"];
  const needsTaxInfo = taxInfoNeededCents > 0 && status?.tax_info_on_file === false;
  const setup = usePayoutSetup(
    () =>
      toast.success(
        needsTaxInfo
          ? "Tax information received. Request your payout to get paid."
          : "Payouts enabled! Prize money will reach your account.",
      ),
    needsTaxInfo,
  );
  const enabled = Boolean(status?.details_submitted && status.payouts_enabled);
  const state = !status?.hasAccount ? "not-started" : enabled ? "enabled" : "incomplete";

  return (
    <Card>
      <CardBody className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Landmark className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">Payout account</h2>
            {account.isPending ? (
              <p className="text-sm text-slate-600">Checking payout status…</p>
            ) : account.isError ? null : state === "enabled" ? (
              <p className="text-sm text-slate-600">Prize money is transferred to your account through {provider}.</p>
            ) : state === "incomplete" ? (
              <p className="text-sm text-slate-600">
                Your account exists, but onboarding is not finished. Finish it to receive payouts.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                Connect a payout account with {provider} so we can send your prize money. It takes a few minutes, once.
              </p>
            )}
          </div>
        </div>
        {account.isError ? (
          <ErrorAlert>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{payoutStatusMessage(account.error)}</span>
              <Button size="sm" variant="secondary" onClick={() => account.refetch()}>
                <RefreshCw className="h-3.5 w-3.5" aria-hidden /> Retry
              </Button>
            </div>
          </ErrorAlert>
        ) : null}
        {status ? (
          <div className="flex flex-wrap items-center gap-3">
            {state === "enabled" ? (
              <Badge tone="success">
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Payouts enabled
              </Badge>
            ) : (
              <>
                <Badge tone={state === "incomplete" ? "warning" : "neutral"}>
                  <CircleDashed className="h-3.5 w-3.5" aria-hidden />{" "}
                  {state === "incomplete" ? "Onboarding incomplete" : "Not set up"}
                </Badge>
                {unverified ? null : (
                  <Button variant="accent" loading={setup.busy} onClick={setup.start}>
                    {state === "incomplete" ? "Enable Payouts" : "Set Up Payouts"}
                  </Button>
                )}
              </>
            )}
          </div>
        ) : null}
        {needsTaxInfo && state === "enabled" ? (
          <div className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
            <p>
              <strong>Tax information needed.</strong> {formatCents(taxInfoNeededCents)} of your prizes waits for it:
              this year's prizes reach the reporting threshold, so the payment provider needs your tax form (a W-9 in
              the United States, a W-8BEN elsewhere) before we pay. FanBoost keeps only whether you gave it.
            </p>
            <div>
              <Button variant="accent" loading={setup.busy} onClick={setup.start}>
                <FileText className="h-4 w-4" aria-hidden /> Give Tax Information
              </Button>
            </div>
          </div>
        ) : null}
        {unverified && state !== "enabled" ? (
          <div className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
            <p>
              <strong>Verify your email address first.</strong> We sent a link to {signedIn?.user.email}; open it, then
              come back here to set up payouts.
            </p>
            <div>
              <ResendVerificationButton />
            </div>
          </div>
        ) : null}
        {setup.error ? <ErrorAlert onDismiss={setup.clearError}>{setup.error}</ErrorAlert> : null}
      </CardBody>
    </Card>
  );
}
