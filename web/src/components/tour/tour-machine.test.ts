import { describe, expect, it } from "vitest";
import {
  controlsFor,
  initialTourState,
  parseTourState,
  serializeTourState,
  type TourState,
  transition,
} from "@/components/tour/tour-machine";
import { TOUR_STEPS } from "@/test/tour-steps";

const steps = TOUR_STEPS;
const at = (currentStep: number, over: Partial<TourState> = {}): TourState => ({
  ...initialTourState,
  isActive: true,
  currentStep,
  ...over,
});

describe("the tour's steps (spec section 4)", () => {
  it("are 38: welcome, 20 numbered steps, the sub-tab steps and 'Tour Complete!'", () => {
    expect(steps).toHaveLength(38);
    expect(steps[0].id).toBe("welcome");
    expect(steps.at(-1)?.title).toBe("Tour Complete!");
    expect(steps.filter((s) => /^\d+\. /.test(s.title))).toHaveLength(20);
    expect(steps.filter((s) => s.tab).length).toBe(38 - 2 - 20);
  });
});

describe("tour state machine", () => {
  it("start goes to step 0 and its route", () => {
    const { state, navigateTo } = transition({ ...initialTourState, currentStep: 7, isCompleted: true }, { type: "start" }, steps, "/settings");
    expect(state).toEqual({ isActive: true, currentStep: 0, completedSteps: [], isCompleted: false });
    expect(navigateTo).toBe(steps[0].route);
    // Already on the route: no navigation.
    expect(transition(initialTourState, { type: "start" }, steps, steps[0].route).navigateTo).toBeNull();
  });

  it("next advances, records the step as completed and navigates when the route differs", () => {
    const i = steps.findIndex((s) => s.route === "/analysis");
    const { state, navigateTo } = transition(at(i - 1), { type: "next" }, steps, steps[i - 1].route);
    expect(state.currentStep).toBe(i);
    expect(state.completedSteps).toEqual([steps[i - 1].id]);
    expect(navigateTo).toBe("/analysis");
    // The next step on the same route stays put.
    expect(steps[i + 1].route).toBe("/analysis");
    expect(transition(state, { type: "next" }, steps, "/analysis").navigateTo).toBeNull();
  });

  it("next does not navigate when the step has autoNavigate off", () => {
    const custom = [
      { id: "a", route: "/a", autoNavigate: true },
      { id: "b", route: "/b", autoNavigate: false },
    ];
    const { state, navigateTo } = transition(at(0), { type: "next" }, custom, "/a");
    expect(state.currentStep).toBe(1);
    expect(navigateTo).toBeNull();
  });

  it("passing the last step makes the tour inactive and completed", () => {
    const last = steps.length - 1;
    const { state, navigateTo } = transition(at(last), { type: "next" }, steps, steps[last].route);
    expect(state.isActive).toBe(false);
    expect(state.isCompleted).toBe(true);
    expect(state.completedSteps).toContain("complete");
    expect(navigateTo).toBeNull();
  });

  it("walking Next from start to the end completes every step", () => {
    let { state } = transition(initialTourState, { type: "start" }, steps, "/");
    let path = steps[0].route;
    for (let n = 0; n < steps.length; n += 1) {
      const r = transition(state, { type: "next" }, steps, path);
      state = r.state;
      path = r.navigateTo ?? path;
    }
    expect(state).toMatchObject({ isActive: false, isCompleted: true });
    expect(state.completedSteps).toEqual(steps.map((s) => s.id));
  });

  it("previous goes back, never below 0, and navigates to that step's route", () => {
    const i = steps.findIndex((s) => s.route === "/analysis");
    const back = transition(at(i), { type: "previous" }, steps, "/analysis");
    expect(back.state.currentStep).toBe(i - 1);
    expect(back.navigateTo).toBe(steps[i - 1].route);
    const first = transition(at(0), { type: "previous" }, steps, steps[0].route);
    expect(first.state.currentStep).toBe(0);
    expect(first.navigateTo).toBeNull();
  });

  it("go to step ignores out-of-range indices", () => {
    const s = at(3);
    expect(transition(s, { type: "goTo", index: -1 }, steps, "/").state).toBe(s);
    expect(transition(s, { type: "goTo", index: 38 }, steps, "/").state).toBe(s);
    expect(transition(s, { type: "goTo", index: 1.5 }, steps, "/").state).toBe(s);
    const ok = transition(s, { type: "goTo", index: 37 }, steps, "/analysis");
    expect(ok.state.currentStep).toBe(37);
    expect(ok.navigateTo).toBe(steps[37].route);
  });

  it("stop sets it inactive and keeps the place", () => {
    const { state } = transition(at(5, { completedSteps: ["welcome"] }), { type: "stop" }, steps, "/");
    expect(state).toEqual({ isActive: false, currentStep: 5, completedSteps: ["welcome"], isCompleted: false });
  });

  it("next and previous do nothing while the tour is inactive", () => {
    expect(transition(initialTourState, { type: "next" }, steps, "/").state).toBe(initialTourState);
    expect(transition(initialTourState, { type: "previous" }, steps, "/").state).toBe(initialTourState);
  });
});

describe("tour card controls", () => {
  it("Next reads 'Finish' on the last step and Previous is disabled on the first", () => {
    expect(controlsFor(0, 38)).toEqual({ nextLabel: "Next", previousDisabled: true });
    expect(controlsFor(1, 38)).toEqual({ nextLabel: "Next", previousDisabled: false });
    expect(controlsFor(37, 38)).toEqual({ nextLabel: "Finish", previousDisabled: false });
  });
});

describe("saved tour state", () => {
  it("round-trips through storage and falls back to the initial state on bad data", () => {
    const s: TourState = { isActive: true, currentStep: 4, completedSteps: ["welcome", "fire-dashboard"], isCompleted: false };
    expect(parseTourState(serializeTourState(s))).toEqual(s);
    expect(parseTourState(null)).toEqual(initialTourState);
    expect(parseTourState("{not json")).toEqual(initialTourState);
    expect(parseTourState(JSON.stringify({ isActive: "yes", currentStep: -2, completedSteps: [1, "a"] }))).toEqual({
      isActive: false,
      currentStep: 0,
      completedSteps: ["a"],
      isCompleted: false,
    });
  });
});
