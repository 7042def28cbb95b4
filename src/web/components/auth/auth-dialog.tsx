import { Eye, EyeOff, Megaphone, Music } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { accountsApi } from "../../../core/api/accounts";
import { authMessages, fieldErrors, signInSchema, signUpFormSchema } from "../../../core/auth-rules";
import { validationFailedMessage } from "../../../core/text-rules";
import { ApiError } from "../../lib/api";
import { useRefreshAccount } from "../../lib/session";
import { signedInAgain } from "../../lib/session-expiry";
import { toast } from "../../lib/toast";
import { callApi } from "../../lib/use-api";
import { ErrorAlert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";
import { type AuthMode, type UserType, useAuthDialog } from "./auth-dialog-context";

type Values = {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  artistName: string;
  socialHandle: string;
  acceptTerms: boolean;
};

/** The server names fields as the API does; the form as its state does. */
const formFieldOf: Record<string, keyof Values> = {
  first_name: "firstName",
  last_name: "lastName",
  artist_name: "artistName",
  social_handle: "socialHandle",
};
const formErrorsOf = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [formFieldOf[name] ?? name, message]));

const emptyValues: Values = {
  email: "",
  password: "",
  confirmPassword: "",
  firstName: "",
  lastName: "",
  artistName: "",
  socialHandle: "",
  acceptTerms: false,
};

