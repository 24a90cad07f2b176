export { PlanScreen as default } from "@/features/plan/plan-screen";
