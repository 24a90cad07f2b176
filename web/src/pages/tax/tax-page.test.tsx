/** The tax page in French: the line naming what the household plan filled in is French (a French list, "et"), and so
 * is a room figure the API could not work out, and so are the province names. */
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import { screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { renderPage, stubApi } from "@/test/page-test-utils";
import TaxPage from "./tax-page";

afterEach(() => vi.restoreAllMocks());

const plan = { "GET /api/v1/plan/summary": { body: demoSummary }, "GET /api/v1/plan/household": { body: demoHousehold } };

describe("TaxPage", () => {
  it("names what the plan filled in, and a room it could not work out, in French", async () => {
    stubApi(plan); // every /calc answer is a 404: the room figures cannot be worked out
    renderPage(<IntlProvider locale="fr-CA" defaultLocale="en-CA" messages={{ ...EN_CA, ...FR_CA }}><TaxPage /></IntlProvider>);
    expect(await screen.findByText(/À partir du plan de votre ménage : province, salaire et âge\./)).toBeInTheDocument();
    expect(screen.queryByText(/salary/)).toBeNull();
    expect(screen.getByRole("option", { name: "Terre-Neuve-et-Labrador" })).toBeInTheDocument(); // the province list too
    expect((await screen.findAllByText("Vérifiez les champs")).length).toBeGreaterThan(0);
  });

  it("names them in English in en-CA", async () => {
    stubApi(plan);
    renderPage(<TaxPage />);
    expect(await screen.findByText(/Started from your household plan: province, salary and age\./)).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Newfoundland and Labrador" })).toBeInTheDocument();
    expect((await screen.findAllByText("Check the fields")).length).toBeGreaterThan(0);
  });
});
