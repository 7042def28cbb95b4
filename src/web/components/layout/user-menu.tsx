import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { cn } from "../../lib/cn";
import { type Account, signOutFromApp } from "../../lib/session";
import { AccountChip, accountLinks, accountTriggerClass, displayName, RoleBadge } from "./account-summary";

/** The signed-in user menu (Radix menu and its positioning code): loaded when someone first opens it. */
export default function UserMenu({ account, defaultOpen }: { account: Account; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const itemClass =
    "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={accountTriggerClass}>
        <AccountChip account={account} />
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{displayName(account)}</p>
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
          <DropdownMenu.Item
            className={cn(itemClass, "text-red-700")}
            onSelect={() => navigate("/auth/signout", { state: signOutFromApp })}
          >
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
