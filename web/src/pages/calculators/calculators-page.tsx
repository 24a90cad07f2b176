/** /calculators: FIRE, mortgage, investment, debt payoff and time-value-of-money calculators over /api/v1/calc/*,
 * in tabs (the tab follows ?tab= so the tour and links can open one). */
import { msg } from "@firepath/shared/i18n/messages";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DebtCalculator } from "./debt-calculator";
import { FireCalculator } from "./fire-calculator";
import { InvestmentCalculator } from "./investment-calculator";
import { MortgageCalculator } from "./mortgage-calculator";
import { TvmCalculator } from "./tvm-calculator";
import { useT } from "@/lib/i18n";

const TABS = [
  ["fire", msg("calculators.tab.fire")], ["mortgage", msg("calculators.tab.mortgage")], ["investment", msg("calculators.tab.investment")], ["debt", msg("calculators.tab.debt")], ["tvm", msg("calculators.tab.tvm")],
] as const;

export default function CalculatorsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = TABS.some(([k]) => k === params.get("tab")) ? params.get("tab")! : "fire";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t("calculators.calculators.calculators")}</h1>
        <p className="text-sm text-muted-foreground">{t("calculators.calculators.canadianDefaultsFixedRate")}</p>
      </div>
      <Tabs value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
        <TabsList aria-label={t("calculators.calculators.calculators")} data-tour="calculator-tabs">
          {TABS.map(([k, label]) => <TabsTrigger key={k} value={k} data-tour={`calculator-${k}`}>{t(label)}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="fire"><FireCalculator /></TabsContent>
        <TabsContent value="mortgage"><MortgageCalculator /></TabsContent>
        <TabsContent value="investment"><InvestmentCalculator /></TabsContent>
        <TabsContent value="debt"><DebtCalculator /></TabsContent>
        <TabsContent value="tvm"><TvmCalculator /></TabsContent>
      </Tabs>
    </div>
  );
}
