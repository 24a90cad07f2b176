/** Colours for light and dark mode, and the spacing and type scale every screen uses. */
import { useColorScheme } from "react-native";

const light = {
  background: "#f7f7f5",
  card: "#ffffff",
  text: "#1c1c1a",
  muted: "#5d5d57",
  border: "#d9d9d3",
  primary: "#0f6b4f",
  primaryText: "#ffffff",
  danger: "#b3261e",
  warning: "#8a5a00",
  warningBg: "#fff4d6",
  success: "#116b2f",
  chartLine: "#0f6b4f",
  chartFi: "#c2410c",
  inputBg: "#ffffff",
};

const dark: typeof light = {
  background: "#111412",
  card: "#1b1f1c",
  text: "#f1f1ec",
  muted: "#b3b3aa",
  border: "#3a3f3b",
  primary: "#5fcfa6",
  primaryText: "#0b1f17",
  danger: "#ff8a80",
  warning: "#ffcf70",
  warningBg: "#3a2e10",
  success: "#7ddf9a",
  chartLine: "#5fcfa6",
  chartFi: "#ffa36b",
  inputBg: "#111412",
};

export type Colours = typeof light;

export function useColours(): Colours {
  return useColorScheme() === "dark" ? dark : light;
}

export const space = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 } as const;
export const type = { small: 13, body: 16, title: 20, figure: 28 } as const;
