/** The dashboard's chart of the household plan: net worth and investable savings a year (today's dollars) from the
 * plan summary, with the FI date and the milestones marked. Loaded lazily, so recharts is not in the first paint. */
import type { PlanSummary } from "@/api/plan";
import { PlanChart } from "@/components/charts/plan-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { planPoints } from "@/lib/plan-points";
import { useT, useFormat } from "@/lib/i18n";

export default function PlanChartCard({ summary, className }: { summary: PlanSummary; className?: string }) {
  const fmt = useFormat();
  const t = useT();
  const points = planPoints(summary.years, summary.net_worth, summary.investable);
  return (
    <Card className={className} data-testid="plan-chart-card">
      <CardHeader>
        <CardTitle className="text-lg">{t("dashboard.planChartCard.yourPlanOverTime")}</CardTitle>
        <CardDescription>
          {t("dashboard.planChartCard.netWorthAndInvestable")}
          {summary.fi_date ? t("dashboard.planChartCard.theGreenLineIs", { fi_date: fmt.month(summary.fi_date) }) : ""}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PlanChart
          points={points}
          fiDate={summary.fi_date}
          milestones={summary.milestones}
          testId="dashboard-plan-chart"
          height={280}
          caption={t("dashboard.planChartCard.chartCaption")}
        />
      </CardContent>
    </Card>
  );
}
