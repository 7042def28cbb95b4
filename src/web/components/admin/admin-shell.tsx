import type { LucideIcon } from "lucide-react";
import { BarChart3, Bug, Database, LayoutDashboard, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import { Badge } from "../ui/badge";
import { ScrollStrip } from "../ui/scroll-strip";

const adminPages: Array<{ to: string; label: string; icon: LucideIcon }> = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/payouts", label: "Payouts", icon: Wallet },
  { to: "/admin/setup", label: "Setup", icon: Database },
  { to: "/admin/debug", label: "Debug", icon: Bug },
  { to: "/admin/edge-diagnostics", label: "Diagnostics", icon: BarChart3 },
];

/** Every admin page's frame: its title with the Admin badge, the admin navigation, and its actions. */
export function AdminShell({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <section className="container-page flex flex-col gap-6 py-8 sm:py-12">
      <ScrollStrip selected={pathname}>
        <nav aria-label="Admin" className="flex w-max gap-1">
          {adminPages.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  "flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold",
                  isActive ? "bg-brand-100 text-brand-800" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon className="h-4 w-4" aria-hidden /> {label}
            </NavLink>
          ))}
        </nav>
      </ScrollStrip>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
            <Badge tone="danger">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">{lead}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
