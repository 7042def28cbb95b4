import { Link } from "react-router";
import { PLATFORM_FEE_PERCENT } from "../../../core/money";
import { BrandLink } from "./brand";

const columns = [
  {
    title: "Product",
    links: [
      { to: "/join-campaign", label: "Browse Campaigns" },
      { to: "/create-campaign", label: "Start Campaign" },
      { to: "/leaderboards", label: "Leaderboards" },
      { to: "/pricing", label: "Pricing" },
    ],
  },
  {
    title: "Learn",
    links: [
      { to: "/how-it-works", label: "How It Works" },
      { to: "/success-stories", label: "Success Stories" },
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-3">
          <BrandLink />
          <p className="max-w-xs text-sm text-slate-600">
            Artists fund a cash prize for a song. Fans share it and compete on verified clicks. The top promoter wins.
          </p>
          <p className="text-sm text-slate-600">
            A {PLATFORM_FEE_PERCENT}% platform fee is added to each prize. Card payments and payouts are processed by
            Stripe.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-block py-0.5 text-sm text-slate-600 hover:text-brand-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-100">
        <p className="container-page py-5 text-xs text-slate-500">
          © {new Date().getFullYear()} FanBoost. Made for independent music.
        </p>
      </div>
    </footer>
  );
}
