import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { accountsApi } from "../../core/api/accounts";
import { authMessages, PASSWORD_MIN_LENGTH } from "../../core/auth-rules";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { ErrorAlert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Field, Input } from "../components/ui/field";
import { usePageMeta } from "../lib/page-meta";
import { callApi } from "../lib/use-api";

/** Where the reset email's link lands: choose a new password; every old session ends. */
export default function ResetPasswordPage() {
  usePageMeta("Choose a new password");
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const { openAuth } = useAuthDialog();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = authMessages.passwordRequired;
    else if (password.length < PASSWORD_MIN_LENGTH) next.password = authMessages.passwordTooShort;
    if (password !== confirm) next.confirm = authMessages.passwordsDoNotMatch;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      await callApi(accountsApi.resetPassword, { body: { token: token ?? "", newPassword: password } });
      setDone(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : authMessages.fallback);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-md">
        <CardBody className="flex flex-col gap-5">
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          {done ? (
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
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
              <Field label="New password" error={errors.password} hint="At least 8 characters">
                {({ id, describedBy, invalid }) => (
                  <Input
                    id={id}
                    type="password"
                    autoComplete="new-password"
                    aria-describedby={describedBy}
                    invalid={invalid}
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setErrors(({ password: _cleared, ...rest }) => rest);
                    }}
                  />
                )}
              </Field>
              <Field label="Confirm new password" error={errors.confirm}>
                {({ id, describedBy, invalid }) => (
                  <Input
                    id={id}
                    type="password"
                    autoComplete="new-password"
                    aria-describedby={describedBy}
                    invalid={invalid}
                    value={confirm}
                    onChange={(event) => {
                      setConfirm(event.target.value);
                      setErrors(({ confirm: _cleared, ...rest }) => rest);
                    }}
                  />
                )}
              </Field>
              <Button type="submit" loading={submitting}>
                Set new password
              </Button>
            </form>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
