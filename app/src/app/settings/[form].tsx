export { SettingsFormScreen as default } from "@/features/settings/settings-form-screen";
