/** The four reactions of a post or comment as toggle buttons (aria-pressed), with counts from the API. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HandHeart, Lightbulb, PartyPopper, ThumbsUp } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { REACTIONS, type ReactionKind, type ReactionSummary, setReaction } from "@/api/community";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

const ICONS = { like: ThumbsUp, helpful: HandHeart, insightful: Lightbulb, celebrate: PartyPopper } as const;

export function ReactionBar({ target, summary }: { target: { postId?: string; commentId?: string }; summary: ReactionSummary }) {
  const t = useT();
  const qc = useQueryClient();
  // The API answers with the new summary; show it at once, then the list refetches in the background.
  const [current, setCurrent] = useState(summary);
  const [seen, setSeen] = useState(summary);
  if (summary !== seen) {
    setSeen(summary);
    setCurrent(summary);
  }
  const toggle = useMutation({
    mutationFn: ({ kind, on }: { kind: ReactionKind; on: boolean }) => setReaction(target, kind, on),
    onSuccess: (next) => { setCurrent(next); void qc.invalidateQueries({ queryKey: ["community"] }); },
    onError: (e) => toast.error(e instanceof Error ? e.message : t("community.reactionBar.couldNotSaveYour")),
  });
  return (
    <div role="group" aria-label={t("community.reactionBar.reactions")} className="flex flex-wrap gap-1">
      {REACTIONS.map(({ kind, label }) => {
        const Icon = ICONS[kind];
        const mine = current.mine.includes(kind);
        const count = current.counts[kind] ?? 0;
        return (
          <Button
            key={kind}
            type="button"
            size="sm"
            variant={mine ? "secondary" : "ghost"}
            aria-pressed={mine}
            aria-label={t("community.reaction.count", { label: t(label), count })}
            title={t(label)}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ kind, on: !mine })}
          >
            <Icon aria-hidden="true" />
            <span aria-hidden="true" className="tabular-nums">{count}</span>
          </Button>
        );
      })}
    </div>
  );
}