function PasswordInput({
  id,
  describedBy,
  invalid,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? "text" : "password"}
        aria-describedby={describedBy}
        invalid={invalid}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        className="pr-11"
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-slate-800"
        aria-label={visible ? "Hide password" : "Show password"}
      >
        {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}

function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.shape.email.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setSubmitting(true);
    try {
      await callApi(accountsApi.requestPasswordReset, { body: { email: parsed.data } });
      setSent(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : authMessages.fallback);
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200" role="status">
          If an account exists for {email.trim().toLowerCase()}, we've sent it a link to reset the password. The link
          works for one hour.
        </p>
        <Button variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Enter your account's email and we'll send you a link to choose a new password.
      </p>
      <Field label="Email" error={error}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            aria-describedby={describedBy}
            invalid={invalid}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <Button type="submit" loading={submitting}>
        Send reset link
      </Button>
      <Button variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

/** The sign-in / sign-up modal of SPEC.md (Auth modal), with Artist and Promoter tabs when signing up. */
export function AuthDialog() {
  const { request, closeAuth } = useAuthDialog();
  const refreshAccount = useRefreshAccount();
  const [mode, setMode] = useState<AuthMode | "forgot">("login");
  const [userType, setUserType] = useState<UserType>("promoter");
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [providerError, setProviderError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    setErrors({});
    setProviderError(undefined);
    // Closed: what was typed goes, so the next sign-in or sign-up starts empty (a stale confirmation would not match).
    if (!request) {
      setValues(emptyValues);
      return;
    }
    setMode(request.mode);
    if (request.userType) setUserType(request.userType);
  }, [request]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProviderError(undefined);
    const parsed =
      mode === "signup"
        ? signUpFormSchema.safeParse({ ...values, userType })
        : signInSchema.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      const byField = fieldErrors(parsed.error);
      setErrors(byField);
      toast.warning(validationFailedMessage(Object.values(byField)));
      return;
    }
    setSubmitting(true);
    try {
      if (mode === "signup") {
        await callApi(accountsApi.signUp, {
          body: {
            email: parsed.data.email,
            password: values.password,
            name: `${values.firstName.trim()} ${values.lastName.trim()}`,
            first_name: values.firstName,
            last_name: values.lastName,
            artist_name: userType === "artist" ? values.artistName : undefined,
            social_handle: userType === "promoter" ? values.socialHandle : undefined,
            user_type: userType,
          },
        });
      } else {
        await callApi(accountsApi.signIn, { body: { email: parsed.data.email, password: values.password } });
      }
      const account = await refreshAccount();
      setValues(emptyValues);
      closeAuth();
      window.dispatchEvent(new CustomEvent("userLoggedIn", { detail: account?.user ?? null }));
      signedInAgain();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setErrors(formErrorsOf(caught.fields));
      // A taken social handle is said beside its field (the account was not created), not again above the form.
      if (caught instanceof Error && caught.message === authMessages.socialHandleTaken) {
        setErrors({ socialHandle: caught.message });
        return;
      }
      setProviderError(caught instanceof Error && caught.message ? caught.message : authMessages.fallback);
    } finally {
      setSubmitting(false);
    }
  };

  const title = mode === "signup" ? "Create your account" : mode === "forgot" ? "Reset your password" : "Welcome back";
  const description =
    mode === "signup"
      ? userType === "artist"
        ? "Fund a prize for your song and let fans compete to spread it."
        : "Join campaigns, share your link and win cash prizes."
      : mode === "login"
        ? "Sign in to your FanBoost account."
        : undefined;

  const textField = (
    key: "firstName" | "lastName" | "artistName" | "socialHandle" | "email",
    label: string,
    autoComplete: string,
  ) => (
    <Field label={label} error={errors[key]}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          type={key === "email" ? "email" : "text"}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          invalid={invalid}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  const fields = (
    <>
      {providerError ? <ErrorAlert>{providerError}</ErrorAlert> : null}

      {mode === "signup" ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {textField("firstName", "First name", "given-name")}
          {textField("lastName", "Last name", "family-name")}
        </div>
      ) : null}
      {mode === "signup" && userType === "artist" ? textField("artistName", "Artist name", "organization") : null}
      {mode === "signup" && userType === "promoter"
        ? textField("socialHandle", "Social handle (optional)", "nickname")
        : null}
      {textField("email", "Email", "email")}
      <Field label="Password" error={errors.password}>
        {(ids) => (
          <PasswordInput
            {...ids}
            value={values.password}
            onChange={(value) => set("password", value)}
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
          />
        )}
      </Field>
      {mode === "login" ? (
        <button
          type="button"
          onClick={() => setMode("forgot")}
          className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot your password?
        </button>
      ) : null}
      {mode === "signup" ? (
        <>
          <Field label="Confirm password" error={errors.confirmPassword}>
            {(ids) => (
              <PasswordInput
                {...ids}
                value={values.confirmPassword}
                onChange={(value) => set("confirmPassword", value)}
                autoComplete="new-password"
              />
            )}
          </Field>
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.acceptTerms}
                onChange={(event) => set("acceptTerms", event.target.checked)}
                aria-invalid={Boolean(errors.acceptTerms) || undefined}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
              />
              <span>
                I agree to the{" "}
                <a href="/terms" target="_blank" className="font-medium text-brand-700 underline" rel="noopener">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy" target="_blank" className="font-medium text-brand-700 underline" rel="noopener">
                  Privacy Policy
                </a>
              </span>
            </label>
            {errors.acceptTerms ? (
              <p className="mt-1 text-sm text-red-700" role="alert">
                {errors.acceptTerms}
              </p>
            ) : null}
          </div>
        </>
      ) : null}

      <Button type="submit" variant="accent" size="lg" loading={submitting}>
        {mode === "signup" ? (userType === "artist" ? "Create Artist Account" : "Create Promoter Account") : "Sign In"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {mode === "signup" ? "Already have an account?" : "Don't have an account?"}{" "}
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => {
            setMode(mode === "signup" ? "login" : "signup");
            setErrors({});
            setProviderError(undefined);
          }}
        >
          {mode === "signup" ? "Sign in" : "Sign up"}
        </button>
      </p>
    </>
  );

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && closeAuth()}
      title={title}
      description={description}
    >
      {mode === "forgot" ? (
        <ForgotPassword initialEmail={values.email} onBack={() => setMode("login")} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mode === "signup" ? (
            <Tabs value={userType} onValueChange={setUserType}>
              <TabList label="Account type" className="grid w-full grid-cols-2">
                <Tab value="artist" className="flex items-center justify-center gap-2">
                  <Music className="h-4 w-4" aria-hidden /> Artist
                </Tab>
                <Tab value="promoter" className="flex items-center justify-center gap-2">
                  <Megaphone className="h-4 w-4" aria-hidden /> Promoter
                </Tab>
              </TabList>
              {(["artist", "promoter"] as const).map((type) => (
                <TabPanel key={type} value={type} className="mt-4 flex flex-col gap-4">
                  {fields}
                </TabPanel>
              ))}
            </Tabs>
          ) : (
            // Signing in is the same for both kinds of account: no tabs that would change nothing.
            <div className="flex flex-col gap-4">{fields}</div>
          )}
        </form>
      )}
    </Dialog>
  );
}
