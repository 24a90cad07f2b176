/** The household plan and the figures every screen shows. (The old GET /api/v1/plan, a second engine with its own
 * FI date, is gone: one plan, one answer.) */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type PlanSummary = Schemas["PlanSummaryRead"];

/** GET /api/v1/plan/summary: the household plan's headline figures (FI date, FIRE number, net worth, success rate,
 * the gap to the retirement age and what closes it, milestones, a yearly series, next actions). Every screen that
 * shows one of these figures reads it here, so no two screens can disagree. */
export const planSummaryQuery = () =>
  queryOptions({
    queryKey: ["plan", "summary"],
    staleTime: 0,
    queryFn: async (): Promise<PlanSummary> => unwrap(await api.GET("/api/v1/plan/summary")),
  });
export const usePlanSummary = () => useQuery(planSummaryQuery());

export type HouseholdPlan = Schemas["HouseholdPlanRead"];

/** GET /api/v1/plan/household: the household plan year by year (incomes, tax, withdrawals by account, balances). */
export const householdPlanQuery = () =>
  queryOptions({
    queryKey: ["plan", "household"],
    staleTime: 0,
    queryFn: async (): Promise<HouseholdPlan> => unwrap(await api.GET("/api/v1/plan/household")),
  });
export const useHouseholdPlan = () => useQuery(householdPlanQuery());

export type PlanMonths = Schemas["PlanMonthsRead"];

/** GET /api/v1/plan/household/months: the same plan month by month for one calendar year (null: the next twelve
 * months). Under ["plan", "household"], so a refreshed plan refreshes its months. */
export const planMonthsQuery = (year: number | null) =>
  queryOptions({
    queryKey: ["plan", "household", "months", year],
    staleTime: 0,
    queryFn: async (): Promise<PlanMonths> =>
      unwrap(await api.GET("/api/v1/plan/household/months", { params: { query: year == null ? {} : { year } } })),
  });
export const usePlanMonths = (year: number | null) => useQuery(planMonthsQuery(year));

export type HouseholdRisk = Schemas["HouseholdRiskRead"];

/** GET /api/v1/plan/household/risk: the same plan over simulated markets and over market history. */
export const householdRiskQuery = () =>
  queryOptions({
    queryKey: ["plan", "household", "risk"],
    staleTime: 0,
    queryFn: async (): Promise<HouseholdRisk> => unwrap(await api.GET("/api/v1/plan/household/risk")),
  });
export const useHouseholdRisk = () => useQuery(householdRiskQuery());

export type Optimised = Schemas["OptimiseRead"];

/** GET /api/v1/plan/household/optimise: CPP/OAS start ages and an RRSP meltdown tried on the plan. */
export const optimiseQuery = (objective: "spending" | "tax") =>
  queryOptions({
    queryKey: ["plan", "household", "optimise", objective],
    staleTime: 0,
    queryFn: async (): Promise<Optimised> =>
      unwrap(await api.GET("/api/v1/plan/household/optimise", { params: { query: { objective } } })),
  });

export type Scenario = Schemas["ScenarioRead"];
export type ScenarioIn = Schemas["ScenarioIn"];
export type Comparison = Schemas["ComparisonRead"];

/** GET /api/v1/plan/scenarios: the saved what-ifs, oldest first. Under ["plan"], so any plan refresh refreshes it. */
export const scenariosQuery = () =>
  queryOptions({
    queryKey: ["plan", "scenarios"],
    staleTime: 0,
    queryFn: async (): Promise<Scenario[]> => unwrap(await api.GET("/api/v1/plan/scenarios")),
  });
export const useScenarios = () => useQuery(scenariosQuery());

/** GET /api/v1/plan/scenarios/compare: the plan as saved beside one to three scenarios (each with its Monte Carlo,
 * so a second or two). */
export const comparisonQuery = (ids: string[]) =>
  queryOptions({
    queryKey: ["plan", "scenarios", "compare", ids],
    staleTime: 60_000,
    queryFn: async (): Promise<Comparison> =>
      unwrap(await api.GET("/api/v1/plan/scenarios/compare", { params: { query: { ids } } })),
  });
export const useComparison = (ids: string[]) => useQuery({ ...comparisonQuery(ids), enabled: ids.length > 0 });

/** POST /api/v1/plan/scenarios: save a what-if by name. */
export const saveScenario = async (body: ScenarioIn): Promise<Scenario> =>
  unwrap(await api.POST("/api/v1/plan/scenarios", { body }));

/** DELETE /api/v1/plan/scenarios/{id}. */
export const deleteScenario = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/plan/scenarios/{scenario_id}", { params: { path: { scenario_id: id } } }));
};

/** What saving or deleting a scenario changes: the list and every comparison. */
export const SCENARIOS_KEY = scenariosQuery().queryKey;
