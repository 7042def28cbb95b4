import type { ReactNode } from "react";
import { ApiError } from "../../lib/api";
import { Card, CardBody } from "../ui/card";

/** What a failed change says: the server's reason, or `fallback` when the server was not reached. */
export const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

/** One section of the settings page; its `aria-label` names it (journeys and screen readers find it by that). */
export function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card>
        <CardBody className="flex flex-col gap-4">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            {lead ? <p className="text-sm text-slate-600">{lead}</p> : null}
          </div>
          {children}
        </CardBody>
      </Card>
    </section>
  );
}
