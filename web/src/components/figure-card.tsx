/** One headline figure in a card: a muted label over a large number (summary rows of /analytics and /admin). */
import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";

export function FigureCard({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card>
      <CardHeader className="gap-1">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>{value}</p>
      </CardHeader>
    </Card>
  );
}
