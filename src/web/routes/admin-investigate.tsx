import { Search } from "lucide-react";
import { useSearchParams } from "react-router";
import { adminApi, type InvestigateQuery } from "../../core/api/admin";
import { AdminShell } from "../components/admin/admin-shell";
import { InvestigationView } from "../components/admin-investigate/investigation-view";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

const subjectKeys = ["flag", "address", "fingerprint", "promoter", "link", "campaign", "user"] as const;

/** The address bar's subject: `?flag=12`, `?address=<hash>`, `?promoter=<id>`, ... (the first one given). */
function subjectFrom(params: URLSearchParams): InvestigateQuery | null {
  const key = subjectKeys.find((candidate) => params.get(candidate));
  const value = key ? params.get(key) : null;
  if (!key || !value) return null;
  return key === "flag" ? { flag: Number(value) } : { [key]: value };
}

/** Fraud review: everything about one flag, address, fingerprint, promoter, link or campaign, and the actions on it. */
export default function AdminInvestigatePage() {
  usePageMeta("Investigate");
  const [params] = useSearchParams();
  const query = subjectFrom(params);
  const investigation = useApi(adminApi.investigate, { query: query ?? {} }, { enabled: query !== null });
  const label = investigation.data?.subject.label;
  return (
    <AdminShell
      title="Investigate"
      lead={
        label ? `${label}: its clicks of the last 30 days, flags and what it touched.` : "Clicks, flags and actions."
      }
      actions={
        <Button variant="secondary" onClick={() => investigation.refetch()} loading={investigation.isFetching}>
          <Search className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      }
    >
      {query === null ? (
        <Card>
          <CardBody className="py-10 text-center text-slate-600">
            Open a flag from the Suspicious Activity tab, or a user or campaign, to investigate it.
          </CardBody>
        </Card>
      ) : (
        <QueryState query={investigation} loadingLabel="Loading the investigation" errorTitle="Investigation failed">
          {(data) => <InvestigationView data={data} />}
        </QueryState>
      )}
    </AdminShell>
  );
}
