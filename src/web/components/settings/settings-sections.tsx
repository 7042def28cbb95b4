import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { type Account, accountsApi, type OptionalEmailKind, type SessionView } from "../../../core/api/accounts";
import {
  authMessages,
  handleChangeSchema,
  handleRuleText,
  passwordChangeSchema,
  profileUpdateSchema,
  signInSchema,
} from "../../../core/auth-rules";
import { ApiError } from "../../lib/api";
import { useRefreshAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { apiKey, useApi, useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { ResendVerificationButton } from "../account/resend-verification";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { QueryState } from "../ui/query-state";
import { TextField } from "../ui/text-field";

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

function Section({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <Card>
        <CardBody className="flex flex-col gap-4">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            {lead ? <p className="text-sm text-slate-600">{lead}</p> : null}
          </div>
          {children}
        </CardBody>
      </Card>
    </section>
  );
}

/** Name fields, under the sign-up rules. */
export function ProfileSection({ account }: { account: Account }) {
  const artist = account.user.user_type === "artist";
  const refresh = useRefreshAccount();
  const form = useZodForm({
    schema: profileUpdateSchema(account.user.user_type),
    initial: {
      first_name: account.user.first_name ?? "",
      last_name: account.user.last_name ?? "",
      artist_name: account.user.artist_name ?? "",
    },
    toInput: (values) => ({
      first_name: values.first_name,
      last_name: values.last_name,
      name: `${values.first_name.trim()} ${values.last_name.trim()}`,
      ...(artist ? { artist_name: values.artist_name } : {}),
    }),
  });
  const save = useApiMutation(accountsApi.updateUser);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      await refresh();
      toast.success("Profile saved");
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(failure(error, "Failed to save your profile"));
    }
  });
  return (
    <Section title="Profile" lead={artist ? "Your artist name is shown on your campaigns." : undefined}>
      <form ref={form.formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="First name" autoComplete="given-name" {...form.field("first_name")} />
        <TextField label="Last name" autoComplete="family-name" {...form.field("last_name")} />
        {artist ? <TextField label="Artist name" {...form.field("artist_name")} /> : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The handle others see on the leaderboards. */
export function HandleSection({ account }: { account: Account }) {
  const refresh = useRefreshAccount();
  const current = account.promoter?.handle ?? null;
  const form = useZodForm({ schema: handleChangeSchema, initial: { handle: current ?? "" } });
  const save = useApiMutation(accountsApi.changeHandle);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      await refresh();
      toast.success(`You now appear as @${body.handle}`);
    } catch (error) {
      if (!form.showServerErrors(error)) form.setErrors({ handle: failure(error, "Failed to change your handle") });
    }
  });
  return (
    <Section
      title="Leaderboard handle"
      lead={current ? `You appear as @${current} on the leaderboards.` : "Choose how you appear on the leaderboards."}
    >
      <form ref={form.formRef} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <TextField label="Handle" hint={handleRuleText} autoComplete="username" {...form.field("handle")} />
        </div>
        <Button type="submit" className="sm:mt-7" loading={save.isPending}>
          Save Handle
        </Button>
      </form>
    </Section>
  );
}

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

/** A browser and system in a few words, from a user agent. */
function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

/** Where the account is signed in, and signing a device out. */
export function SessionsSection() {
  const sessions = useApi(accountsApi.listSessions);
  const revoke = useApiMutation(accountsApi.revokeSession, {
    invalidates: [accountsApi.listSessions],
    onSuccess: () => toast.success("Signed out that device"),
    onError: (error) => toast.error(failure(error, "Failed to sign out that device")),
  });
  const revokeOthers = useApiMutation(accountsApi.revokeOtherSessions, {
    invalidates: [accountsApi.listSessions],
    onSuccess: () => toast.success("Signed out every other device"),
    onError: (error) => toast.error(failure(error, "Failed to sign out the other devices")),
  });
  return (
    <Section title="Signed-in devices">
      <QueryState query={sessions} loadingLabel="Loading your sessions" errorTitle="Your sessions could not be loaded">
        {(list: SessionView[]) => (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col divide-y divide-slate-100">
              {list.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium text-slate-900">
                      {deviceOf(session.user_agent)}
                      {session.current ? (
                        <Badge tone="brand" className="ml-2">
                          This device
                        </Badge>
                      ) : null}
                    </span>
                    <span className="text-xs text-slate-500">
                      Signed in {new Date(session.created_at).toLocaleString()}
                      {session.ip_address ? ` · ${session.ip_address}` : ""}
                    </span>
                  </span>
                  {session.current ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={revoke.isPending && revoke.variables?.params.id === session.id}
                      onClick={() => revoke.mutate({ params: { id: session.id } })}
                    >
                      Sign Out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {list.length > 1 ? (
              <Button
                variant="secondary"
                className="self-start"
                loading={revokeOthers.isPending}
                onClick={() => revokeOthers.mutate({})}
              >
                Sign Out All Other Devices
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </Section>
  );
}

/** Deleting the account, confirmed with the password; the server says why when it cannot be done yet. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useApiMutation(accountsApi.deleteAccount);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ body: { password } });
      onDeleted();
    } catch (failed) {
      setError(failure(failed, "Failed to delete your account"));
    }
  };
  return (
    <Section
      title="Delete account"
      lead="Your name, email, password, handle and unpaid drafts are removed. Payment and payout records are kept without your name, as the law requires."
    >
      <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
        Delete My Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setError(null);
          }
        }}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error ?? undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={password === ""}>
              Delete Account
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}

const emailKinds: Array<{ kind: OptionalEmailKind; label: string; hint: string }> = [
  { kind: "reminders", label: "Reminders", hint: "A day before a campaign you promote ends, where you stand." },
  { kind: "results", label: "Results", hint: "How you placed when a campaign you promoted ends." },
  { kind: "news", label: "Product news", hint: "New features and campaigns worth a look, rarely." },
];

/** Non-essential emails, one switch each; receipts, security and payout emails always go. */
export function EmailPreferencesSection() {
  const preferences = useApi(accountsApi.emailPreferences);
  const save = useApiMutation(accountsApi.setEmailPreference, {
    invalidates: [accountsApi.emailPreferences],
    onError: (error) => toast.error(failure(error, "Failed to save your email choices")),
  });
  return (
    <Section title="Emails" lead="Receipts, security and payout emails always go; choose the others.">
      <QueryState
        query={preferences}
        loadingLabel="Loading your email choices"
        errorTitle="Your email choices could not be loaded"
      >
        {(current) => (
          <ul className="flex flex-col gap-3">
            {emailKinds.map(({ kind, label, hint }) => (
              <li key={kind}>
                <label className="flex cursor-pointer items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4 accent-brand-600"
                    checked={current[kind]}
                    disabled={save.isPending}
                    onChange={(event) => save.mutate({ body: { kind, on: event.target.checked } })}
                  />
                  <span className="text-sm">
                    <span className="block font-medium text-slate-900">{label}</span>
                    <span className="text-slate-600">{hint}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
