/** The guided tour's state machine (spec sections 4 and 9), free of React and the DOM so it can be tested alone.
 * A transition returns the next state and, when the tour must change page, the route to go to. */

export const TOUR_STORAGE_KEY = "fire-path-tour";

/** The fields of a step the machine needs (the API's TourStepRead has these and more). */
export interface TourStepLike {
  id: string;
  route: string;
  autoNavigate: boolean;
}

export interface TourState {
  isActive: boolean;
  currentStep: number;
  completedSteps: string[];
  isCompleted: boolean;
}

export type TourAction =
  | { type: "start" }
  | { type: "next" }
  | { type: "previous" }
  | { type: "goTo"; index: number }
  | { type: "stop" };

export interface Transition {
  state: TourState;
  /** Where to navigate, or null to stay on the current page. */
  navigateTo: string | null;
}

export const initialTourState: TourState = { isActive: false, currentStep: 0, completedSteps: [], isCompleted: false };

function withCompleted(completed: string[], id: string | undefined): string[] {
  return id === undefined || completed.includes(id) ? completed : [...completed, id];
}

function routeFor(step: TourStepLike | undefined, pathname: string, force: boolean): string | null {
  if (!step) return null;
  if (!force && !step.autoNavigate) return null;
  return step.route !== pathname ? step.route : null;
}

export function transition(
  state: TourState,
  action: TourAction,
  steps: readonly TourStepLike[],
  pathname: string,
): Transition {
  const stay = (next: TourState): Transition => ({ state: next, navigateTo: null });
  switch (action.type) {
    case "start": {
      // Start always goes to the first step and its route.
      const next: TourState = { isActive: true, currentStep: 0, completedSteps: [], isCompleted: false };
      return { state: next, navigateTo: routeFor(steps[0], pathname, true) };
    }
    case "next": {
      if (!state.isActive) return stay(state);
      const completedSteps = withCompleted(state.completedSteps, steps[state.currentStep]?.id);
      if (state.currentStep >= steps.length - 1) {
        // Passing the last step ends the tour as completed.
        return stay({ ...state, isActive: false, isCompleted: true, completedSteps });
      }
      const index = state.currentStep + 1;
      return { state: { ...state, currentStep: index, completedSteps }, navigateTo: routeFor(steps[index], pathname, false) };
    }
    case "previous": {
      if (!state.isActive) return stay(state);
      const index = Math.max(0, state.currentStep - 1);
      return { state: { ...state, currentStep: index }, navigateTo: routeFor(steps[index], pathname, true) };
    }
    case "goTo": {
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= steps.length) return stay(state);
      return {
        state: { ...state, isActive: true, currentStep: action.index },
        navigateTo: routeFor(steps[action.index], pathname, false),
      };
    }
    case "stop":
      return stay({ ...state, isActive: false });
  }
}

/** The button labels of the card for a step: Next reads 'Finish' on the last step, Previous is disabled on the first. */
export function controlsFor(index: number, total: number): { nextLabel: "Next" | "Finish"; previousDisabled: boolean } {
  return { nextLabel: index >= total - 1 ? "Finish" : "Next", previousDisabled: index <= 0 };
}

/** Restore saved state; anything unreadable is the initial state. */
export function parseTourState(raw: string | null): TourState {
  if (!raw) return initialTourState;
  try {
    const v = JSON.parse(raw) as Partial<TourState>;
    return {
      isActive: v.isActive === true,
      currentStep: Number.isInteger(v.currentStep) && (v.currentStep as number) >= 0 ? (v.currentStep as number) : 0,
      completedSteps: Array.isArray(v.completedSteps) ? v.completedSteps.filter((s) => typeof s === "string") : [],
      isCompleted: v.isCompleted === true,
    };
  } catch {
    return initialTourState;
  }
}

export const serializeTourState = (state: TourState): string => JSON.stringify(state);
