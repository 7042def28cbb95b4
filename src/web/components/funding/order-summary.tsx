import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import type { Funding } from "../../../core/api/campaigns";
import { formatCents, PLATFORM_FEE_PERCENT } from "../../../core/money";
import { Card, CardBody } from "../ui/card";

type Payable = Extract<Funding, { alreadyFunded: false }>;

/** The funding page's one message at a time: setting up, an error, the payment confirmed. */
export function CenteredCard({ children }: { children: ReactNode }) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">{children}</CardBody>
      </Card>
    </section>
  );
}

/** What the artist pays for: the prize, the platform fee and the total, and who handles the card. */
export function OrderSummary({ campaign, payment }: Omit<Payable, "alreadyFunded">) {
  return (
    <div>
      <h1 className="text-3xl font-extrabold text-slate-900">Fund your campaign</h1>
      <p className="mt-2 text-slate-600">Your campaign goes live as soon as the payment is confirmed.</p>
      <Card className="mt-6">
        <CardBody>
          <h2 className="text-lg font-bold text-slate-900">{campaign.title}</h2>
          <p className="text-sm text-slate-600">by {campaign.artist_name}</p>
          <dl className="mt-5 flex flex-col gap-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Prize pool</dt>
              <dd className="font-semibold">{formatCents(campaign.prize_cents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
              <dd className="font-semibold">{formatCents(campaign.platform_fee_cents)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-100 pt-3 text-base">
              <dt className="font-semibold text-slate-900">Total</dt>
              <dd className="font-extrabold text-slate-900">{formatCents(payment.amountCents)}</dd>
            </div>
          </dl>
        </CardBody>
      </Card>
      <p className="mt-4 flex items-start gap-2 text-xs text-slate-500">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Payments are processed securely by {payment.provider === "stripe" ? "Stripe" : "the sandbox payment provider"}.
        FanBoost never sees or stores your card number.
      </p>
    </div>
  );
}
