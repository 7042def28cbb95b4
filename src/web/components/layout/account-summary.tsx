import { LayoutDashboard, Shield, Trophy, Wallet } from "lucide-react";
import { type Account, dashboardPath } from "../../lib/session";
import { Badge } from "../ui/badge";

const roleLabels = { artist: "Artist", promoter: "Promoter", admin: "Admin" } as const;

/** The signed-in user's real role (PRODUCT.md: not always "Promoter"). */
export function RoleBadge({ account }: { account: Account }) {
  return (
    <Badge tone={account.role === "admin" ? "danger" : account.role === "artist" ? "accent" : "brand"}>
      {roleLabels[account.role]}
    </Badge>
  );
}

export function accountLinks(account: Account) {
  return [
    { to: dashboardPath(account), label: "Dashboard", icon: LayoutDashboard },
    { to: "/earnings", label: "Earnings", icon: Wallet },
    { to: "/leaderboards", label: "Leaderboards", icon: Trophy },
    ...(account.isAdmin ? [{ to: "/admin", label: "Admin", icon: Shield }] : []),
  ];
}

export const localPart = (email: string) => email.split("@")[0] ?? email;

/** The look of the button the account menu opens from. */
export const accountTriggerClass =
  "flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100";

/** The avatar and name the account menu opens from (also its stand-in while the menu code loads). */
export function AccountChip({ account }: { account: Account }) {
  return (
    <>
      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-white uppercase">
        {localPart(account.user.email).slice(0, 1)}
      </span>
      <span className="max-w-32 truncate">{localPart(account.user.email)}</span>
    </>
  );
}
