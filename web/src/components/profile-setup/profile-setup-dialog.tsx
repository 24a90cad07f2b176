/** The Profile Setup dialog (spec section 2): overall percent and bar, rows grouped Essential / Important /
 * Optional with a badge and percent each; a row navigates to its settings page and closes the dialog. */
import { ChevronRight } from "lucide-react";
import { useNavigate } from "react-router";
import { useCompletion } from "@/api/completion";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { useFormat, useT } from "@/lib/i18n";
import { msg, type MessageId } from "@firepath/shared/i18n/messages";

export const GROUPS = ["Essential", "Important", "Optional"] as const;

/** The API's group names, as shown and explained. */
const GROUP_TEXT: Record<(typeof GROUPS)[number], { name: MessageId; hint: MessageId }> = {
  Essential: { name: msg("components.setup.essential"), hint: msg("components.setup.essentialHint") },
  Important: { name: msg("components.setup.important"), hint: msg("components.setup.importantHint") },
  Optional: { name: msg("components.setup.optional"), hint: msg("components.setup.optionalHint") },
};

export type SetupBadge = "Complete" | "In Progress" | "Not Started";

export function badgeFor(score: number): SetupBadge {
  return score >= 100 ? "Complete" : score > 0 ? "In Progress" : "Not Started";
}

const BADGE_VARIANT = { Complete: "success", "In Progress": "secondary", "Not Started": "outline" } as const;
const BADGE_TEXT: Record<SetupBadge, MessageId> = {
  Complete: msg("components.setup.complete"), "In Progress": msg("components.setup.inProgress"), "Not Started": msg("components.setup.notStarted"),
};

export default function ProfileSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT();
  const fmt = useFormat();
  const { data, isPending, isError } = useCompletion(open);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="profile-setup-dialog">
        <DialogHeader>
          <DialogTitle>{t("components.profileSetupDialog.profileSetup")}</DialogTitle>
          <DialogDescription>
            {data ? t("components.profileSetupDialog.yourProfileIsComplete", { overall: fmt.percent(data.overall / 100, { digits: 0 }) }) : t("components.profileSetupDialog.howCompleteYourFinancial")}
          </DialogDescription>
        </DialogHeader>
        {isPending && <Spinner />}
        {isError && <p className="text-sm text-destructive">{t("components.profileSetupDialog.couldNotLoadYour")}</p>}
        {data && (
          <>
            <div className="flex items-center gap-3">
              <Progress value={data.overall} aria-label={t("components.profileSetupDialog.overallProfileCompletion")} className="flex-1" />
              <span className="text-2xl font-bold tabular-nums" data-testid="setup-overall">{fmt.percent(data.overall / 100, { digits: 0 })}</span>
            </div>
            {GROUPS.map((group) => (
              <section key={group} aria-labelledby={`setup-${group}`}>
                <h3 id={`setup-${group}`} className="text-sm font-semibold">{t(GROUP_TEXT[group].name)}</h3>
                <p className="mb-1 text-xs text-muted-foreground">{t(GROUP_TEXT[group].hint)}</p>
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
                            <Badge variant={BADGE_VARIANT[badge]}>{t(BADGE_TEXT[badge])}</Badge>
                            <span className="w-10 text-right tabular-nums">{fmt.percent(s.score / 100, { digits: 0 })}</span>
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
