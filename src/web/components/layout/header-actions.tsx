import { ChevronDown, LogOut } from "lucide-react";
import { lazy } from "react";
import { Link, useNavigate } from "react-router";
import { type Account, signOutFromApp, useAccount } from "../../lib/session";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Button, buttonStyles } from "../ui/button";
import { AccountChip, accountLinks, accountTriggerClass, displayName, RoleBadge } from "./account-summary";
import { LazyMenu } from "./lazy-menu";

const loadUserMenu = () => import("./user-menu");
const UserMenu = lazy(loadUserMenu);

/** The account button of the desktop header; its menu loads on first use. */
function AccountMenu({ account }: { account: Account }) {
  return (
    <LazyMenu
      load={loadUserMenu}
      menu={<UserMenu account={account} defaultOpen />}
      triggerClass={accountTriggerClass}
      face={
        <>
          <AccountChip account={account} />
          <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
        </>
      }
    />
  );
}

/** The header's right side: SPEC.md Header, signed out and signed in. */
export function HeaderActions({ layout }: { layout: "row" | "column" }) {
  const { openAuth } = useAuthDialog();
  const navigate = useNavigate();
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
          <AccountMenu account={account} />
        ) : (
          <div className="mt-2 flex flex-col gap-1 border-t border-slate-100 pt-3">
            <div className="flex items-center gap-2 px-3 py-1">
              <span className="truncate text-sm font-semibold text-slate-900">{displayName(account)}</span>
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
              state={signOutFromApp}
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
      <Button
        variant="ghost"
        className={width}
        onClick={() =>
          openAuth({ mode: "signup", userType: "artist", afterSignIn: () => navigate("/create-campaign") })
        }
      >
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
