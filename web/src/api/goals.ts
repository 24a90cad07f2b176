/** /api/v1/goals: list newest first, add, update, delete ('financial-wellbeing' is read as 'emergency-fund'). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Goal = Schemas["GoalRead"];
export type GoalIn = Schemas["GoalIn"];

export const goalsQuery = () =>
  queryOptions({ queryKey: ["goals"], queryFn: async (): Promise<Goal[]> => unwrap(await api.GET("/api/v1/goals")) });
export const useGoals = () => useQuery(goalsQuery());

export const addGoal = async (body: GoalIn): Promise<Goal> => unwrap(await api.POST("/api/v1/goals", { body }));
export const updateGoal = async ({ id, body }: { id: string; body: GoalIn }): Promise<Goal> =>
  unwrap(await api.PUT("/api/v1/goals/{goal_id}", { params: { path: { goal_id: id } }, body }));
export const deleteGoal = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/goals/{goal_id}", { params: { path: { goal_id: id } } }));
};
