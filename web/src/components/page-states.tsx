/** Loading, error and status pieces shared by the signed-in pages: the page skeleton while a query loads, the
 * "could not load" card with its retry, and a status line (on target, below target, needs attention). */
import { AlertTriangle, CheckCircle2, CircleHelp, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Status } from "@/lib/plan-checks";
import { cn } from "@/lib/utils";

const STATUS = {
  good: { icon: CheckCircle2, label: "On target", className: "text-success" },
  warn: { icon: AlertTriangle, label: "Below target", className: "text-amber-600 dark:text-amber-400" },
  bad: { icon: XCircle, label: "Needs attention", className: "text-destructive" },
  unknown: { icon: CircleHelp, label: "Not enough data", className: "text-muted-foreground" },
} as const;

export function StatusNote({ status, children }: { status: Status; children?: ReactNode }) {
  const s = STATUS[status];
  const Icon = s.icon;
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Icon className={cn("size-4 shrink-0", s.className)} aria-hidden="true" />
      <span className="sr-only">{s.label}: </span>
      <span className="text-muted-foreground">{children ?? s.label}</span>
    </p>
  );
}

export function PageSkeleton({ cards = 6, label = "Loading" }: { cards?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-loading" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-8 w-2/3" />
          </CardHeader>
          <CardContent>
            <Skeleton className="h-4 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert" data-testid="load-error">
      <CardHeader>
        <h2 className="text-lg font-semibold">Could not load {what}</h2>
        <p className="text-sm text-muted-foreground">{error instanceof Error ? error.message : "The server did not answer."}</p>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>Try again</Button>
      </CardContent>
    </Card>
  );
}
