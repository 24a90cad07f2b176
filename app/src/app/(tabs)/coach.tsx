export { CoachScreen as default } from "@/features/coach/coach-screen";
