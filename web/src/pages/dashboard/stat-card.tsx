/** The dashboard's figure card with an optional status. */
import type { ReactNode } from "react";
import { StatusNote } from "@/components/page-states";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { Status } from "@/lib/plan-checks";

export function StatCard({ label, value, note, status, testId, className, children }: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  status?: Status;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader className="pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <p className="text-2xl font-bold tabular-nums" data-testid={testId && `${testId}-value`}>{value}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {children}
        {status ? <StatusNote status={status}>{note}</StatusNote> : note && <p className="text-sm text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}
