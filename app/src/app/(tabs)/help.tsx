export { HelpScreen as default } from "@/features/help/help-screen";
