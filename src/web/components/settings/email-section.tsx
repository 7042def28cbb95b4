import { useState } from "react";
import { z } from "zod";
import { type Account, accountsApi } from "../../../core/api/accounts";
import { signInSchema } from "../../../core/auth-rules";
import { useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { ResendVerificationButton } from "../account/resend-verification";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

const newEmailSchema = z.object({ newEmail: signInSchema.shape.email, password: signInSchema.shape.password });

/**
 * A new address replaces the old one once the link sent to it is opened; the current password is asked, and the old
 * address is told, with a way to undo it.
 */
export function EmailSection({ account }: { account: Account }) {
  const empty = { newEmail: "", password: "" };
  const form = useZodForm({ schema: newEmailSchema, initial: empty });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useApiMutation(accountsApi.changeEmail);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      const { sentTo: address } = await change.mutateAsync({ body });
      setSentTo(address);
      form.setValues(empty);
    } catch (error) {
      if (!form.showServerErrors(error)) form.setErrors({ newEmail: failure(error, "Failed to change your email") });
    }
  });
  return (
    <Section title="Email">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <span className="break-all">{account.user.email}</span>
        {account.user.email_verified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
      </p>
      {account.user.email_verified ? null : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p>Open the link we emailed you to verify your address: payouts need a verified email.</p>
          <ResendVerificationButton />
        </div>
      )}
      {sentTo ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
        >
          We sent a link to {sentTo}. Your email changes once you open it.
        </p>
      ) : null}
      <form ref={form.formRef} onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]" noValidate>
        <TextField label="New email" type="email" autoComplete="email" {...form.field("newEmail")} />
        <TextField
          label="Password to confirm"
          type="password"
          autoComplete="current-password"
          {...form.field("password")}
        />
        <Button type="submit" variant="secondary" className="self-start sm:mt-7" loading={change.isPending}>
          Change Email
        </Button>
      </form>
    </Section>
  );
}
