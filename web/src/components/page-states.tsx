/** Loading, error and status pieces shared by the signed-in pages: the page skeleton while a query loads, the
 * "could not load" card with its retry, and a status line (on target, below target, needs attention). */
import { AlertTriangle, CheckCircle2, CircleHelp, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Status } from "@/lib/plan-checks";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";
import { msg } from "@firepath/shared/i18n/messages";

const STATUS = {
  good: { icon: CheckCircle2, label: msg("components.status.good"), className: "text-success" },
  warn: { icon: AlertTriangle, label: msg("components.status.warn"), className: "text-amber-600 dark:text-amber-400" },
  bad: { icon: XCircle, label: msg("components.status.bad"), className: "text-destructive" },
  unknown: { icon: CircleHelp, label: msg("components.status.unknown"), className: "text-muted-foreground" },
} as const;

export function StatusNote({ status, children }: { status: Status; children?: ReactNode }) {
  const t = useT();
  const s = STATUS[status];
  const Icon = s.icon;
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Icon className={cn("size-4 shrink-0", s.className)} aria-hidden="true" />
      <span className="sr-only">{t("components.status.prefix", { status: t(s.label) })}</span>
      <span className="text-muted-foreground">{children ?? t(s.label)}</span>
    </p>
  );
}

export function PageSkeleton({ cards = 6, label }: { cards?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" data-testid="page-loading" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{label ?? t("components.loading")}</span>
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
  const t = useT();
  return (
    <Card role="alert" data-testid="load-error">
      <CardHeader>
        <h2 className="text-lg font-semibold">{t("components.pageStates.couldNotLoad", { what })}</h2>
        <p className="text-sm text-muted-foreground">{error instanceof Error ? error.message : t("components.pageStates.theServerDidNot")}</p>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>{t("components.pageStates.tryAgain")}</Button>
      </CardContent>
    </Card>
  );
}
