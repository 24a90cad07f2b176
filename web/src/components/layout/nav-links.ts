/** Every signed-in screen in one list, and where each appears: the header links (medium screens and up), the phone's
 * bottom bar, and the "More" menu that holds the rest, grouped. `key` is its "g then key" keyboard shortcut. Names are
 * message ids, translated where they are shown. */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";
import {
  Bot,
  Calculator,
  ChartColumn,
  ChartLine,
  FileText,
  Flame,
  Landmark,
  Library,
  type LucideIcon,
  PiggyBank,
  Route,
  Settings,
  TrendingUp,
  UsersRound,
} from "lucide-react";

export interface Screen {
  to: string;
  /** The name in menus and in the shortcut list. */
  label: MessageId;
  /** The shorter name on the header and bottom bar, where it differs. */
  short?: MessageId;
  icon: LucideIcon;
  key: string;
}

const dashboard: Screen = { to: "/fire-dashboard", label: msg("nav.dashboard"), short: msg("nav.dashboardShort"), icon: Flame, key: "d" };
const analysis: Screen = { to: "/analysis", label: msg("nav.analysis"), icon: ChartLine, key: "a" };
const progress: Screen = { to: "/progress", label: msg("nav.progress"), icon: TrendingUp, key: "p" };
const analytics: Screen = { to: "/analytics", label: msg("nav.analytics"), icon: ChartColumn, key: "n" };
const report: Screen = { to: "/fire-report", label: msg("nav.report"), icon: FileText, key: "f" };
const coach: Screen = { to: "/fi-coach", label: msg("nav.coach"), icon: Bot, key: "i" };
const calculators: Screen = { to: "/calculators", label: msg("nav.calculators"), icon: Calculator, key: "c" };
const tax: Screen = { to: "/tax", label: msg("nav.tax"), icon: Landmark, key: "t" };
const strategies: Screen = { to: "/strategies", label: msg("nav.strategies"), icon: Route, key: "y" };
const resources: Screen = { to: "/resources", label: msg("nav.resources"), icon: Library, key: "r" };
const community: Screen = { to: "/community", label: msg("nav.community"), icon: UsersRound, key: "m" };

/** The "More" menu's groups, in order; each menu leaves out what its bar already shows. */
export const NAV_GROUPS: { label: MessageId; screens: Screen[] }[] = [
  { label: msg("nav.groupPlan"), screens: [dashboard, analysis, progress, analytics, report] },
  { label: msg("nav.groupTools"), screens: [coach, calculators, tax, strategies] },
  { label: msg("nav.groupLearn"), screens: [resources, community] },
];

export const HEADER_LINKS: Screen[] = [dashboard, analysis, coach, tax, strategies, resources];

/** Four screens and "More": room for a thumb on a 320 px phone. */
export const MOBILE_LINKS: Screen[] = [dashboard, analysis, { ...coach, short: msg("nav.coachShort") }, tax];

/** Screens reached by shortcut only from the user menu (Settings) or inside Settings (the budget). */
export const ACCOUNT_SHORTCUTS: Screen[] = [
  { to: "/settings", label: msg("nav.settings"), icon: Settings, key: "s" },
  { to: "/settings/budgeting", label: msg("nav.budget"), icon: PiggyBank, key: "b" },
];

/** Everything a "g" shortcut can reach, in the order the shortcut list shows it. */
export const SHORTCUT_SCREENS: Screen[] = [...NAV_GROUPS.flatMap((g) => g.screens), ...ACCOUNT_SHORTCUTS];
