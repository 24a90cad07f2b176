import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { onlineManager } from "@tanstack/react-query";
import { router, useLocalSearchParams } from "expo-router";
import type { PlanSummary } from "@/features/plan/plan-api";
import { renderScreen, stubApi } from "@/test/utils";
import type { HouseholdPlan } from "./calc-api";
import { CalculatorScreen } from "./calculator-screen";
import { fireSeed } from "@firepath/shared/plan-numbers";

jest.mock("expo-router", () => ({ router: { push: jest.fn(), replace: jest.fn() }, useLocalSearchParams: jest.fn(() => ({})) }));

const SUMMARY = {
  headline: "Financially independent in August 2035.",
  fi_date: "2035-08-01",
  fire_number: 1_180_000,
  investable_today: 590_000,
  spending: 60_000,
  target: { age: 52, date: "2044-11-01", met: true, months_early: 111, shortfall: null, extra_monthly: null, sentence: "On track." },
} as unknown as PlanSummary;

const HOUSEHOLD = {
  missing: [],
  inputs: { province: "BC", return_rate: 0.06, inflation: 0.021, people: [{ age: 34, employment_income: 120_000, retirement_age: 55 }] },
  years: [{ employment: 120_000, contributions: 30_000 }],
} as unknown as HouseholdPlan;

const FIRE = { fire_number: 1_500_000, withdrawal_rate: 0.04, savings_rate: 0.33, months_to_fi: 130, years_to_fi: 10.8, assumptions: { notes: ["Returns are real."] } };
const VARIANTS = { fire_number: 1_500_000, lean_fire_number: 1_050_000, fat_fire_number: 2_250_000, coast_fire_number: 700_000, barista_fire_number: 1_000_000, coast_reached: false, years_to_retirement: 18, withdrawal_rate: 0.04, assumptions: {} };
const MORTGAGE = {
  principal: 500_000, payment: 2908.02, periods_per_year: 12, total_interest: 372_406.5, total_paid: 872_406.5, payoff_years: 25,
  qualifying_rate: 0.07, qualifying_monthly_payment: 3496.12, cmhc: null, assumptions: {},
  schedule: [
    { year: 1, payments: 34_896.24, principal: 10_210.4, interest: 24_685.84, prepayments: 0, ending_balance: 489_789.6 },
    { year: 2, payments: 34_896.24, principal: 10_733.1, interest: 24_163.14, prepayments: 0, ending_balance: 479_056.5 },
  ],
};
const TAX = {
  cash_income: 90_000, total_income: 90_000, deductions: [], net_income: 90_000, taxable_income: 90_000, federal: {}, provincial: {},
  federal_tax: 11_000.5, quebec_abatement: 0, provincial_tax: 5_200.25, ontario_surtax: 0, ontario_health_premium: 0, ontario_tax_reduction: 0,
  bc_tax_reduction: 0, income_tax: 16_200.75, oas_recovery_tax: 0, total_tax: 16_200.75, cpp: 4_034.1, cpp2: 188, ei: 1_077.48, qpip: 0,
  total_deductions: 21_500, after_tax_income: 68_500, marginal_rate: 0.3165, average_rate: 0.18,
  marginal_rates: { eligible_dividends: 0.1, non_eligible_dividends: 0.2, capital_gains: 0.15825 }, rrsp_tax_saved: 1_582.5, assumptions: {},
};

const NO_PLAN = {
  "GET /api/v1/plan/summary": { status: 404, body: { code: "not_found", message: "No plan yet" } },
  "GET /api/v1/plan/household": { status: 404, body: { code: "not_found", message: "No plan yet" } },
};

const show = (kind: string) => {
  jest.mocked(useLocalSearchParams).mockReturnValue({ kind });
  return renderScreen(<CalculatorScreen />);
};
const type = (label: string, text: string) => fireEvent.changeText(screen.getByLabelText(label), text);

afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe("FIRE", () => {
  test("starts from the plan (the web's fire-seed source) and shows the plan's own figures beside the server's answer", async () => {
    const api = stubApi({
      "GET /api/v1/plan/summary": { body: SUMMARY },
      "GET /api/v1/plan/household": { body: HOUSEHOLD },
      "POST /api/v1/calc/fire": { body: FIRE },
      "POST /api/v1/calc/fire-variants": { body: VARIANTS },
    });
    show("fire");
    expect(await screen.findByText("Filled in from your plan; change anything to try other numbers.")).toBeTruthy();
    expect(screen.getByLabelText("Yearly spending ($)").props.value).toBe("60000");
    expect(screen.getByLabelText("Invested today ($)").props.value).toBe("590000");
    expect(screen.getByLabelText("Inflation (%)").props.value).toBe("2.1");
    expect(screen.getByTestId("fire-plan-heading")).toHaveTextContent("Your plan: independent in August 2035 (taxes, CPP and OAS counted)");
    expect(within(screen.getByTestId("fire-plan")).getByText("$1,180,000")).toBeTruthy();

    await waitFor(() =>
      expect(api.calls("POST", "/api/v1/calc/fire").at(-1)?.body).toEqual({
        annual_expenses: 60_000, multiplier: 25, annual_income: 90_000, annual_savings: 30_000, current_portfolio: 590_000, annual_return: 0.06, inflation: 0.021,
      }),
    );
    expect(api.calls("POST", "/api/v1/calc/fire-variants").at(-1)?.body).toMatchObject({ current_age: 34, retirement_age: 52, annual_expenses: 60_000 });
    expect(within(await screen.findByTestId("fire-number")).getByText("$1,500,000")).toBeTruthy();
    expect(screen.getByText("FIRE number (this calculator)")).toBeTruthy();
    expect(screen.getByTestId("fire-years")).toHaveTextContent(/10\.8 years.*130 months/);
    expect(screen.getByText("$1,050,000")).toBeTruthy();
  });

  test("the seed is the web's: spending, savings, take-home pay, rates and ages from the plan", () => {
    expect(fireSeed(SUMMARY, HOUSEHOLD)).toEqual({
      annual_expenses: "60000", annual_savings: "30000", annual_income: "90000", current_portfolio: "590000",
      annual_return: "6", inflation: "2.1", current_age: "34", retirement_age: "52",
    });
  });

  test("'Fill in from my plan' puts the plan's numbers back after an edit", async () => {
    stubApi({
      "GET /api/v1/plan/summary": { body: SUMMARY },
      "GET /api/v1/plan/household": { body: HOUSEHOLD },
      "POST /api/v1/calc/fire": { body: FIRE },
      "POST /api/v1/calc/fire-variants": { body: VARIANTS },
    });
    show("fire");
    await screen.findByText("Filled in from your plan; change anything to try other numbers.");
    type("Yearly spending ($)", "70000");
    type("Your age", "40");
    fireEvent.press(screen.getByRole("button", { name: "Fill in from my plan" }));
    expect(screen.getByLabelText("Yearly spending ($)").props.value).toBe("60000");
    expect(screen.getByLabelText("Your age").props.value).toBe("34");
  });

  test("without a plan it keeps the example numbers and sends what is typed", async () => {
    const api = stubApi({ ...NO_PLAN, "POST /api/v1/calc/fire": { body: FIRE }, "POST /api/v1/calc/fire-variants": { body: VARIANTS } });
    show("fire");
    expect(await screen.findByText("FIRE number")).toBeTruthy();
    expect(screen.queryByTestId("fire-plan")).toBeNull();
    expect(screen.queryByRole("button", { name: "Fill in from my plan" })).toBeNull();
    type("Yearly spending ($)", "50,000");
    type("Withdrawal rate (%)", "3.5");
    await waitFor(() =>
      expect(api.calls("POST", "/api/v1/calc/fire").at(-1)?.body).toMatchObject({ annual_expenses: 50_000, multiplier: 28.5714, annual_income: 80_000 }),
    );
  });

  test("a bad amount shows the web's message and sends nothing", async () => {
    const api = stubApi({ ...NO_PLAN, "POST /api/v1/calc/fire": { body: FIRE }, "POST /api/v1/calc/fire-variants": { body: VARIANTS } });
    show("fire");
    await screen.findByTestId("fire-number");
    const sent = api.calls("POST").length;
    type("Yearly spending ($)", "lots");
    expect(screen.getByText("Yearly spending must be a number")).toBeTruthy();
    type("Inflation (%)", "2,5");
    expect(screen.getByText("Inflation must be a number: use a point for decimals (12.50)")).toBeTruthy();
    type("Retirement age", "");
    expect(screen.getByText("Retirement age is required")).toBeTruthy();
    expect(screen.getByText("Fix the highlighted fields to see results.")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls("POST")).toHaveLength(sent);
  });
});

