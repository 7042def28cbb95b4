import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";

export type Column<Row> = {
  /** Stable identity of the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: "left" | "right";
  /** Hidden on phones: a secondary figure that the row can do without. */
  hideOnPhones?: boolean;
  className?: string;
};

/**
 * A table by configuration: columns, a row key, the text shown when there are no rows. On a phone a table wider than
 * the screen scrolls inside its card rather than the page (`minWidth`), or, with `stackOnPhones`, becomes a list: one
 * block per row, each cell under its column's name.
 */
export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  empty,
  minWidth,
  rowProps,
  className,
  stackOnPhones = false,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<Column<Row>>;
  /** Read by screen readers only. */
  caption: string;
  empty: ReactNode;
  /** Below this width the table scrolls sideways (a Tailwind min-width class such as `min-w-[40rem]`). */
  minWidth?: string;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  className?: string;
  stackOnPhones?: boolean;
}) {
  if (rows.length === 0) return <div className="px-5 py-10 text-center text-sm text-slate-600">{empty}</div>;
  const cellClass = (column: Column<Row>) =>
    cn(
      "px-4 py-3",
      column.align === "right" ? "text-right" : "",
      column.hideOnPhones ? "hidden sm:table-cell" : "",
      stackOnPhones &&
        !column.hideOnPhones &&
        "max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:py-1.5 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]",
      column.className,
    );
  const stack = (phones: string) => (stackOnPhones ? phones : "");
  return (
    <section
      aria-label={caption}
      // A region that scrolls sideways takes keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
      tabIndex={0}
      className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600", className)}
    >
      <table className={cn("w-full text-left text-sm", stack("max-sm:block"), minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead
          className={cn(
            "border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase",
            stack("max-sm:hidden"),
          )}
        >
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn(cellClass(column), "font-semibold")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-slate-100", stack("max-sm:block"))}>
          {rows.map((row, index) => {
            const { className: rowClass, ...props } = rowProps?.(row) ?? {};
            return (
              <tr key={rowKey(row)} className={cn("align-top", stack("max-sm:block max-sm:py-2"), rowClass)} {...props}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    data-label={stackOnPhones && typeof column.header === "string" ? column.header : undefined}
                  >
                    {stackOnPhones ? (
                      // A long word (a handle, an id, an address) wraps rather than push the row off a phone's screen.
                      <div className="min-w-0 max-sm:wrap-anywhere">{column.cell(row, index)}</div>
                    ) : (
                      column.cell(row, index)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
