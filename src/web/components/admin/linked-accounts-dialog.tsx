import { useState } from "react";
import { Link } from "react-router";
import { type AdminUser, adminApi } from "../../../core/api/admin";
import { useApi } from "../../lib/use-api";
import { identityMarkLabels } from "../../lib/vocabulary-labels";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { QueryState } from "../ui/query-state";
import { investigatePath } from "./investigate-path";

/** The accounts linked to one user, with what they share (PRODUCT.md Winner verification, one person one entry). */
function LinkedAccounts({ user }: { user: AdminUser }) {
  const links = useApi(adminApi.userLinks, { params: { id: user.id } });
  return (
    <QueryState
      query={links}
      loadingLabel="Loading linked accounts"
      errorTitle="Failed to load linked accounts"
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="text-sm text-slate-600">No other account shares a device, e-mail, bank account or name.</p>}
    >
      {(data) => (
        <ul className="flex flex-col gap-2">
          {data.items.map((link) => (
            <li key={link.user_id} className="rounded-xl bg-slate-50 p-3 text-sm">
              <Link className="font-semibold text-brand-700 underline" to={investigatePath({ user: link.user_id })}>
                {link.handle ? `@${link.handle}` : link.name}
              </Link>{" "}
              <span className="break-all text-slate-600">{link.email}</span>
              {link.banned ? (
                <Badge tone="danger" className="ml-1">
                  banned
                </Badge>
              ) : null}
              <ul className="mt-1.5 flex flex-wrap gap-1">
                {link.evidence.map((mark) => (
                  <li key={`${mark.kind}:${mark.value}`}>
                    <Badge tone={mark.kind === "network" ? "neutral" : "warning"} title={mark.value}>
                      {identityMarkLabels[mark.kind]}
                      {mark.kind === "network" || mark.kind === "legal_name" ? `: ${mark.value}` : ""}
                    </Badge>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** Opens the linked accounts of a user from the users table. */
export function useLinkedAccounts() {
  const [user, setUser] = useState<AdminUser | null>(null);
  const dialog = (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && setUser(null)}
      title="Linked accounts"
      description={user ? `Accounts that may be the same person as ${user.email}.` : undefined}
    >
      {user ? <LinkedAccounts user={user} /> : null}
    </Dialog>
  );
  return { show: setUser, dialog };
}
