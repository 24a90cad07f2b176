export { ServerScreen as default } from "@/features/more/server-screen";
