import { Clock, Mail, MessageSquare } from "lucide-react";
import { Link } from "react-router";

/** Beside the contact form: how soon we answer, and where the quick answers and billing questions go. */
export function ContactHelp() {
  return (
    <aside className="flex flex-col gap-4" aria-label="Other ways to get help">
      {[
        {
          icon: Clock,
          title: "Response time",
          text: "We answer every message by email within 1-2 business days.",
        },
        {
          icon: MessageSquare,
          title: "Quick answers",
          text: "Fees, verified clicks, payouts and accounts are covered in the help center.",
          link: { to: "/help", label: "Open the help center" },
        },
        {
          icon: Mail,
          title: "Payouts and billing",
          text: "Choose Billing & payments as the inquiry type so your message reaches the right person first.",
        },
      ].map((tile) => (
        <div key={tile.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <tile.icon className="h-5 w-5 text-brand-600" aria-hidden /> {tile.title}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
          {tile.link ? (
            <Link to={tile.link.to} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
              {tile.link.label}
            </Link>
          ) : null}
        </div>
      ))}
    </aside>
  );
}
