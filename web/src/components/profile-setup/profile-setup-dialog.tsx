/** The Profile Setup dialog (spec section 2): overall percent and bar, rows grouped Essential / Important /
 * Optional with a badge and percent each; a row navigates to its settings page and closes the dialog. */
import { ChevronRight } from "lucide-react";
import { useNavigate } from "react-router";
import { useCompletion } from "@/api/completion";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";

const GROUPS = ["Essential", "Important", "Optional"] as const;

export function badgeFor(score: number): "Complete" | "In Progress" | "Not Started" {
  return score >= 100 ? "Complete" : score > 0 ? "In Progress" : "Not Started";
}

export default function ProfileSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { data, isPending, isError } = useCompletion(open);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
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
            <Progress value={data.overall} aria-label="Overall profile completion" />
            {GROUPS.map((group) => (
              <section key={group} aria-labelledby={`setup-${group}`}>
                <h3 id={`setup-${group}`} className="mb-1 text-sm font-semibold text-muted-foreground">{group}</h3>
                <ul className="flex flex-col gap-1">
                  {data.sections
                    .filter((s) => s.group === group)
                    .map((s) => {
                      const badge = badgeFor(s.score);
                      return (
                        <li key={s.key}>
                          <button
                            type="button"
                            className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-accent"
                            onClick={() => {
                              onOpenChange(false);
                              navigate(s.route);
                            }}
                          >
                            <span className="flex-1 font-medium">{s.label}</span>
                            <Badge variant={badge === "Complete" ? "success" : badge === "In Progress" ? "secondary" : "outline"}>
                              {badge}
                            </Badge>
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
