import { useState } from "react";
import { adminApi } from "../../../core/api/admin";
import { formatCents } from "../../../core/money";
import type { PassOnGround } from "../../../core/vocabulary";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type AnyContract, useApiMutation } from "../../lib/use-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Textarea } from "../ui/field";

/** What is passed on: a candidate's unpaid prize. */
export type PassOnTarget = { payoutId: string; handle: string; amountCents: number; title: string };

const reasonNeeded = "Give a reason for passing the prize on";

const groundChoices: Array<{ value: PassOnGround; label: string; hint: string }> = [
  {
    value: "fraud",
    label: "Fraud",
    hint: "Bought or scripted clicks, or several accounts of one person: every account linked to them is passed over too.",
  },
  { value: "ineligible", label: "Another rule", hint: "They do not qualify for another reason the rules give." },
];

/**
 * Pass On (PRODUCT.md Winner verification): the admin says why, in words the promoter is shown, and on which grounds;
 * the next eligible promoter becomes the candidate and waits for approval in turn. The dialog stays open until the
 * server has taken it, with its error in place.
 */
export function usePassOn(invalidates: AnyContract[]) {
  const [target, setTarget] = useState<PassOnTarget | null>(null);
  const [grounds, setGrounds] = useState<PassOnGround>("fraud");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const passOn = useApiMutation(adminApi.passOnPayout, {
    invalidates,
    onSuccess: (result) => {
      setTarget(null);
      toast.success(
        result.winners.length > 0
          ? `Passed on to ${result.winners.map((handle) => `@${handle}`).join(", ")}, who wait${result.winners.length === 1 ? "s" : ""} for approval.`
          : "Nobody else can win: the prize is refunded to the artist.",
      );
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : "Pass On failed"),
  });

  const open = (next: PassOnTarget) => {
    setTarget(next);
    setGrounds("fraud");
    setReason("");
    setError(undefined);
  };

  const dialog = (
    <Dialog
      open={target !== null}
      onOpenChange={(isOpen) => !isOpen && setTarget(null)}
      title="Pass prize on"
      description={
        target
          ? `Pass the ${formatCents(target.amountCents)} of @${target.handle} for "${target.title}" to the next eligible promoter? @${target.handle} can no longer win it; with nobody eligible left, it is refunded to the artist.`
          : undefined
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!target) return;
          if (!reason.trim()) {
            setError(reasonNeeded);
            return;
          }
          setError(undefined);
          passOn.mutate({ params: { payoutId: target.payoutId }, body: { grounds, reason: reason.trim() } });
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Grounds</legend>
          {groundChoices.map((choice) => (
            <label key={choice.value} className="flex items-start gap-2 rounded-xl p-2 ring-1 ring-slate-200">
              <input
                type="radio"
                name="grounds"
                value={choice.value}
                checked={grounds === choice.value}
                onChange={() => setGrounds(choice.value)}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{choice.label}</span>
                <span className="block text-xs text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field label="Reason" hint="The promoter is shown this reason." error={error}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              value={reason}
              maxLength={500}
              className="min-h-20"
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setTarget(null)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={passOn.isPending}>
            Pass Prize On
          </Button>
        </div>
      </form>
    </Dialog>
  );

  return { open, dialog, passing: (payoutId: string) => passOn.isPending && target?.payoutId === payoutId };
}
