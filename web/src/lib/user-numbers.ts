/** The user's numbers read from the household plan (packages/shared/src/plan-numbers.ts, shared with the app), with
 * the province list and the FI-date format the screens that use them also need. */
export { PROVINCES, type ProvinceCode } from "@firepath/shared/canada";
export { formatMonth } from "@firepath/shared/format";
export { investedOf, planNumbers, type Invested, type PlanNumbers } from "@firepath/shared/plan-numbers";
