/** Open community reports for moderators and admins (oldest first): resolve (optionally hiding what was
 * reported) or dismiss. Used on /community (moderators) and /admin. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { moderationQueueQuery, resolveReport } from "@/api/community";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT, useFormat } from "@/lib/i18n";

export function ModerationQueue() {
  const fmt = useFormat();
  const t = useT();
  const queue = useQuery(moderationQueueQuery());
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: ({ id, status, hide }: { id: string; status: "resolved" | "dismissed"; hide: boolean }) => resolveReport(id, status, hide),
    onSuccess: (_d, v) => {
      toast.success(t(v.status === "dismissed" ? "components.moderation.dismissed" : v.hide ? "components.moderation.hidden" : "components.moderation.resolved"));
      void qc.invalidateQueries({ queryKey: ["community"] });
    },
    onError: (e) => toast.error(e instanceof Error ? e.message : t("components.moderation.failed")),
  });
  return (
    <Card data-testid="moderation-queue">
      <CardHeader>
        <CardTitle className="text-lg">{t("components.moderationQueue.moderationQueue")}</CardTitle>
        <CardDescription>{t("components.moderationQueue.openReportsFromThe")}</CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <div role="status"><span className="sr-only">{t("components.moderationQueue.loadingReports")}</span><Skeleton className="h-24 w-full" /></div>
        ) : queue.isError ? (
          <LoadError what={t("components.moderation.what")} error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="moderation-empty">{t("components.moderationQueue.noOpenReports")}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {queue.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 text-sm" data-testid="moderation-report">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="secondary">{r.target.kind === "post" ? t("components.moderationQueue.post") : t("components.moderationQueue.comment")}</Badge>
                  <time dateTime={r.created_at}>{t("components.moderationQueue.reported", { created_at: fmt.date(r.created_at) })}</time>
                  {r.target.is_hidden && <Badge variant="outline">{t("components.moderationQueue.hidden")}</Badge>}
                </div>
                <p><span className="font-medium">{t("components.moderationQueue.reason")}</span> {r.reason}</p>
                <blockquote className="border-l-2 pl-3 text-muted-foreground">
                  {r.target.title && <span className="block font-medium text-foreground">{r.target.title}</span>}
                  <span className="line-clamp-3 whitespace-pre-wrap break-words">{r.target.body}</span>
                </blockquote>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="destructive" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "resolved", hide: true })}>
                    {t("components.moderationQueue.hideAndResolve")}
                  </Button>
                  <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "resolved", hide: false })}>
                    {t("components.moderationQueue.resolve")}
                  </Button>
                  <Button size="sm" variant="ghost" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "dismissed", hide: false })}>
                    {t("components.moderationQueue.dismiss")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
