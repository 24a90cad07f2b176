import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryRouter, useLocation } from "react-router";
import { tourQuery } from "@/api/tour";
import { parseTourState, TOUR_STORAGE_KEY, type TourState } from "@/components/tour/tour-machine";
import { TourProvider, useTour } from "@/components/tour/tour-provider";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { createQueryClient } from "@/lib/query-client";
import { TOUR_STEPS } from "@/test/tour-steps";

const indexOf = (id: string) => TOUR_STEPS.findIndex((s) => s.id === id);

/** A stand-in page: the path, a start button, and the expenses tabs on /settings/expenses. */
function Page() {
  const { pathname } = useLocation();
  const tour = useTour();
  return (
    <div>
      <p data-testid="path">{pathname}</p>
      <button type="button" onClick={() => void tour.start()}>Start tour</button>
      {pathname === "/analysis" && (
        // As on the analysis page: the targets are the tab panels, which exist only once their tab is selected.
        <Tabs defaultValue="overview">
          <TabsList data-tour="analysis-tabs">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="fire-projections">FIRE projections</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">overview panel</TabsContent>
          <TabsContent value="fire-projections" data-tour="analysis-fire-projections">projections panel</TabsContent>
        </Tabs>
      )}
      {pathname === "/settings/expenses" && (
        <Tabs defaultValue="needs">
          <TabsList data-tour="expense-tabs">
            <TabsTrigger value="needs" data-tour="expenses-needs">Needs</TabsTrigger>
            <TabsTrigger value="wants" data-tour="expenses-wants">Wants</TabsTrigger>
          </TabsList>
          <TabsContent value="needs">needs panel</TabsContent>
          <TabsContent value="wants">wants panel</TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function renderTour(path: string, saved?: TourState) {
  if (saved) localStorage.setItem(TOUR_STORAGE_KEY, JSON.stringify(saved));
  const client = createQueryClient();
  client.setQueryData(tourQuery().queryKey, TOUR_STEPS);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TourProvider>
          <Page />
        </TourProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const running = (currentStep: number): TourState => ({ isActive: true, currentStep, completedSteps: [], isCompleted: false });
const saved = () => parseTourState(localStorage.getItem(TOUR_STORAGE_KEY));

// The overlay is lazy-loaded; load it once up front so the first test does not wait for its transform.
beforeAll(async () => {
  await import("@/components/tour/tour-overlay");
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("guided tour", () => {
  it("starts at the welcome step on its route, with Previous disabled, and saves its state", async () => {
    renderTour("/settings");
    await userEvent.click(screen.getByRole("button", { name: "Start tour" }));
    const card = await screen.findByRole("dialog", { name: "Welcome to FIRE Path" }, { timeout: 5000 });
    expect(card).toHaveAttribute("data-search", "centred");
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("Step 1 of 38");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByTestId("path")).toHaveTextContent("/fire-dashboard");
    expect(saved()).toEqual(running(0));
  });

  it("Next moves on and navigates to the next step's page; Previous comes back", async () => {
    renderTour("/fire-dashboard", running(indexOf("fire-dashboard")));
    await screen.findByRole("dialog", { name: "1. Your FIRE dashboard" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("dialog", { name: "2. Analysis" }, { timeout: 5000 });
    expect(screen.getByTestId("path")).toHaveTextContent("/analysis");
    expect(saved().completedSteps).toEqual(["fire-dashboard"]);
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByRole("dialog", { name: "1. Your FIRE dashboard" }, { timeout: 5000 });
    expect(screen.getByTestId("path")).toHaveTextContent("/fire-dashboard");
  });

  it("falls back to a centred card after 30 searches 300 ms apart when the target never appears", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTour("/fire-dashboard", running(indexOf("fire-dashboard")));
    const card = await screen.findByTestId("tour-card", {}, { timeout: 5000 });
    expect(card).toHaveAttribute("data-search", "searching");
    await act(() => vi.advanceTimersByTimeAsync(29 * 300 - 50));
    expect(card).toHaveAttribute("data-search", "searching");
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(card).toHaveAttribute("data-fallback", "true");
    expect(screen.queryByTestId("tour-highlight")).toBeNull();
  });

  it("highlights a present target and clicks a sub-tab step's tab after one second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTour("/settings/expenses", running(indexOf("expenses-wants")));
    const card = await screen.findByTestId("tour-card", {}, { timeout: 5000 });
    await waitFor(() => expect(card).toHaveAttribute("data-search", "found"));
    expect(screen.getByTestId("tour-highlight")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Wants", hidden: true })).toHaveAttribute("aria-selected", "false");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole("tab", { name: "Wants", hidden: true })).toHaveAttribute("aria-selected", "true");
  });

  it("selects a Radix tab by its value when the target is its panel, then finds the panel", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTour("/analysis", running(indexOf("analysis-fire-projections")));
    const card = await screen.findByTestId("tour-card", {}, { timeout: 5000 });
    // The panel is not in the page until its tab is selected (Radix mounts the active panel only), so "found"
    // means the tour selected the tab by its value. (Whether the card is still searching when it first shows
    // depends on how fast the machine renders it, so that is not asserted.)
    await act(() => vi.advanceTimersByTimeAsync(1300));
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "FIRE projections", hidden: true })).toHaveAttribute("aria-selected", "true"));
    await waitFor(() => expect(card).toHaveAttribute("data-search", "found"));
  });

  it("reads Finish on the last step, and Finish ends the tour as completed", async () => {
    renderTour("/fire-dashboard", running(TOUR_STEPS.length - 1));
    await screen.findByRole("dialog", { name: "Tour Complete!" }, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(screen.queryByTestId("tour-card")).toBeNull());
    expect(saved()).toMatchObject({ isActive: false, isCompleted: true });
  });

  it("Escape stops the tour and keeps the place", async () => {
    renderTour("/analysis", running(indexOf("analysis")));
    await screen.findByRole("dialog", { name: "2. Analysis" }, { timeout: 5000 });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("tour-card")).toBeNull());
    expect(saved()).toEqual({ ...running(indexOf("analysis")), isActive: false });
  });
});
