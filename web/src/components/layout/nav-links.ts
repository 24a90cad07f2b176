/** The header links (medium screens and up) and the mobile bottom navigation of spec section 2. */
import { Bot, ChartLine, Flame, Landmark, Library, Route } from "lucide-react";

export const HEADER_LINKS = [
  { to: "/fire-dashboard", label: "FIRE" },
  { to: "/analysis", label: "Analysis" },
  { to: "/fi-coach", label: "FI Coach" },
  { to: "/tax", label: "Tax" },
  { to: "/strategies", label: "Strategies" },
  { to: "/resources", label: "Resources" },
] as const;

export const MOBILE_LINKS = [
  { to: "/fire-dashboard", label: "FIRE", icon: Flame },
  { to: "/analysis", label: "Analysis", icon: ChartLine },
  { to: "/fi-coach", label: "Fi-Bot", icon: Bot },
  { to: "/tax", label: "Tax", icon: Landmark },
  { to: "/strategies", label: "Strategies", icon: Route },
  { to: "/resources", label: "Resources", icon: Library },
] as const;
