import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type ApiKeyView, apiKeysApi } from "../../../core/api/api-keys";
import { type ApiKeyScope, apiKeyMessages, apiKeyScopeLabels, apiKeyStatusLabels } from "../../../core/api-keys";
import { apiKeyStatus } from "../../../core/vocabulary";
import { copyWithToast } from "../../lib/clipboard";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CheckboxList } from "../ui/checkbox-list";
import { useConfirm } from "../ui/confirm-dialog";
import { QueryState } from "../ui/query-state";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

/** A key just created: its secret, shown this once. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-950 ring-1 ring-emerald-200">
      <p>
        <strong>Your key "{name}".</strong> Copy it now: it is shown only this once. FanBoost keeps only a fingerprint
        of it.
      </p>
      <code className="rounded-lg bg-white px-3 py-2 font-mono text-xs break-all ring-1 ring-emerald-200">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() =>
            copyWithToast(secret, {
              copied: "API key copied to clipboard",
              failed: "Could not copy: select the key and copy it",
            })
          }
        >
          <Copy className="h-4 w-4" aria-hidden /> Copy Key
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ apiKey, onRevoke, revoking }: { apiKey: ApiKeyView; onRevoke: () => void; revoking: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2.5">
      <span className="min-w-0 text-sm">
        <span className="block font-medium text-slate-900">
          {apiKey.name} <code className="ml-1 text-xs text-slate-500">{apiKey.prefix}</code>
          {apiKey.status === apiKeyStatus.active ? null : (
            <Badge tone={apiKey.status === apiKeyStatus.suspended ? "danger" : "neutral"} className="ml-2">
              {apiKeyStatusLabels[apiKey.status]}
            </Badge>
          )}
        </span>
        <span className="block text-xs text-slate-600">
          {apiKey.scopes
            .filter((scope) => !apiKey.lapsed_scopes.includes(scope))
            .map((scope) => apiKeyScopeLabels[scope])
            .join(" · ")}
        </span>
        {apiKey.lapsed_scopes.length > 0 ? (
          <span className="block text-xs text-amber-800">
            No longer allowed for your account, so it does nothing:{" "}
            {apiKey.lapsed_scopes.map((scope) => apiKeyScopeLabels[scope]).join(" · ")}
          </span>
        ) : null}
        <span className="text-xs text-slate-500">
          Created {when(apiKey.created_at)} · last used {when(apiKey.last_used_at)}
          {apiKey.revoked_at ? ` · revoked ${when(apiKey.revoked_at)}` : ""}
        </span>
      </span>
      {apiKey.status === apiKeyStatus.revoked ? null : (
        <Button size="sm" variant="secondary" loading={revoking} onClick={onRevoke}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/** API keys for the public API (`/api/v1`): created with a name and scopes, shown once, revoked here. */
export function ApiKeysSection() {
  const keys = useApi(apiKeysApi.list);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const { confirm, dialog } = useConfirm();
  const create = useApiMutation(apiKeysApi.create, { invalidates: [apiKeysApi.list] });
  const revoke = useApiMutation(apiKeysApi.revoke, {
    invalidates: [apiKeysApi.list],
    onSuccess: ({ key }) => toast.success(`Revoked "${key.name}": it no longer works`),
    onError: (failed) => toast.error(failure(failed, "Failed to revoke the key")),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!name.trim()) return setError(apiKeyMessages.nameRequired);
    if (scopes.length === 0) return setError(apiKeyMessages.scopesRequired);
    try {
      const answer = await create.mutateAsync({ body: { name: name.trim(), scopes } });
      setCreated({ name: answer.key.name, secret: answer.secret });
      setName("");
      setScopes([]);
    } catch (failed) {
      setError(failure(failed, "Failed to create the key"));
    }
  };

  return (
    <Section
      title="API keys"
      lead="Let your own tools read your data and create campaigns through the FanBoost API. Each key does only what you allow."
    >
      {created ? <NewSecret {...created} onDone={() => setCreated(null)} /> : null}
      <QueryState query={keys} loadingLabel="Loading your API keys" errorTitle="Your API keys could not be loaded">
        {(list) => (
          <div className="flex flex-col gap-4">
            {list.keys.length > 0 ? (
              <ul className="flex flex-col divide-y divide-slate-100">
                {list.keys.map((apiKey) => (
                  <KeyRow
                    key={apiKey.id}
                    apiKey={apiKey}
                    revoking={revoke.isPending && revoke.variables?.params.id === apiKey.id}
                    onRevoke={async () => {
                      const confirmed = await confirm({
                        title: "Revoke this key?",
                        description: `"${apiKey.name}" stops working at once, for every tool that uses it. This cannot be undone.`,
                        confirmLabel: "Revoke Key",
                        tone: "danger",
                      });
                      if (confirmed) revoke.mutate({ params: { id: apiKey.id } });
                    }}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No keys yet.</p>
            )}
            <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
              <TextField
                label="Key name"
                hint="What will use it, such as Zapier or my website"
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
              />
              <CheckboxList
                legend="It may"
                options={list.scopes.map((scope) => ({ value: scope, label: apiKeyScopeLabels[scope] }))}
                selected={scopes}
                onChange={setScopes}
                technical
              />
              {error ? (
                <p className="text-sm text-red-700" role="alert">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" loading={create.isPending}>
                  <KeyRound className="h-4 w-4" aria-hidden /> Create Key
                </Button>
                <a href="/api/v1/docs" className="text-sm font-semibold text-brand-700 underline">
                  API reference
                </a>
              </div>
            </form>
          </div>
        )}
      </QueryState>
      {dialog}
    </Section>
  );
}
