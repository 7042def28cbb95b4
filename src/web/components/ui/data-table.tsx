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
 * the screen scrolls inside its card rather than the page (`minWidth`).
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
}) {
  if (rows.length === 0) return <div className="px-5 py-10 text-center text-sm text-slate-600">{empty}</div>;
  const cellClass = (column: Column<Row>) =>
    cn(
      "px-4 py-3",
      column.align === "right" ? "text-right" : "",
      column.hideOnPhones ? "hidden sm:table-cell" : "",
      column.className,
    );
  return (
    <section
      aria-label={caption}
      // A region that scrolls sideways takes keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
      tabIndex={0}
      className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600", className)}
    >
      <table className={cn("w-full text-left text-sm", minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn(cellClass(column), "font-semibold")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => {
            const { className: rowClass, ...props } = rowProps?.(row) ?? {};
            return (
              <tr key={rowKey(row)} className={cn("align-top", rowClass)} {...props}>
                {columns.map((column) => (
                  <td key={column.key} className={cellClass(column)}>
                    {column.cell(row, index)}
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
