import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CARD_WIDTH,
  cardWidth,
  clickTab,
  findTab,
  findTarget,
  placeCard,
  SCREEN_MARGIN,
  SEARCH_ATTEMPTS,
  SEARCH_INTERVAL_MS,
} from "@/components/tour/tour-layout";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("target search (30 attempts at 300 ms)", () => {
  it("uses the spec's constants", () => {
    expect([SEARCH_ATTEMPTS, SEARCH_INTERVAL_MS, CARD_WIDTH, SCREEN_MARGIN]).toEqual([30, 300, 360, 16]);
  });

  it("finds an element that appears after a few tries", async () => {
    vi.useFakeTimers();
    let found: Element | null | undefined;
    void findTarget('[data-tour="late"]').then((e) => (found = e));
    await vi.advanceTimersByTimeAsync(2 * SEARCH_INTERVAL_MS);
    expect(found).toBeUndefined();
    const el = document.createElement("div");
    el.dataset.tour = "late";
    document.body.appendChild(el);
    await vi.advanceTimersByTimeAsync(SEARCH_INTERVAL_MS);
    expect(found).toBe(el);
  });

  it("gives up with null after exactly 30 attempts, 300 ms apart", async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(document, "querySelector");
    let found: Element | null | undefined;
    void findTarget('[data-tour="missing"]').then((e) => (found = e));
    await vi.advanceTimersByTimeAsync(29 * SEARCH_INTERVAL_MS - 1);
    expect(found).toBeUndefined();
    expect(spy).toHaveBeenCalledTimes(29);
    await vi.advanceTimersByTimeAsync(1);
    expect(found).toBeNull();
    expect(spy).toHaveBeenCalledTimes(30);
    await vi.advanceTimersByTimeAsync(10 * SEARCH_INTERVAL_MS);
    expect(spy).toHaveBeenCalledTimes(30);
  });

  it("stops when cancelled", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const spy = vi.spyOn(document, "querySelector");
    const result = findTarget('[data-tour="missing"]', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(SEARCH_INTERVAL_MS);
    controller.abort();
    expect(await result).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * SEARCH_INTERVAL_MS);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe("card placement (width 360, 16 px margin)", () => {
  const viewport = { width: 1280, height: 800 };
  const card = { width: 360, height: 200 };

  it("is 360 wide, narrower only on small screens", () => {
    expect(cardWidth(1280)).toBe(360);
    expect(cardWidth(390)).toBe(390 - 32);
  });

  it("sits below a target for 'bottom' and above for 'top', centred on it", () => {
    const target = { top: 100, left: 500, width: 200, height: 40 };
    expect(placeCard(target, "bottom", card, viewport)).toEqual({ top: 152, left: 420 });
    const low = { top: 500, left: 500, width: 200, height: 40 };
    expect(placeCard(low, "top", card, viewport)).toEqual({ top: 288, left: 420 });
  });

  it("stays 16 px inside the screen", () => {
    const nearEdge = { top: 100, left: 1250, width: 20, height: 20 };
    expect(placeCard(nearEdge, "bottom", card, viewport).left).toBe(1280 - 16 - 360);
    const leftEdge = { top: 100, left: 0, width: 20, height: 20 };
    expect(placeCard(leftEdge, "bottom", card, viewport).left).toBe(16);
    // No room above: it flips below.
    expect(placeCard({ top: 20, left: 500, width: 100, height: 20 }, "top", card, viewport).top).toBe(52);
  });

  it("centres the fallback box when there is no target", () => {
    expect(placeCard(null, "bottom", card, viewport)).toEqual({ top: 300, left: 460 });
  });
});

describe("tab steps", () => {
  function Expenses() {
    return (
      <Tabs defaultValue="needs">
        <TabsList data-tour="expense-tabs">
          <TabsTrigger value="needs" data-tour="expenses-needs">Needs</TabsTrigger>
          <TabsTrigger value="wants">Wants</TabsTrigger>
        </TabsList>
        <TabsContent value="needs">needs panel</TabsContent>
        <TabsContent value="wants">wants panel</TabsContent>
      </Tabs>
    );
  }

  it("finds the target when it is the tab, else the Radix trigger with that value, and selects it", () => {
    render(<Expenses />);
    const needs = screen.getByRole("tab", { name: "Needs" });
    expect(findTab(needs, "needs")).toBe(needs);
    const wants = findTab(document.querySelector('[data-tour="expenses-wants"]'), "wants");
    expect(wants).toBe(screen.getByRole("tab", { name: "Wants" }));
    act(() => clickTab(wants as HTMLElement));
    expect(screen.getByRole("tab", { name: "Wants" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("wants panel")).toBeVisible();
  });

  it("clicks plain button tabs too", () => {
    const onClick = vi.fn();
    render(<button type="button" role="tab" aria-selected="false" data-tour-tab="score" onClick={onClick}>Score</button>);
    const tab = findTab(null, "score");
    expect(tab).not.toBeNull();
    clickTab(tab as HTMLElement);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
