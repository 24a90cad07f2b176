import { RootLayout } from "@/features/root-layout";

export default RootLayout;
