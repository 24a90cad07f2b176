/** Open community reports for moderators and admins (oldest first): resolve (optionally hiding what was
 * reported) or dismiss. Used on /community (moderators) and /admin. */
import { formatDate } from "@firepath/shared/format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { moderationQueueQuery, resolveReport } from "@/api/community";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export function ModerationQueue() {
  const queue = useQuery(moderationQueueQuery());
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: ({ id, status, hide }: { id: string; status: "resolved" | "dismissed"; hide: boolean }) => resolveReport(id, status, hide),
    onSuccess: (_d, v) => {
      toast.success(v.status === "dismissed" ? "Report dismissed." : v.hide ? "Resolved and hidden." : "Report resolved.");
      void qc.invalidateQueries({ queryKey: ["community"] });
    },
    onError: (e) => toast.error(e instanceof Error ? e.message : "Could not update the report."),
  });
  return (
    <Card data-testid="moderation-queue">
      <CardHeader>
        <CardTitle className="text-lg">Moderation queue</CardTitle>
        <CardDescription>Open reports from the community, oldest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <div role="status"><span className="sr-only">Loading reports</span><Skeleton className="h-24 w-full" /></div>
        ) : queue.isError ? (
          <LoadError what="the moderation queue" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="moderation-empty">No open reports.</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {queue.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 text-sm" data-testid="moderation-report">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="secondary">{r.target.kind === "post" ? "Post" : "Comment"}</Badge>
                  <time dateTime={r.created_at}>Reported {formatDate(r.created_at)}</time>
                  {r.target.is_hidden && <Badge variant="outline">Hidden</Badge>}
                </div>
                <p><span className="font-medium">Reason:</span> {r.reason}</p>
                <blockquote className="border-l-2 pl-3 text-muted-foreground">
                  {r.target.title && <span className="block font-medium text-foreground">{r.target.title}</span>}
                  <span className="line-clamp-3 whitespace-pre-wrap break-words">{r.target.body}</span>
                </blockquote>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="destructive" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "resolved", hide: true })}>
                    Hide and resolve
                  </Button>
                  <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "resolved", hide: false })}>
                    Resolve
                  </Button>
                  <Button size="sm" variant="ghost" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, status: "dismissed", hide: false })}>
                    Dismiss
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
