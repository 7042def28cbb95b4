import type { ReactNode } from "react";
import { Card, CardBody } from "./card";

/** A titled card of a dashboard (a chart, a ranked list, a table), with an optional note under it. */
export function Panel({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardBody className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {children}
        {note ? <p className="text-xs text-slate-600">{note}</p> : null}
      </CardBody>
    </Card>
  );
}
