import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LayoutDashboard, LogOut, Trophy, Wallet } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { cn } from "../../lib/cn";
import { type Account, dashboardPath, useAccount } from "../../lib/session";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";

const roleLabels = { artist: "Artist", promoter: "Promoter", admin: "Admin" } as const;

export function RoleBadge({ account }: { account: Account }) {
  return (
    <Badge tone={account.role === "admin" ? "danger" : account.role === "artist" ? "accent" : "brand"}>
      {roleLabels[account.role]}
    </Badge>
  );
}

function accountLinks(account: Account) {
  return [
    { to: dashboardPath(account), label: "Dashboard", icon: LayoutDashboard },
    { to: "/earnings", label: "Earnings", icon: Wallet },
    { to: "/leaderboards", label: "Leaderboards", icon: Trophy },
  ];
}

const localPart = (email: string) => email.split("@")[0] ?? email;

function UserMenu({ account }: { account: Account }) {
  const navigate = useNavigate();
  const itemClass =
    "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-white uppercase">
          {localPart(account.user.email).slice(0, 1)}
        </span>
        <span className="max-w-32 truncate">{localPart(account.user.email)}</span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{localPart(account.user.email)}</p>
            <p className="truncate text-xs text-slate-500">{account.user.email}</p>
            <div className="mt-2">
              <RoleBadge account={account} />
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {accountLinks(account).map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
              <Icon className="h-4 w-4" aria-hidden /> {label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={cn(itemClass, "text-red-700")} onSelect={() => navigate("/auth/signout")}>
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The header's right side: SPEC.md Header, signed out and signed in. */
export function HeaderActions({ layout }: { layout: "row" | "column" }) {
  const { openAuth } = useAuthDialog();
  const { account, loading } = useAccount();
  const width = layout === "column" ? "w-full" : undefined;

  if (loading) return <div className="h-10 w-40" aria-hidden />;

  if (account) {
    return (
      <>
        <Link to="/create-campaign" className={buttonStyles("ghost", "md", width)}>
          Start Campaign
        </Link>
        <Link to="/join-campaign" className={buttonStyles("secondary", "md", width)}>
          Browse Campaigns
        </Link>
        {layout === "row" ? (
          <UserMenu account={account} />
        ) : (
          <div className="mt-2 flex flex-col gap-1 border-t border-slate-100 pt-3">
            <div className="flex items-center gap-2 px-3 py-1">
              <span className="truncate text-sm font-semibold text-slate-900">{localPart(account.user.email)}</span>
              <RoleBadge account={account} />
            </div>
            <p className="truncate px-3 text-xs text-slate-500">{account.user.email}</p>
            {accountLinks(account).map(({ to, label, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
              >
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </Link>
            ))}
            <Link
              to="/auth/signout"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-700 hover:bg-red-50"
            >
              <LogOut className="h-4 w-4" aria-hidden /> Sign Out
            </Link>
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <Button variant="ghost" className={width} onClick={() => openAuth({ mode: "signup", userType: "artist" })}>
        Start Campaign
      </Button>
      <Button variant="secondary" className={width} onClick={() => openAuth({ mode: "signup", userType: "promoter" })}>
        Join as Promoter
      </Button>
      <Button variant="primary" className={width} onClick={() => openAuth({ mode: "login" })}>
        Sign In
      </Button>
    </>
  );
}
