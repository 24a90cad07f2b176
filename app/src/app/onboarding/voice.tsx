export { VoiceOnboardingScreen as default } from "@/features/voice/voice-onboarding-screen";
