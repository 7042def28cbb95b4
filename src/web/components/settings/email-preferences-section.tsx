import { accountsApi, type OptionalEmailKind } from "../../../core/api/accounts";
import { useAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { QueryState } from "../ui/query-state";
import { failure, Section } from "./section";

/** `promoting`: an email only a promoter gets (an artist who joins another's campaign promotes it). */
const emailKinds: Array<{ kind: OptionalEmailKind; label: string; hint: string; promoting: boolean }> = [
  {
    kind: "reminders",
    label: "Reminders",
    hint: "A day before a campaign you promote ends, where you stand.",
    promoting: true,
  },
  { kind: "results", label: "Results", hint: "How you placed when a campaign you promoted ends.", promoting: true },
  { kind: "news", label: "Product news", hint: "New features and campaigns worth a look, rarely.", promoting: false },
];

/**
 * Non-essential emails, one switch each; receipts, security and payout emails always go. An account that promotes no
 * campaign is not offered the promoters' emails (an artist's own campaign results always go).
 */
export function EmailPreferencesSection() {
  const { account } = useAccount();
  const promotes = account?.user.user_type === "promoter" || Boolean(account?.promoter);
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
            {emailKinds
              .filter(({ promoting }) => promotes || !promoting)
              .map(({ kind, label, hint }) => (
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
