/** /calculators/[kind]: the FIRE, mortgage and tax calculators (kind "fire", "mortgage" or "tax"), each working on
 * the server as the web's do; a row of buttons moves between them. */
import { router, useLocalSearchParams, type Href } from "expo-router";
import { useMemo } from "react";
import { Body, ErrorState, Heading, Screen } from "@/components/ui";
import { type AppTranslate, useT } from "@/lib/i18n";
import { Choices } from "./calc-parts";
import { FireCalculator } from "./fire-calculator";
import { MortgageCalculator } from "./mortgage-calculator";
import { TaxCalculator } from "./tax-calculator";

export const CALCULATOR_KINDS = ["fire", "mortgage", "tax"] as const;
export type CalculatorKind = (typeof CALCULATOR_KINDS)[number];

/** Each calculator's button label, title and introduction, in the language shown. */
export const calculators = (t: AppTranslate) =>
  [
    { value: "fire", label: t("calculators.tab.fire"), title: t("app.more.fireCalculator"), intro: t("app.calc.fireIntro") },
    { value: "mortgage", label: t("calculators.tab.mortgage"), title: t("app.more.mortgageCalculator"), intro: t("app.calc.mortgageIntro") },
    { value: "tax", label: t("app.calc.tabTax"), title: t("tax.tax.taxAdvice"), intro: t("app.calc.taxIntro") },
  ] as const satisfies readonly { value: CalculatorKind; label: string; title: string; intro: string }[];

export function CalculatorScreen() {
  const t = useT();
  const options = useMemo(() => calculators(t), [t]);
  const params = useLocalSearchParams<{ kind?: string }>();
  const raw = Array.isArray(params.kind) ? params.kind[0] : params.kind;
  const calc = options.find((x) => x.value === raw);
  return (
    <Screen>
      <Choices
        label={t("app.stack.calculator")}
        options={options}
        value={(calc?.value ?? "") as CalculatorKind}
        onChange={(kind) => router.replace(`/calculators/${kind}` as Href)}
      />
      {calc ? (
        <>
          <Heading>{calc.title}</Heading>
          <Body muted>{calc.intro}</Body>
          {calc.value === "fire" ? <FireCalculator /> : calc.value === "mortgage" ? <MortgageCalculator /> : <TaxCalculator />}
        </>
      ) : (
        <ErrorState message={t("app.calc.noSuch")} />
      )}
    </Screen>
  );
}
