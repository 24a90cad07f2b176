/** The guided tour's React side: state saved in local storage and restored, navigation between the steps'
 * pages, and the overlay (loaded only while a tour runs). The rules themselves live in tour-machine.ts. */
import { useQueryClient } from "@tanstack/react-query";
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { type TourStep, tourQuery, useTourSteps } from "@/api/tour";
import {
  parseTourState,
  serializeTourState,
  TOUR_STORAGE_KEY,
  type TourAction,
  type TourState,
  transition,
} from "@/components/tour/tour-machine";
import { local } from "@/lib/storage";

const TourOverlay = lazy(() => import("@/components/tour/tour-overlay"));

export interface TourContextValue {
  state: TourState;
  steps: TourStep[];
  start: () => Promise<void>;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
  stop: () => void;
}

const TourContext = createContext<TourContextValue | null>(null);

export function useTour(): TourContextValue {
  const value = useContext(TourContext);
  if (!value) throw new Error("useTour must be used within TourProvider");
  return value;
}

export function TourProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TourState>(() => parseTourState(local.get(TOUR_STORAGE_KEY)));
  const stateRef = useRef(state);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  // A restored, running tour needs its steps at once; otherwise they load when the tour starts.
  const stepsQuery = useTourSteps(state.isActive);
  const steps = useMemo(() => stepsQuery.data ?? [], [stepsQuery.data]);
  const stepsRef = useRef(steps);
  stepsRef.current = steps;

  const apply = useCallback(
    (action: TourAction, withSteps: readonly TourStep[] = stepsRef.current) => {
      const result = transition(stateRef.current, action, withSteps, pathRef.current);
      stateRef.current = result.state;
      setState(result.state);
      local.set(TOUR_STORAGE_KEY, serializeTourState(result.state));
      if (result.navigateTo) navigate(result.navigateTo);
    },
    [navigate],
  );

  const start = useCallback(async () => {
    const loaded = await queryClient.fetchQuery(tourQuery());
    apply({ type: "start" }, loaded);
  }, [apply, queryClient]);

  // Another tab (or the tests) may change the saved state: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOUR_STORAGE_KEY) return;
      const next = parseTourState(event.newValue);
      stateRef.current = next;
      setState(next);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const value = useMemo<TourContextValue>(
    () => ({
      state,
      steps,
      start,
      next: () => apply({ type: "next" }),
      previous: () => apply({ type: "previous" }),
      goTo: (index: number) => apply({ type: "goTo", index }),
      stop: () => apply({ type: "stop" }),
    }),
    [apply, start, state, steps],
  );

  const step = state.isActive ? steps[state.currentStep] : undefined;
  return (
    <TourContext.Provider value={value}>
      {children}
      {step && (
        <Suspense fallback={null}>
          <TourOverlay
            step={step}
            index={state.currentStep}
            total={steps.length}
            onNext={value.next}
            onPrevious={value.previous}
            onStop={value.stop}
          />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}
