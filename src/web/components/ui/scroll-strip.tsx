import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

type Edges = { start: boolean; end: boolean };

/** The fade at each edge with more to scroll to: the sign that the strip scrolls. */
function fadeMask({ start, end }: Edges): string | undefined {
  if (!start && !end) return undefined;
  return `linear-gradient(to right, ${start ? "transparent, black 2.5rem" : "black"}, ${end ? "black calc(100% - 2.5rem), transparent" : "black"})`;
}

/**
 * A row of tabs or links that scrolls sideways on a narrow screen: its edges fade where more is hidden, and the chosen
 * item (`data-state="active"`, `aria-current="page"`) is scrolled into view whenever `selected` changes.
 */
export function ScrollStrip({
  children,
  selected,
  className,
}: {
  children: ReactNode;
  selected: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const measure = () =>
      setEdges({
        start: strip.scrollLeft > 1,
        end: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1,
      });
    measure();
    strip.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(strip);
    return () => {
      strip.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen item is read from the page each time `selected` changes.
  useEffect(() => {
    const strip = ref.current;
    const chosen = strip?.querySelector<HTMLElement>('[data-state="active"], [aria-current="page"]');
    if (!strip || !chosen) return;
    // Sideways only: the page itself does not move.
    const left = chosen.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + chosen.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo({ left: left - (strip.clientWidth - chosen.offsetWidth) / 2 });
    }
  }, [selected]);

  const mask = fadeMask(edges);
  return (
    <div
      ref={ref}
      data-scroll-strip
      className={cn("-mx-1 overflow-x-auto px-1 pb-1", className)}
      data-more={[edges.start ? "start" : "", edges.end ? "end" : ""].filter(Boolean).join(" ") || undefined}
      style={{ maskImage: mask, WebkitMaskImage: mask }}
    >
      {children}
    </div>
  );
}
