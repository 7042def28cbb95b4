import { accountsApi, type SessionView } from "../../../core/api/accounts";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { QueryState } from "../ui/query-state";
import { failure, Section } from "./section";

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
