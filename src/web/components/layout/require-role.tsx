import { Loader2, ShieldAlert } from "lucide-react";
import { Link, Navigate, Outlet } from "react-router";
import { type Account, useAccount } from "../../lib/session";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";

/**
 * Who may open a screen. The server decides what each API answers; this only spares people a screen they cannot use.
 * `otherwise`: where someone else goes, the home page or an Access Denied card.
 */
export type Access = { role: "user" | "artist" | "admin"; otherwise: "home" | "denied" };

const allowed = (account: Account | null, role: Access["role"]) =>
  Boolean(account) && (role === "user" || (role === "admin" ? account?.isAdmin : account?.user.user_type === "artist"));

function AccessDenied({ role }: { role: Access["role"] }) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-md text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <ShieldAlert className="h-12 w-12 text-red-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
          <p className="text-slate-600">
            {role === "admin" ? "Only admins can open this page." : "Your account cannot open this page."}
          </p>
          <Link to="/" className={buttonStyles("primary")}>
            Go Home
          </Link>
        </CardBody>
      </Card>
    </section>
  );
}

/** A layout route around the screens that need a signed-in user of a role (the route table says which). */
export function RequireRole({ access }: { access: Access }) {
  const { account, loading } = useAccount();
  if (loading) {
    return (
      <section className="container-page flex flex-1 items-center justify-center py-16">
        <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-label="Loading" />
      </section>
    );
  }
  if (allowed(account, access.role)) return <Outlet />;
  return access.otherwise === "home" ? <Navigate to="/" replace /> : <AccessDenied role={access.role} />;
}
