import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type HelpContextValue, useHelp } from "@/components/help/help-context";
import { HelpProvider } from "@/components/help/help-provider";
import { TourProvider } from "@/components/tour/tour-provider";
import { createQueryClient } from "@/lib/query-client";

function Probe({ onValue }: { onValue: (v: HelpContextValue) => void }) {
  const help = useHelp();
  onValue(help);
  return <p data-testid="state">{`${help.isVisible ? "visible" : "hidden"}:${help.activeTopic ?? "none"}`}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe("useHelp", () => {
  it("throws outside its provider with the spec's message", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe onValue={() => {}} />)).toThrow("useHelp must be used within HelpProvider");
  });

  it("shows with an optional topic and hides clearing the topic", () => {
    let help: HelpContextValue | undefined;
    // Showing loads the panel, which needs the query client, the router and the tour.
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <TourProvider>
            <HelpProvider>
              <Probe onValue={(v) => (help = v)} />
            </HelpProvider>
          </TourProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("state")).toHaveTextContent("hidden:none");
    act(() => help?.showHelp("fire-number"));
    expect(screen.getByTestId("state")).toHaveTextContent("visible:fire-number");
    act(() => help?.hideHelp());
    expect(screen.getByTestId("state")).toHaveTextContent("hidden:none");
    act(() => help?.showHelp());
    expect(screen.getByTestId("state")).toHaveTextContent("visible:none");
  });
});
