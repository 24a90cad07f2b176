/** The frame shared by the settings pages: back link, heading, loading skeleton and empty state. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";

export function SettingsShell({ title, description, tour, children }: {
  title: string;
  description?: ReactNode;
  /** The guided tour's target name (data-tour) for this page. */
  tour?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-tour={tour}>
      <div>
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">{t("settings.settingsShell.settings")}</Link>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** Placeholder rows in the shape of a form while its data loads. */
export function FormSkeleton({ rows = 4 }: { rows?: number }) {
  const t = useT();
  return (
    <Card role="status" aria-live="polite" data-testid="settings-loading">
      <span className="sr-only">{t("settings.settingsShell.loading")}</span>
      <CardHeader>
        <Skeleton className="h-6 w-1/3" />
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: rows * 2 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed p-6 text-center" data-testid="empty-state">
      <p className="font-medium">{title}</p>
      {children && <div className="mt-1 text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-lg border border-destructive/50 p-4 text-sm">
      {t("settings.settingsShell.failed", { message })}&#32;
      <button type="button" className="font-medium text-primary underline" onClick={onRetry}>{t("settings.settingsShell.tryAgain")}</button>
    </div>
  );
}
