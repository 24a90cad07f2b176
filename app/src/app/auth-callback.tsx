export { AuthCallbackScreen as default } from "@/features/auth/auth-callback-screen";
