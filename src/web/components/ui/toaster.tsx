import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { cn } from "../../lib/cn";
import { type Toast, type ToastKind, toastStore } from "../../lib/toast";

const looks: Record<ToastKind, { icon: typeof Info; card: string; iconColor: string }> = {
  success: {
    icon: CircleCheck,
    card: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    iconColor: "text-emerald-600",
  },
  error: { icon: CircleAlert, card: "bg-red-50 text-red-900 ring-red-200", iconColor: "text-red-600" },
  warning: { icon: TriangleAlert, card: "bg-amber-50 text-amber-900 ring-amber-200", iconColor: "text-amber-600" },
  message: { icon: Info, card: "bg-white text-slate-900 ring-slate-200", iconColor: "text-brand-600" },
};

/**
 * One toast: it closes itself after its duration, which waits while the pointer or the keyboard is on it (so a person
 * can read it or reach its button).
 */
function ToastCard({ toast }: { toast: Toast }) {
  const left = useRef(toast.duration);
  const timer = useRef<{ started: number; handle: ReturnType<typeof setTimeout> } | null>(null);
  const pause = () => {
    if (!timer.current) return;
    clearTimeout(timer.current.handle);
    left.current -= Date.now() - timer.current.started;
    timer.current = null;
  };
  const resume = () => {
    if (timer.current || !Number.isFinite(left.current)) return;
    timer.current = { started: Date.now(), handle: setTimeout(() => toastStore.dismiss(toast.id), left.current) };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once, when the toast is shown
  useEffect(() => {
    resume();
    return pause;
  }, []);

  const { icon: Icon, card, iconColor } = looks[toast.kind];
  return (
    <li
      data-toast={toast.kind}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-xl p-4 text-sm shadow-lg ring-1 motion-safe:animate-toast-in",
        card,
      )}
    >
      <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", iconColor)} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.message}</p>
        {toast.description ? <p className="mt-0.5 opacity-90">{toast.description}</p> : null}
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action?.onClick();
              toastStore.dismiss(toast.id);
            }}
            className="mt-2 rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => toastStore.dismiss(toast.id)}
        aria-label="Close notice"
        className="rounded p-0.5 opacity-70 hover:opacity-100"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}

/** The toasts, top-right (SPEC.md section 9), newest last; a polite live region, so a screen reader reads each. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot);
  return (
    <section
      aria-label="Notices"
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 sm:left-auto sm:w-96"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
