import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ReportPage from "@/pages/report/report-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { stubApi } from "@/test/page-test-utils";

function renderReport(missing: string[] = demoHousehold.missing, spending: number = Number(demoSummary.spending)) {
  const api = stubApi({
    "GET /api/v1/plan/summary": { body: { ...demoSummary, missing, spending } },
    "GET /api/v1/plan/household": { body: { ...demoHousehold, missing } },
    "GET /api/v1/profile": { body: null, status: 404 },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithAuth value={authState({ user: fakeUser() })}>
        <MemoryRouter><ReportPage /></MemoryRouter>
      </WithAuth>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe("ReportPage", () => {
  it("asks a user without spending to add it instead of printing a report of $0 figures", async () => {
    renderReport(["expenses"], 0);
    expect(await screen.findByTestId("report-empty")).toHaveTextContent("Add your spending to build your report");
    expect(screen.getByRole("link", { name: "Add expenses" })).toHaveAttribute("href", "/settings/expenses");
    expect(screen.queryByTestId("report-fire-number")).toBeNull();
    expect(screen.getByRole("button", { name: /Print/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeDisabled();
  });

  it("shows the plan summary's FI date, FIRE number, target, actions and assumptions, and never asks the old plan", async () => {
    const api = renderReport();
    expect(await screen.findByTestId("report-fi-date")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("report-fire-number")).toHaveTextContent("$1,551,737");
    expect(screen.getByText(/rule of thumb would say \$2,357,100/)).toBeInTheDocument();
    expect(screen.getByTestId("report-target")).toHaveTextContent("On track for 52");
    expect(screen.getByTestId("report-success")).toHaveTextContent("Success rate 99.2%: How often does the plan pay");
    expect(within(screen.getByTestId("report-next-actions")).getByRole("link", { name: "Pay down $1,859 of debt" })).toHaveAttribute("href", "/settings/credit");
    expect(screen.getByTestId("report-missing")).toHaveTextContent("non-registered cost base");
    expect(screen.getByTestId("report-assumptions")).toHaveTextContent("Amounts are in today's dollars.");
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeEnabled();
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
    expect(api.calls("GET", "/api/v1/snapshot")).toHaveLength(0);
  });
});
