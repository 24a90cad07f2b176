export { TabsLayout as default } from "@/features/tabs-layout";
