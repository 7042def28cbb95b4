import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { diagnosticsApi } from "../../core/api/diagnostics";
import { AdminShell } from "../components/admin/admin-shell";
import { DebugPanel } from "../components/diagnostics/debug-panel";
import { buttonStyles } from "../components/ui/button";
import { useNoIndex, usePageMeta } from "../lib/page-meta";

/** SPEC.md Debug page: the connection check and the public campaign feed, run on load and on Run Check. */
export default function AdminDebugPage() {
  usePageMeta("Debug");
  useNoIndex();
  return (
    <AdminShell
      title="Debug"
      lead="The database check and the public campaign feed, as this server answers them."
      actions={
        <>
          <a
            href={diagnosticsApi.database.path}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles("secondary", "sm")}
          >
            <ExternalLink className="h-4 w-4" aria-hidden /> Open Diagnostics Endpoint
          </a>
          <a
            href={campaignsApi.publicList.path}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles("secondary", "sm")}
          >
            <ExternalLink className="h-4 w-4" aria-hidden /> Open Public Campaigns
          </a>
        </>
      }
    >
      <DebugPanel />
      <nav aria-label="Quick actions" className="flex flex-wrap gap-2">
        <Link to="/admin/setup" className={buttonStyles("secondary", "sm")}>
          Setup
        </Link>
        <Link to="/join-campaign" className={buttonStyles("secondary", "sm")}>
          Browse Campaigns
        </Link>
        <Link to="/create-campaign" className={buttonStyles("secondary", "sm")}>
          Create Campaign
        </Link>
      </nav>
    </AdminShell>
  );
}
