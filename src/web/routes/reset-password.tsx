import { CheckCircle2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { accountsApi } from "../../core/api/accounts";
import { authMessages, passwordResetFormSchema } from "../../core/auth-rules";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { ErrorAlert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { TextField } from "../components/ui/text-field";
import { usePageMeta } from "../lib/page-meta";
import { useApiMutation } from "../lib/use-api";
import { useZodForm } from "../lib/use-zod-form";

/** Where the reset email's link lands: choose a new password; every old session ends. */
export default function ResetPasswordPage() {
  usePageMeta("Choose a new password");
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const { openAuth } = useAuthDialog();
  const form = useZodForm({ schema: passwordResetFormSchema, initial: { newPassword: "", confirmPassword: "" } });
  const reset = useApiMutation(accountsApi.resetPassword);

  const submit = form.onSubmit(() => {
    const body = form.validate();
    if (body) reset.mutate({ body: { token: token ?? "", newPassword: body.newPassword } });
  });

  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-md">
        <CardBody className="flex flex-col gap-5">
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          {reset.isSuccess ? (
            <div className="flex flex-col items-start gap-4">
              <p className="flex items-center gap-2 text-emerald-800" role="status">
                <CheckCircle2 className="h-5 w-5" aria-hidden /> Your password has been changed. Every other session has
                been signed out.
              </p>
              <Button onClick={() => openAuth({ mode: "login" })}>Sign In</Button>
            </div>
          ) : !token || linkError ? (
            <ErrorAlert title="This reset link is invalid or has expired">
              Ask for a new one with "Forgot your password?" in the sign-in window.
            </ErrorAlert>
          ) : (
            <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
              {reset.error ? <ErrorAlert>{reset.error.message || authMessages.fallback}</ErrorAlert> : null}
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters"
                {...form.field("newPassword")}
              />
              <TextField
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                {...form.field("confirmPassword")}
              />
              <Button type="submit" loading={reset.isPending}>
                Set new password
              </Button>
            </form>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
