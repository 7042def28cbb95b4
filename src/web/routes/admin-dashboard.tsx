import { useSearchParams } from "react-router";
import { AdminShell } from "../components/admin/admin-shell";
import { AdminStatCards } from "../components/admin/admin-stat-cards";
import { AnalyticsTab } from "../components/admin/analytics-tab";
import { ApprovalsTab } from "../components/admin/approvals-tab";
import { AuditTab } from "../components/admin/audit-tab";
import { CampaignsTab } from "../components/admin/campaigns-tab";
import { ClientErrorsTab } from "../components/admin/client-errors-tab";
import { MessagesTab } from "../components/admin/messages-tab";
import { RealtimeTab } from "../components/admin/realtime-tab";
import { SuspiciousTab } from "../components/admin/suspicious-tab";
import { UsersTab } from "../components/admin/users-tab";
import { ScrollStrip } from "../components/ui/scroll-strip";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { usePageMeta } from "../lib/page-meta";

/**
 * SPEC.md's tabs (Analytics keeps its id 'overview'), the results waiting for approval, then the operator's own: users,
 * messages, audit log.
 */
const tabs = [
  { id: "campaigns", label: "Campaigns", Panel: CampaignsTab },
  { id: "approvals", label: "Approvals", Panel: ApprovalsTab },
  { id: "overview", label: "Analytics", Panel: AnalyticsTab },
  { id: "suspicious", label: "Suspicious Activity", Panel: SuspiciousTab },
  { id: "realtime", label: "Real-time", Panel: RealtimeTab },
  { id: "users", label: "Users", Panel: UsersTab },
  { id: "messages", label: "Messages", Panel: MessagesTab },
  { id: "errors", label: "Errors", Panel: ClientErrorsTab },
  { id: "audit", label: "Audit log", Panel: AuditTab },
] as const;
type TabId = (typeof tabs)[number]["id"];

/** SPEC.md's Admin Dashboard (admins only: the route table guards it, the server answers only admins). */
export default function AdminDashboardPage() {
  usePageMeta("Admin Dashboard");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const active: TabId = tabs.some((tab) => tab.id === requested) ? (requested as TabId) : "campaigns";
  return (
    <AdminShell title="Admin Dashboard" lead="Campaigns, clicks, users and messages across FanBoost.">
      <AdminStatCards />
      <Tabs value={active} onValueChange={(tab) => setParams({ tab }, { replace: true })}>
        <ScrollStrip selected={active}>
          <TabList label="Admin sections" className="w-max">
            {tabs.map((tab) => (
              <Tab key={tab.id} value={tab.id} className="whitespace-nowrap">
                {tab.label}
              </Tab>
            ))}
          </TabList>
        </ScrollStrip>
        {tabs.map(({ id, Panel }) => (
          <TabPanel key={id} value={id} className="mt-5">
            <Panel />
          </TabPanel>
        ))}
      </Tabs>
    </AdminShell>
  );
}
