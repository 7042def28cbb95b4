import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { usePayoutAccount } from "../../lib/payouts";

/**
 * Where the payout provider's onboarding returns inside the popup (finished or not: "Finish later" returns here too):
 * it says which, from the account's real status, and tells the opener by closing.
 */
export function PopupReturn() {
  const status = usePayoutAccount(true);
  const finished = Boolean(status.data?.details_submitted && status.data.payouts_enabled);
  useEffect(() => {
    if (status.isPending) return;
    const timer = window.setTimeout(() => window.close(), 2000);
    return () => window.clearTimeout(timer);
  }, [status.isPending]);
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center gap-3 py-16 text-center">
      {status.isPending ? (
        <h1 className="text-2xl font-bold text-slate-900">Checking your payout setup…</h1>
      ) : finished ? (
        <>
          <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Payout setup finished</h1>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Payout setup not finished yet</h1>
          <p className="text-slate-600">You can finish it any time from your Earnings page.</p>
        </>
      )}
      <p className="text-slate-600">This window closes by itself. You can also close it now.</p>
    </section>
  );
}
