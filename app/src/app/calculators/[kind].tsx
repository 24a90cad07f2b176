export { CalculatorScreen as default } from "@/features/calculators/calculator-screen";
