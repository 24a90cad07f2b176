import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ProgressPage from "@/pages/progress/progress-page";
import { stubApi } from "@/test/page-test-utils";
import { SUMMARY } from "@/test/plan-fixtures";

function renderProgress(summary = SUMMARY) {
  const api = stubApi({
    "GET /api/v1/plan/summary": { body: summary },
    "GET /api/v1/snapshot/history": { body: [] },
    "GET /api/v1/activity": { body: [] },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter><ProgressPage /></MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe("ProgressPage", () => {
  it("shows the plan summary's FIRE number, progress and FI date, as the dashboard does", async () => {
    const api = renderProgress();
    expect(await screen.findByTestId("progress-fire-number")).toHaveTextContent("$1,551,737");
    expect(screen.getByTestId("progress-fi-date")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("progress-percent")).toHaveTextContent("20.6% of the way to your FIRE number.");
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
  });

  it("asks for the spending instead of figures while the plan has none", async () => {
    renderProgress({ ...SUMMARY, spending: 0, fire_number: 0, progress: 1 });
    expect(await screen.findByTestId("fi-progress-empty")).toHaveTextContent("monthly expenses");
    expect(screen.queryByTestId("progress-fire-number")).toBeNull();
  });
});
