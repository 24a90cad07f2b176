/** The Profile Setup dialog (spec section 2): overall percent and bar, rows grouped Essential / Important /
 * Optional with a badge and percent each; a row navigates to its settings page and closes the dialog. */
import { ChevronRight } from "lucide-react";
import { useNavigate } from "react-router";
import { useCompletion } from "@/api/completion";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";

export const GROUPS = ["Essential", "Important", "Optional"] as const;

const GROUP_HINTS: Record<(typeof GROUPS)[number], string> = {
  Essential: "Needed for your FIRE number and savings rate.",
  Important: "Sharpens your plan and projections.",
  Optional: "Adds detail to your net worth and preferences.",
};

export type SetupBadge = "Complete" | "In Progress" | "Not Started";

export function badgeFor(score: number): SetupBadge {
  return score >= 100 ? "Complete" : score > 0 ? "In Progress" : "Not Started";
}

const BADGE_VARIANT = { Complete: "success", "In Progress": "secondary", "Not Started": "outline" } as const;

export default function ProfileSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { data, isPending, isError } = useCompletion(open);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="profile-setup-dialog">
        <DialogHeader>
          <DialogTitle>Profile Setup</DialogTitle>
          <DialogDescription>
            {data ? `Your profile is ${data.overall}% complete.` : "How complete your financial profile is."}
          </DialogDescription>
        </DialogHeader>
        {isPending && <Spinner />}
        {isError && <p className="text-sm text-destructive">Could not load your profile completion.</p>}
        {data && (
          <>
            <div className="flex items-center gap-3">
              <Progress value={data.overall} aria-label="Overall profile completion" className="flex-1" />
              <span className="text-2xl font-bold tabular-nums" data-testid="setup-overall">{data.overall}%</span>
            </div>
            {GROUPS.map((group) => (
              <section key={group} aria-labelledby={`setup-${group}`}>
                <h3 id={`setup-${group}`} className="text-sm font-semibold">{group}</h3>
                <p className="mb-1 text-xs text-muted-foreground">{GROUP_HINTS[group]}</p>
                <ul className="flex flex-col gap-1">
                  {data.sections
                    .filter((s) => s.group === group)
                    .map((s) => {
                      const badge = badgeFor(s.score);
                      return (
                        <li key={s.key}>
                          <button
                            type="button"
                            className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                            onClick={() => {
                              onOpenChange(false);
                              navigate(s.route);
                            }}
                          >
                            <span className="flex-1 font-medium">{s.label}</span>
                            <Badge variant={BADGE_VARIANT[badge]}>{badge}</Badge>
                            <span className="w-10 text-right tabular-nums">{s.score}%</span>
                            <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                          </button>
                        </li>
                      );
                    })}
                </ul>
              </section>
            ))}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
