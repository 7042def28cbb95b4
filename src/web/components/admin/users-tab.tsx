import { Ban, Link2, Search, ShieldCheck, ShieldOff, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { type AdminUser, adminApi } from "../../../core/api/admin";
import { countOf, formatCents } from "../../../core/money";
import { usePagedList } from "../../lib/use-paged-list";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";
import { Card } from "../ui/card";
import { useConfirm } from "../ui/confirm-dialog";
import { type Column, DataTable } from "../ui/data-table";
import { Pager } from "../ui/pager";
import { QueryState } from "../ui/query-state";
import { SearchInput } from "../ui/search-input";
import { investigatePath } from "./investigate-path";
import { useLinkedAccounts } from "./linked-accounts-dialog";
import { useRowActions } from "./use-row-actions";

const PAGE = 50;
const roleTone = { admin: "danger", artist: "accent", promoter: "brand" } as const;

/** Users by email, name or handle: their role and record, admin access and bans. */
export function UsersTab() {
  const { list: users, search, setSearch, pager } = usePagedList(adminApi.users, PAGE, {});
  const { confirm, dialog } = useConfirm();
  const { run, isBusy, rowError } = useRowActions([adminApi.users]);
  const linked = useLinkedAccounts();

  const ban = async (target: AdminUser) => {
    const reason = await confirm({
      title: "Ban user",
      description: `Ban ${target.email}? Their sessions end now, they cannot sign in, their links stop counting, and their API keys and webhooks stop until the ban is lifted.`,
      confirmLabel: "Ban",
      tone: "danger",
      input: { label: "Reason (optional)", maxLength: 500 },
    });
    if (reason === false) return;
    await run(target.id, "Ban", adminApi.banUser, {
      params: { id: target.id },
      body: { reason: typeof reason === "string" && reason ? reason : undefined },
    });
  };

  const columns: Array<Column<AdminUser>> = [
    {
      key: "user",
      header: "User",
      cell: (target) => (
        <div className="max-w-64">
          <p className="font-semibold break-words text-slate-900">{target.name}</p>
          <p className="text-xs break-all text-slate-600">{target.email}</p>
          {target.handle ? <p className="text-xs text-slate-500">@{target.handle}</p> : null}
        </div>
      ),
    },
    {
      key: "role",
      header: "Role",
      cell: (target) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={roleTone[target.role]}>{target.role}</Badge>
          {target.banned_at ? <Badge tone="danger">banned</Badge> : null}
        </div>
      ),
    },
    { key: "joined", header: "Signed up", cell: (target) => new Date(target.created_at).toLocaleDateString() },
    {
      key: "record",
      header: "Record",
      cell: (target) => (
        <span className="text-xs text-slate-700">
          {target.account_type === "artist"
            ? `${countOf(target.campaigns_created, "campaign")} created`
            : `${countOf(target.campaigns_joined, "campaign")} joined · ${countOf(target.wins, "win")}`}
          <br />
          {formatCents(target.paid_cents)} paid · {countOf(target.open_flags, "open flag")}
          {target.api_keys + target.webhook_endpoints > 0 ? (
            <>
              <br />
              <span className={target.banned_at ? "font-semibold text-red-800" : undefined}>
                {target.banned_at ? "Suspended by the ban: " : ""}
                {countOf(target.api_keys, "API key")} · {countOf(target.webhook_endpoints, "webhook endpoint")}
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (target) => (
        <div className="flex max-w-60 flex-wrap gap-1.5">
          {target.handle ? (
            <Link
              to={investigatePath({ user: target.id })}
              className={buttonStyles("secondary", "sm")}
              aria-label={`Investigate ${target.email}`}
            >
              <Search className="h-3.5 w-3.5" aria-hidden /> Investigate
            </Link>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => linked.show(target)}>
            <Link2 className="h-3.5 w-3.5" aria-hidden /> Links
          </Button>
          {target.role === "admin" ? (
            <Button
              size="sm"
              variant="secondary"
              loading={isBusy(target.id, "Revoke")}
              onClick={() => void run(target.id, "Revoke", adminApi.revokeAdmin, { params: { id: target.id } })}
            >
              <ShieldOff className="h-3.5 w-3.5" aria-hidden /> Revoke admin
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              loading={isBusy(target.id, "Grant")}
              onClick={() => void run(target.id, "Grant", adminApi.grantAdmin, { params: { id: target.id } })}
            >
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> Make admin
            </Button>
          )}
          {target.banned_at ? (
            <Button
              size="sm"
              variant="secondary"
              loading={isBusy(target.id, "Unban")}
              onClick={() => void run(target.id, "Unban", adminApi.unbanUser, { params: { id: target.id } })}
            >
              <UserCheck className="h-3.5 w-3.5" aria-hidden /> Unban
            </Button>
          ) : (
            <Button size="sm" variant="danger" loading={isBusy(target.id, "Ban")} onClick={() => void ban(target)}>
              <Ban className="h-3.5 w-3.5" aria-hidden /> Ban
            </Button>
          )}
          {rowError(target.id)}
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        label="Search users"
        placeholder="Search by email, name or handle"
        value={search}
        onChange={setSearch}
        className="max-w-md"
      />
      <QueryState query={users} loadingLabel="Loading users">
        {(data) => (
          <Card className="overflow-hidden">
            <DataTable
              rows={data.items}
              rowKey={(target) => target.id}
              columns={columns}
              caption="Users"
              empty="No users found"
              minWidth="sm:min-w-[52rem]"
              stackOnPhones
            />
            <Pager {...pager(data.total)} />
          </Card>
        )}
      </QueryState>
      {dialog}
      {linked.dialog}
    </div>
  );
}
