import { LayoutDashboard, Shield, Trophy, UserCheck, Wallet } from "lucide-react";
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
    { to: "/settings", label: "Account settings", icon: UserCheck },
    ...(account.isAdmin ? [{ to: "/admin", label: "Admin", icon: Shield }] : []),
  ];
}

/** The name the user goes by here: the artist name for artists, else their name (the email's first part at worst). */
export function displayName(account: Account): string {
  const { user } = account;
  if (user.user_type === "artist" && user.artist_name) return user.artist_name;
  const full = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return full || user.name || (user.email.split("@")[0] ?? user.email);
}

/** The look of the button the account menu opens from. */
export const accountTriggerClass =
  "flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100";

/** The avatar and name the account menu opens from (also its stand-in while the menu code loads). */
export function AccountChip({ account }: { account: Account }) {
  return (
    <>
      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-white uppercase">
        {displayName(account).slice(0, 1)}
      </span>
      <span className="max-w-32 truncate">{displayName(account)}</span>
    </>
  );
}
