import { type ReactNode, Suspense, useState } from "react";

/**
 * A header menu whose code (Radix and its positioning) is fetched when the pointer or focus reaches its button, and
 * mounted, open, on the first click (or ArrowDown): a page view that never opens it never loads it. `menu` is the
 * lazy menu, rendered open; until then a plain button shows the same `face`.
 */
export function LazyMenu({
  load,
  menu,
  face,
  triggerClass,
  label,
}: {
  load: () => Promise<unknown>;
  menu: ReactNode;
  face: ReactNode;
  triggerClass: string;
  label?: string;
}) {
  const [mounted, setMounted] = useState(false);
  if (mounted) {
    return (
      <Suspense
        fallback={
          <span className={triggerClass} aria-busy="true">
            {face}
          </span>
        }
      >
        {menu}
      </Suspense>
    );
  }
  const warm = () => void load();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={label}
      className={triggerClass}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => setMounted(true)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        setMounted(true);
      }}
    >
      {face}
    </button>
  );
}
