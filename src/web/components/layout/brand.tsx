import { Link } from "react-router";

export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#brand-gradient)" />
      <path d="M26 44a6 6 0 1 1-4-5.66V18l20-4v22a6 6 0 1 1-4-5.66V21.2l-12 2.4V44z" fill="#fff" />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label="FanBoost home">
      <BrandMark />
      <span className="font-display text-xl font-extrabold tracking-tight text-slate-900">
        Fan<span className="text-gradient">Boost</span>
      </span>
    </Link>
  );
}
