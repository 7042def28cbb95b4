import { type AuditRow, adminApi } from "../../../core/api/admin";
import { useApi } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { QueryState } from "../ui/query-state";

const columns: Array<Column<AuditRow>> = [
  { key: "time", header: "When", cell: (row) => new Date(row.created_at).toLocaleString() },
  { key: "admin", header: "Admin", className: "break-all", cell: (row) => row.actor_email },
  { key: "action", header: "Action", cell: (row) => <Badge>{row.action.replace(/_/g, " ")}</Badge> },
  { key: "summary", header: "What happened", className: "max-w-md break-words", cell: (row) => row.summary },
];

/** Every admin action, newest first, with who did it and when. */
export function AuditTab() {
  const audit = useApi(adminApi.audit, {});
  return (
    <QueryState query={audit} loadingLabel="Loading the audit log">
      {(data) => (
        <Card className="overflow-hidden">
          <DataTable
            rows={data.items}
            rowKey={(row) => row.id}
            columns={columns}
            caption="Audit log"
            empty="No admin actions yet"
            minWidth="sm:min-w-[44rem]"
            stackOnPhones
          />
        </Card>
      )}
    </QueryState>
  );
}
