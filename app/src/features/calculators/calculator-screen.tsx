/** /calculators/[kind]: the FIRE, mortgage and tax calculators (kind "fire", "mortgage" or "tax"), each working on
 * the server as the web's do; a row of buttons moves between them. */
import { router, useLocalSearchParams, type Href } from "expo-router";
import { Body, ErrorState, Heading, Screen } from "@/components/ui";
import { Choices } from "./calc-parts";
import { FireCalculator } from "./fire-calculator";
import { MortgageCalculator } from "./mortgage-calculator";
import { TaxCalculator } from "./tax-calculator";

export const CALCULATORS = [
  { value: "fire", label: "FIRE", title: "FIRE calculator", intro: "Your FIRE number, time to financial independence, and the Lean, Fat, Coast and Barista numbers." },
  { value: "mortgage", label: "Mortgage", title: "Mortgage calculator", intro: "Your payment, total interest, the stress test and the CMHC premium." },
  { value: "tax", label: "Tax", title: "Tax advice", intro: "Income tax for your province and income, with your marginal and average rates." },
] as const;
export type CalculatorKind = (typeof CALCULATORS)[number]["value"];

export function CalculatorScreen() {
  const params = useLocalSearchParams<{ kind?: string }>();
  const raw = Array.isArray(params.kind) ? params.kind[0] : params.kind;
  const calc = CALCULATORS.find((x) => x.value === raw);
  return (
    <Screen>
      <Choices
        label="Calculator"
        options={CALCULATORS}
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
        <ErrorState message="There is no such calculator. Choose FIRE, Mortgage or Tax above." />
      )}
    </Screen>
  );
}
