import { CreditCard } from "lucide-react";
import { type FormEvent, useState } from "react";
import { campaignsApi } from "../../../core/api/campaigns";
import { formatCents } from "../../../core/money";
import { useApiMutation } from "../../lib/use-api";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";

type Props = { campaignId: string; amountCents: number; onConfirmed: () => void; onError: (message: string) => void };

const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** The sandbox provider's card form: test cards only, charged and activated on the server. */
export function SandboxCardForm({ campaignId, amountCents, onConfirmed, onError }: Props) {
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const pay = useApiMutation(campaignsApi.sandboxPayment, {
    onSuccess: onConfirmed,
    onError: (error) => onError(error instanceof Error && error.message ? error.message : "Payment failed"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate({ params: { id: campaignId }, body: card });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex gap-2">
        <span className="inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2 text-sm font-semibold text-brand-800 ring-2 ring-brand-600">
          <CreditCard className="h-4 w-4" aria-hidden /> Card
        </span>
      </div>
      <p className="rounded-xl bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200">
        Sandbox payments: no real money moves. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any
        future expiry date and any CVC.
      </p>
      <Field label="Card number">
        {({ id }) => (
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: groupCardNumber(e.target.value) })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)">
          {({ id }) => (
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.expiry}
              onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
            />
          )}
        </Field>
        <Field label="CVC">
          {({ id }) => (
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={card.cvc}
              onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, "") })}
            />
          )}
        </Field>
      </div>
      <Button type="submit" variant="accent" size="lg" loading={pay.isPending}>
        Pay {formatCents(amountCents)}
      </Button>
    </form>
  );
}
