/** /settings/goals: what you are saving for, with target, progress, date and priority. */
import { addGoal, deleteGoal, type Goal, updateGoal, useGoals } from "@/api/goals";
import { Progress } from "@/components/ui/progress";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";
import { labelOf } from "@firepath/shared/form-kit";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, useFormat } from "@/lib/i18n";


export default function GoalsSettingsPage() {
  const fmt = useFormat();
  const t = useT();
  const { GOAL_FIELDS, GOAL_CATEGORIES } = useSettingsFields();
  const query = useGoals();
  return (
    <SettingsShell title={t("settings.goals.financialGoals")} description={t("settings.goals.targetsWithAmountsAnd")} tour="settings-goals">
      <CrudList<Goal>
        title={t("settings.goals.goals")}
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? t("settings.goals.failedToLoadGoals") : null}
        onRetry={() => void query.refetch()}
        fields={GOAL_FIELDS}
        prefix="goal"
        queryKey={["goals"]}
        form="settings_goal"
        defaults={{ category: "emergency-fund", priority: "medium" }}
        add={addGoal as never}
        update={updateGoal as never}
        remove={deleteGoal}
        texts={{
          noun: t("settings.noun.goal"), gender: t("settings.noun.goalGender"), added: t("settings.goals.goalAddedSuccessfully"), addFailed: t("settings.goals.failedToSaveGoal"),
          updated: t("settings.goals.goalUpdatedSuccessfully"), updateFailed: t("settings.goals.failedToUpdateGoal"),
          deleted: t("settings.goals.goalDeletedSuccessfully"), deleteFailed: t("settings.goals.failedToDeleteGoal"),
          empty: t("settings.goals.noGoalsYet"), emptyHint: t("settings.goals.startWithAnEmergency"),
        }}
        render={(g) => {
          const target = Number(g.target_amount);
          const share = target > 0 ? Math.min(100, Math.round((Number(g.current_amount) / target) * 100)) : 0;
          return (
            <div className="flex flex-col gap-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span>
                  <span className="font-medium">{g.name}</span>&#32;
                  <span className="text-sm text-muted-foreground">
                    {t("settings.goals.priority", { category: labelOf(GOAL_CATEGORIES, g.category), priority: labelOf(GOAL_FIELDS.find((f) => f.name === "priority")?.options ?? [], g.priority).toLowerCase() })}{g.target_date ? t("settings.goals.by", { target_date: fmt.date(g.target_date) }) : ""}
                  </span>
                </span>
                <span className="text-sm tabular-nums">{t("settings.goals.of", { current_amount: fmt.money(g.current_amount), target_amount: fmt.money(g.target_amount) })}</span>
              </div>
              <Progress value={share} aria-label={t("settings.goals.saved", { name: g.name, share: fmt.percent(share / 100, { digits: 0 }) })} />
            </div>
          );
        }}
      />
    </SettingsShell>
  );
}
