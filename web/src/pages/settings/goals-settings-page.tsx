/** /settings/goals: what you are saving for, with target, progress, date and priority. */
import { formatCurrency, formatDate } from "@firepath/shared/format";
import { GOAL_CATEGORIES, GOAL_FIELDS } from "@firepath/shared/settings-fields";
import { addGoal, deleteGoal, type Goal, updateGoal, useGoals } from "@/api/goals";
import { Progress } from "@/components/ui/progress";
import { CrudList } from "@/pages/settings/crud-list";
import { SettingsShell } from "@/pages/settings/settings-shell";

const categoryLabel = (v: string) => GOAL_CATEGORIES.find((o) => o.value === v)?.label ?? v;

export default function GoalsSettingsPage() {
  const query = useGoals();
  return (
    <SettingsShell title="Financial Goals" description="Targets with amounts and dates." tour="settings-goals">
      <CrudList<Goal>
        title="Goals"
        items={query.data}
        loading={query.isPending}
        loadError={query.isError ? "Failed to load goals" : null}
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
          noun: "goal", added: "Goal added successfully", addFailed: "Failed to save goal",
          updated: "Goal updated successfully", updateFailed: "Failed to update goal",
          deleted: "Goal deleted successfully", deleteFailed: "Failed to delete goal",
          empty: "No goals yet", emptyHint: "Start with an emergency fund of 3 to 6 months of expenses.",
        }}
        render={(g) => {
          const target = Number(g.target_amount);
          const share = target > 0 ? Math.min(100, Math.round((Number(g.current_amount) / target) * 100)) : 0;
          return (
            <div className="flex flex-col gap-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span>
                  <span className="font-medium">{g.name}</span>{" "}
                  <span className="text-sm text-muted-foreground">
                    {categoryLabel(g.category)} · {g.priority} priority{g.target_date ? ` · by ${formatDate(g.target_date)}` : ""}
                  </span>
                </span>
                <span className="text-sm tabular-nums">{formatCurrency(g.current_amount)} of {formatCurrency(g.target_amount)}</span>
              </div>
              <Progress value={share} aria-label={`${g.name}: ${share}% saved`} />
            </div>
          );
        }}
      />
    </SettingsShell>
  );
}
