/** The /settings routes of spec section 2 (their titles and summaries are in src/pages/settings/settings-sections.ts).
 * Sections not built yet load a placeholder; the settings work replaces each `load` with its page module. About,
 * Legal, Terms and Privacy are the public pages shown inside the signed-in layout with the way back to Settings. This
 * table loads pages of more than one feature, so it lives in src/app, outside src/pages. */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";
import type { ComponentType } from "react";
import { SETTINGS_SECTIONS } from "@/pages/settings/settings-sections";

export interface SettingsPage {
  path: string;
  title: MessageId;
  summary: MessageId | null;
  load: () => Promise<{ default: ComponentType }>;
}

const placeholder = () => import("@/pages/settings/settings-section-placeholder");

/** A public page inside the signed-in layout, under a link back to Settings (both loaded with the page). */
const inSettings = (load: SettingsPage["load"]): SettingsPage["load"] => async () => {
  const [{ default: Page }, { InSettings }] = await Promise.all([load(), import("@/pages/settings/in-settings")]);
  return { default: () => <InSettings><Page /></InSettings> };
};

// Each settings page is its own lazy chunk.
const loaders: Record<string, SettingsPage["load"]> = {
  "/settings/profile": () => import("@/pages/settings/profile-settings-page"),
  "/settings/household": () => import("@/pages/settings/household-settings-page"),
  "/settings/income": () => import("@/pages/settings/income-settings-page"),
  "/settings/expenses": () => import("@/pages/settings/expenses-settings-page"),
  "/settings/budgeting": () => import("@/pages/settings/budgeting-settings-page"),
  "/settings/savings": () => import("@/pages/settings/savings-settings-page"),
  "/settings/accounts": () => import("@/pages/settings/accounts-settings-page"),
  "/settings/properties": () => import("@/pages/settings/properties-settings-page"),
  "/settings/goals": () => import("@/pages/settings/goals-settings-page"),
  "/settings/future-plans": () => import("@/pages/settings/future-plans-settings-page"),
  "/settings/credit": () => import("@/pages/settings/credit-settings-page"),
  "/settings/preferences": () => import("@/pages/settings/preferences-settings-page"),
  "/settings/about": inSettings(() => import("@/pages/public/about-page")),
  "/settings/legal": inSettings(() => import("@/pages/public/legal-page")),
  "/settings/terms": inSettings(() => import("@/pages/public/terms-page")),
  "/settings/privacy": inSettings(() => import("@/pages/public/privacy-page")),
};

export const SETTINGS_PAGES: SettingsPage[] = [
  { path: "/settings", title: msg("settings.section.settings.title"), summary: null, load: () => import("@/pages/settings/settings-page") },
  ...SETTINGS_SECTIONS.map((section) => ({ ...section, load: loaders[section.path] ?? placeholder })),
];
