import { Eye, EyeOff, Megaphone, Music } from "lucide-react";
import { useEffect, useState } from "react";
import { accountsApi } from "../../../core/api/accounts";
import { authMessages, signInSchema, signUpFormSchema } from "../../../core/auth-rules";
import { useRefreshAccount } from "../../lib/session";
import { signedInAgain } from "../../lib/session-expiry";
import { useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { ErrorAlert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";
import { CheckboxField, TextField } from "../ui/text-field";
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

const forgotSchema = signInSchema.pick({ email: true });

function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useZodForm({ schema: forgotSchema, initial: { email: initialEmail } });
  const sendLink = useApiMutation(accountsApi.requestPasswordReset);

  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await sendLink.mutateAsync({ body });
    } catch (caught) {
      form.setErrors({ email: caught instanceof Error ? caught.message : authMessages.fallback });
    }
  });

  if (sendLink.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200" role="status">
          If an account exists for {form.values.email.trim().toLowerCase()}, we've sent it a link to reset the password.
          The link works for one hour.
        </p>
        <Button variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Enter your account's email and we'll send you a link to choose a new password.
      </p>
      <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
      <Button type="submit" loading={sendLink.isPending}>
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
  const [providerError, setProviderError] = useState<string>();
  const form = useZodForm({
    schema: mode === "signup" ? signUpFormSchema : signInSchema,
    initial: emptyValues,
    toInput: (values) =>
      mode === "signup" ? { ...values, userType } : { email: values.email, password: values.password },
    fieldOf: formFieldOf,
  });
  const { setErrors, setValues } = form;

  /** Signed in: the account is read again, the dialog closes, and a write the expired session stopped is done. */
  const signedIn = async () => {
    const account = await refreshAccount();
    setValues(emptyValues);
    const afterSignIn = request?.afterSignIn;
    closeAuth();
    window.dispatchEvent(new CustomEvent("userLoggedIn", { detail: account?.user ?? null }));
    signedInAgain();
    afterSignIn?.();
  };
  const signUp = useApiMutation(accountsApi.signUp, { onSuccess: signedIn });
  const signIn = useApiMutation(accountsApi.signIn, { onSuccess: signedIn });

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
  }, [request, setErrors, setValues]);

  const submit = form.onSubmit(async () => {
    setProviderError(undefined);
    const parsed = form.validate();
    if (!parsed) return;
    const { values } = form;
    try {
      if (mode === "signup") {
        await signUp.mutateAsync({
          body: {
            email: parsed.email,
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
        await signIn.mutateAsync({ body: { email: parsed.email, password: values.password } });
      }
    } catch (caught) {
      form.showServerErrors(caught);
      // A taken social handle is said beside its field (the account was not created), not again above the form.
      if (caught instanceof Error && caught.message === authMessages.socialHandleTaken) {
        setErrors({ socialHandle: caught.message });
        return;
      }
      setProviderError(caught instanceof Error && caught.message ? caught.message : authMessages.fallback);
    }
  });

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
    <TextField
      label={label}
      type={key === "email" ? "email" : "text"}
      autoComplete={autoComplete}
      {...form.field(key)}
    />
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
      <Field label="Password" error={form.errors.password}>
        {(ids) => (
          <PasswordInput
            {...ids}
            value={form.values.password}
            onChange={(value) => form.set("password", value)}
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
          <Field label="Confirm password" error={form.errors.confirmPassword}>
            {(ids) => (
              <PasswordInput
                {...ids}
                value={form.values.confirmPassword}
                onChange={(value) => form.set("confirmPassword", value)}
                autoComplete="new-password"
              />
            )}
          </Field>
          <CheckboxField
            label={
              <>
                I agree to the{" "}
                <a href="/terms" target="_blank" className="font-medium text-brand-700 underline" rel="noopener">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy" target="_blank" className="font-medium text-brand-700 underline" rel="noopener">
                  Privacy Policy
                </a>
              </>
            }
            {...form.checkbox("acceptTerms")}
          />
        </>
      ) : null}

      <Button type="submit" variant="accent" size="lg" loading={signUp.isPending || signIn.isPending}>
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
        <ForgotPassword initialEmail={form.values.email} onBack={() => setMode("login")} />
      ) : (
        <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
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
