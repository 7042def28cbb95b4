import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import { useAccount } from "../../lib/session";
import { BrandLink } from "./brand";
import { HeaderActions } from "./header-actions";
import { primaryNavLinks } from "./nav-links";
import { NotificationBell } from "./notification-bell";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const { account } = useAccount();

  useEffect(() => {
    if (location.pathname) setMenuOpen(false);
  }, [location.pathname]);

  // Escape closes the menu and gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <BrandLink />
        <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
          {primaryNavLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 xl:flex">
            <HeaderActions layout="row" />
          </div>
          {account ? <NotificationBell /> : null}
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white xl:hidden">
          <nav aria-label="Mobile" className="container-page flex flex-col gap-1 py-3">
            {primaryNavLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            <div className="mt-2 flex flex-col gap-2 border-t border-slate-100 pt-3">
              <HeaderActions layout="column" />
            </div>
            <div className="mt-2 flex gap-4 border-t border-slate-100 px-3 pt-3 text-sm text-slate-600">
              <NavLink to="/terms" className="hover:text-slate-900">
                Terms
              </NavLink>
              <NavLink to="/privacy" className="hover:text-slate-900">
                Privacy
              </NavLink>
            </div>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