describe("Mortgage", () => {
  test("sends the typed loan, rate and frequency, and shows the server's payment with the schedule behind the chart", async () => {
    const api = stubApi({ "POST /api/v1/calc/mortgage": { body: MORTGAGE } });
    show("mortgage");
    type("Loan amount ($)", "500000");
    type("Interest rate (%)", "5");
    fireEvent.press(screen.getByRole("radio", { name: "Bi-weekly" }));
    await waitFor(() =>
      expect(api.calls("POST", "/api/v1/calc/mortgage").at(-1)?.body).toEqual({
        principal: 500_000, annual_rate: 0.05, amortization_years: 25, frequency: "bi_weekly", compounding: "semi_annual", extra_payment: 0, annual_prepayment: 0,
      }),
    );
    const payment = await screen.findByTestId("mortgage-payment");
    expect(payment).toHaveTextContent(/Bi-weekly payment.*\$2,908\.02/);
    expect(screen.getByTestId("mortgage-interest")).toHaveTextContent(/\$372,406\.50/);
    expect(screen.getByTestId("amortization-chart").props.accessibilityLabel).toContain("from $500,000 to zero over 2 years");
    fireEvent.press(screen.getByRole("button", { name: "Show figures" }));
    expect(screen.getByTestId("amortization-table")).toHaveTextContent(/2.*\$479,056\.50/);
  });

  test("with a price and down payment it sends those instead of a loan amount", async () => {
    const api = stubApi({ "POST /api/v1/calc/mortgage": { body: { ...MORTGAGE, cmhc: { required: true, insurable: true, note: null, loan_to_value: 0.9, premium_rate: 0.031, premium: 16_740, minimum_down_payment: 35_000 } } } });
    show("mortgage");
    fireEvent.press(screen.getByRole("radio", { name: "The price and down payment" }));
    type("Home price ($)", "600000");
    type("Down payment ($)", "60000");
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/mortgage").at(-1)?.body).toMatchObject({ price: 600_000, down_payment: 60_000 }));
    expect(api.calls("POST", "/api/v1/calc/mortgage").at(-1)?.body).not.toHaveProperty("principal");
    expect(await screen.findByText("Includes the CMHC premium of $16,740.00")).toBeTruthy();
  });

  test("a negative amount is refused with the web's message", async () => {
    const api = stubApi({ "POST /api/v1/calc/mortgage": { body: MORTGAGE } });
    show("mortgage");
    await screen.findByTestId("mortgage-payment"); // the example loan's answer
    const sent = api.calls("POST", "/api/v1/calc/mortgage").length;
    type("Loan amount ($)", "-5");
    expect(screen.getByText("Loan amount cannot be negative")).toBeTruthy();
    type("Amortization (years)", "45");
    expect(screen.getByText("Amortization (years) must be at least 1 and at most 40")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls("POST", "/api/v1/calc/mortgage")).toHaveLength(sent);
    expect(screen.getByText("Fix the highlighted fields to see results.")).toBeTruthy();
  });
});

describe("Tax", () => {
  test("starts from the plan's province, pay and age, sends the typed income and shows the server's estimate", async () => {
    const api = stubApi({
      "GET /api/v1/plan/summary": { body: SUMMARY },
      "GET /api/v1/plan/household": { body: HOUSEHOLD },
      "POST /api/v1/calc/tax": { body: TAX },
    });
    show("tax");
    expect(await screen.findByText(/Started from your household plan: province, salary, age\./)).toBeTruthy();
    expect(screen.getByRole("radio", { name: "British Columbia" }).props.accessibilityState).toMatchObject({ selected: true });
    expect(screen.getByLabelText("Employment income ($)").props.value).toBe("120000");

    fireEvent.press(screen.getByRole("radio", { name: "Alberta" }));
    type("Employment income ($)", "90000");
    type("RRSP contribution to deduct ($)", "");
    await waitFor(() =>
      expect(api.calls("POST", "/api/v1/calc/tax").at(-1)?.body).toMatchObject({ province: "AB", employment_income: 90_000, rrsp_deduction: 0, age: 34, other_income: 0 }),
    );
    expect(await screen.findByTestId("tax-income-tax")).toHaveTextContent(/\$16,200\.75.*Federal \$11,000\.50, provincial \$5,200\.25/);
    expect(screen.getByTestId("tax-marginal")).toHaveTextContent(/31\.65%/);
    expect(screen.getByTestId("tax-average")).toHaveTextContent(/Average rate\s*18%/);
  });

  test("without a plan it uses the web's example and the chosen province; a deduction above the income is refused", async () => {
    const api = stubApi({ ...NO_PLAN, "POST /api/v1/calc/tax": { body: TAX } });
    show("tax");
    fireEvent.press(screen.getByRole("radio", { name: "Quebec" }));
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/tax").at(-1)?.body).toMatchObject({ province: "QC", employment_income: 75_000, rrsp_deduction: 5_000 }));
    expect(await screen.findByText("QPP, QPP2, EI and QPIP")).toBeTruthy();
    const sent = api.calls("POST").length;
    type("RRSP contribution to deduct ($)", "80000");
    expect(screen.getByText("RRSP deduction cannot be more than your income")).toBeTruthy();
    type("Employment income ($)", "abc");
    expect(screen.getByText("Employment income must be a number")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls("POST")).toHaveLength(sent);
  });
});

