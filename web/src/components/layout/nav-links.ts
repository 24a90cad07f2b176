/** Every signed-in screen in one list, and where each appears: the header links (medium screens and up), the phone's
 * bottom bar, and the "More" menu that holds the rest, grouped. `key` is its "g then key" keyboard shortcut. */
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
  label: string;
  /** The shorter name on the header and bottom bar, where it differs. */
  short?: string;
  icon: LucideIcon;
  key: string;
}

const dashboard: Screen = { to: "/fire-dashboard", label: "FIRE Dashboard", short: "FIRE", icon: Flame, key: "d" };
const analysis: Screen = { to: "/analysis", label: "Analysis", icon: ChartLine, key: "a" };
const progress: Screen = { to: "/progress", label: "Progress", icon: TrendingUp, key: "p" };
const analytics: Screen = { to: "/analytics", label: "Analytics", icon: ChartColumn, key: "n" };
const report: Screen = { to: "/fire-report", label: "FIRE Report", icon: FileText, key: "f" };
const coach: Screen = { to: "/fi-coach", label: "FI Coach", icon: Bot, key: "i" };
const calculators: Screen = { to: "/calculators", label: "Calculators", icon: Calculator, key: "c" };
const tax: Screen = { to: "/tax", label: "Tax", icon: Landmark, key: "t" };
const strategies: Screen = { to: "/strategies", label: "Strategies", icon: Route, key: "y" };
const resources: Screen = { to: "/resources", label: "Resources", icon: Library, key: "r" };
const community: Screen = { to: "/community", label: "Community", icon: UsersRound, key: "m" };

/** The "More" menu's groups, in order; each menu leaves out what its bar already shows. */
export const NAV_GROUPS: { label: string; screens: Screen[] }[] = [
  { label: "Plan", screens: [dashboard, analysis, progress, analytics, report] },
  { label: "Tools", screens: [coach, calculators, tax, strategies] },
  { label: "Learn and share", screens: [resources, community] },
];

export const HEADER_LINKS: Screen[] = [dashboard, analysis, coach, tax, strategies, resources];

/** Four screens and "More": room for a thumb on a 320 px phone. */
export const MOBILE_LINKS: Screen[] = [dashboard, analysis, { ...coach, short: "Fi-Bot" }, tax];

/** Screens reached by shortcut only from the user menu (Settings) or inside Settings (the budget). */
export const ACCOUNT_SHORTCUTS: Screen[] = [
  { to: "/settings", label: "Settings", icon: Settings, key: "s" },
  { to: "/settings/budgeting", label: "Budget", icon: PiggyBank, key: "b" },
];

/** Everything a "g" shortcut can reach, in the order the shortcut list shows it. */
export const SHORTCUT_SCREENS: Screen[] = [...NAV_GROUPS.flatMap((g) => g.screens), ...ACCOUNT_SHORTCUTS];
