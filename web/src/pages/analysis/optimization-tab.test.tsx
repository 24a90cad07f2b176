import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OptimiserCard } from "@/pages/analysis/optimiser-card";
import { AllocationList } from "@/pages/analysis/optimization-tab";
import { stubApi } from "@/test/page-test-utils";
import { OPTIMISED } from "@/test/plan-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("OptimiserCard", () => {
  it("says what it is trying while it runs, then shows the best plan beside the saved one", async () => {
    stubApi({ "GET /api/v1/plan/household/optimise": { body: OPTIMISED } });
    render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><OptimiserCard /></QueryClientProvider>);
    const running = screen.getByTestId("optimiser-running");
    expect(running).toHaveTextContent("Trying CPP/OAS ages and meltdown amounts…");
    expect(running.closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
    expect(await screen.findByTestId("optimiser-summary")).toHaveTextContent("$5,280 more a year to spend in retirement");
    const rows = within(screen.getByTestId("optimiser-table")).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("Yearly spending it pays$201,977$196,697");
    expect(screen.queryByTestId("optimiser-running")).toBeNull();
  });
});

describe("AllocationList", () => {
  it("numbers each account by name with its amount", () => {
    render(<AllocationList allocations={[{ account: "rrsp", amount: 21240, reason: "deduction now" }, { account: "tfsa", amount: 7000, reason: "tax-free" }]} />);
    const items = within(screen.getByTestId("allocation-list")).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("1. RRSP");
    expect(items[0]).toHaveTextContent("$21,240");
    expect(items[1]).toHaveTextContent("2. TFSA");
  });

  it("says there is nothing to place when the plan leaves no savings (it was an empty card)", () => {
    render(<AllocationList allocations={[]} />);
    expect(screen.queryByTestId("allocation-list")).toBeNull();
    expect(screen.getByTestId("allocation-empty")).toHaveTextContent("nothing left over to save");
  });
});