test("offline, the calculators say they need a connection", async () => {
  stubApi({});
  onlineManager.setOnline(false);
  show("mortgage");
  expect(await screen.findByText("You're offline. The calculators work on your FIRE Path server: connect to see results.")).toBeTruthy();
});

test("the calculator row switches calculators; an unknown one says so", () => {
  stubApi(NO_PLAN);
  show("nope");
  expect(screen.getByText("There is no such calculator. Choose FIRE, Mortgage or Tax above.")).toBeTruthy();
  fireEvent.press(screen.getByRole("radio", { name: "Tax" }));
  expect(router.replace).toHaveBeenCalledWith("/calculators/tax");
});

describe("in French", () => {
  const showFr = (kind: string) => {
    jest.mocked(useLocalSearchParams).mockReturnValue({ kind });
    return renderScreen(<CalculatorScreen />, { locale: "fr-CA" });
  };

  test("FIRE: fields, the plan's figures and the results in French, the plan's rates written with a comma", async () => {
    const api = stubApi({
      "GET /api/v1/plan/summary": { body: SUMMARY },
      "GET /api/v1/plan/household": { body: HOUSEHOLD },
      "POST /api/v1/calc/fire": { body: FIRE },
      "POST /api/v1/calc/fire-variants": { body: VARIANTS },
    });
    showFr("fire");
    expect(screen.getByText("Calculateur FIRE")).toBeTruthy();
    expect(await screen.findByText("Rempli à partir de votre plan; modifiez n’importe quel chiffre pour en essayer d’autres.")).toBeTruthy();
    expect(screen.getByLabelText("Dépenses annuelles ($)").props.value).toBe("60000");
    expect(screen.getByLabelText("Inflation (%)").props.value).toBe("2,1");
    expect(screen.getByTestId("fire-plan-heading")).toHaveTextContent("Votre plan : indépendance en août 2035 (impôt, RPC/RRQ et SV compris)");
    expect(screen.getByTestId("fire-plan")).toHaveTextContent(/Il faut 1 180 000 \$ placés à l’indépendance, en dollars d’aujourd’hui\./);
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/fire").at(-1)?.body).toMatchObject({ annual_expenses: 60_000, inflation: 0.021 }));

    expect(within(await screen.findByTestId("fire-number")).getByText("1 500 000 $")).toBeTruthy();
    expect(screen.getByText("Chiffre FIRE (ce calculateur)")).toBeTruthy();
    expect(screen.getByTestId("fire-number")).toHaveTextContent(/25 × dépenses annuelles \(un taux de retrait de 4\s%\)$/);
    expect(screen.getByTestId("fire-years")).toHaveTextContent(/10,8 ans.*130 mois, en dollars d’aujourd’hui/);
    expect(screen.getByText("33 %")).toBeTruthy();
    expect(screen.getByText("Investi dès maintenant, la croissance seule atteindrait l’IF en 18 ans")).toBeTruthy();

    type("Inflation (%)", "2,5");
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/fire").at(-1)?.body).toMatchObject({ inflation: 0.025 }));
    fireEvent.press(screen.getByRole("button", { name: "Remplir à partir de mon plan" }));
    expect(screen.getByLabelText("Inflation (%)").props.value).toBe("2,1");
  });

  test("Mortgage: choices, payment, schedule and the chart's summary in French", async () => {
    const api = stubApi({ "POST /api/v1/calc/mortgage": { body: MORTGAGE } });
    showFr("mortgage");
    expect(screen.getByLabelText("Taux d’intérêt (%)").props.value).toBe("4,5");
    type("Montant du prêt ($)", "500 000");
    type("Taux d’intérêt (%)", "5,25");
    fireEvent.press(screen.getByRole("radio", { name: "Aux deux semaines" }));
    await waitFor(() =>
      expect(api.calls("POST", "/api/v1/calc/mortgage").at(-1)?.body).toMatchObject({ principal: 500_000, annual_rate: 0.0525, frequency: "bi_weekly" }),
    );
    expect(await screen.findByTestId("mortgage-payment")).toHaveTextContent(/Versement : Aux deux semaines.*2 908,02 \$/);
    expect(screen.getByText("Remboursé en")).toBeTruthy();
    expect(screen.getByText("25 ans")).toBeTruthy();
    expect(screen.getByText("7 %")).toBeTruthy();
    // Intl writes no-break spaces in French amounts: compared as plain spaces.
    expect(screen.getByTestId("amortization-chart").props.accessibilityLabel.replace(/\s/g, " ")).toBe(
      "Graphique d’amortissement : le solde passe de 500 000 $ à zéro en 2 ans; les intérêts payés la première année sont de 24 686 $. Les chiffres ci-dessous donnent chaque année.",
    );
    fireEvent.press(screen.getByRole("button", { name: "Afficher les chiffres" }));
    expect(screen.getByLabelText("Tableau d’amortissement par année")).toHaveTextContent(/Année.*Capital.*Intérêts.*Solde.*479 056,50 \$/);
    fireEvent.press(screen.getByRole("radio", { name: "Le prix et la mise de fonds" }));
    expect(screen.getByLabelText("Prix de la maison ($)")).toBeTruthy();
  });

  test("Tax: started from the plan in French words, the estimate with CPP/QPP names and rates in French", async () => {
    const api = stubApi({
      "GET /api/v1/plan/summary": { body: SUMMARY },
      "GET /api/v1/plan/household": { body: HOUSEHOLD },
      "POST /api/v1/calc/tax": { body: TAX },
    });
    showFr("tax");
    expect(await screen.findByText(/À partir du plan de votre ménage : province, salaire, âge\./)).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Colombie-Britannique" }).props.accessibilityState).toMatchObject({ selected: true });
    fireEvent.press(screen.getByRole("radio", { name: "Québec" }));
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/tax").at(-1)?.body).toMatchObject({ province: "QC", employment_income: 120_000 }));
    expect(await screen.findByTestId("tax-income-tax")).toHaveTextContent(/Impôt sur le revenu.*16 200,75 \$.*Fédéral 11 000,50 \$, provincial 5 200,25 \$/);
    expect(screen.getByTestId("tax-marginal")).toHaveTextContent(/Taux marginal\s*31,65 %/);
    expect(screen.getByTestId("tax-average")).toHaveTextContent(/Taux moyen\s*18 %/);
    expect(screen.getByText("RRQ, RRQ2, AE et RQAP")).toBeTruthy();
    expect(screen.getByText("RRQ 4 034,10 $, RRQ2 188,00 $, AE 1 077,48 $, RQAP 0,00 $")).toBeTruthy();
    expect(screen.getByText("Revenu total 90 000,00 $; revenu imposable 90 000,00 $.")).toBeTruthy();

    const sent = api.calls("POST").length;
    type("Cotisation REER à déduire ($)", "200 000");
    expect(screen.getByText("La déduction REER ne peut pas dépasser votre revenu")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls("POST")).toHaveLength(sent);
  });

  test("the calculator row and an unknown calculator in French", () => {
    stubApi(NO_PLAN);
    showFr("nope");
    expect(screen.getByText("Ce calculateur n’existe pas. Choisissez FIRE, Hypothèque ou Impôt ci-dessus.")).toBeTruthy();
    expect(screen.getByLabelText("Calculateur")).toBeTruthy();
    fireEvent.press(screen.getByRole("radio", { name: "Impôt" }));
    expect(router.replace).toHaveBeenCalledWith("/calculators/tax");
  });
});
