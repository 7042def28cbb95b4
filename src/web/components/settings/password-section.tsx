import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { accountsApi } from "../../../core/api/accounts";
import { authMessages, passwordChangeSchema } from "../../../core/auth-rules";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { apiKey, useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

const passwordFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: authMessages.passwordsDoNotMatch,
  });

/** The current password, then the new one twice; the other devices are signed out. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
  const form = useZodForm({ schema: passwordFormSchema, initial: empty });
  const change = useApiMutation(accountsApi.changePassword);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await change.mutateAsync({ body: { currentPassword: body.currentPassword, newPassword: body.newPassword } });
      form.setValues(empty);
      await queryClient.invalidateQueries({ queryKey: apiKey(accountsApi.listSessions) });
      toast.success("Password changed. Your other devices were signed out.");
    } catch (error) {
      if (!form.showServerErrors(error)) {
        form.setErrors({
          currentPassword:
            error instanceof ApiError && error.status === 400
              ? "That password is not right"
              : failure(error, "Failed to change your password"),
        });
      }
    }
  });
  return (
    <Section title="Password" lead="Changing it signs you out everywhere else.">
      <form ref={form.formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-3" noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field("currentPassword")}
        />
        <TextField label="New password" type="password" autoComplete="new-password" {...form.field("newPassword")} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <div className="sm:col-span-3">
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </Section>
  );
}
