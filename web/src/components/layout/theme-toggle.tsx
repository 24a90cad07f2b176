import { Moon, Sun } from "lucide-react";
import { useTheme } from "@/app/theme-provider";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export function ThemeToggle() {
  const t = useT();
  const { theme, toggleTheme } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={t(next === "dark" ? "shell.themeToggle.toDark" : "shell.themeToggle.toLight")} data-testid="theme-toggle">
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
