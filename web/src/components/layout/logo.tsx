import { Flame } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

export function Logo({ to = "/fire-dashboard", className }: { to?: string; className?: string }) {
  const t = useT();
  return (
    <Link to={to} className={cn("flex items-center gap-1.5 font-bold tracking-tight", className)} aria-label={t("shell.logo.firePathHome")}>
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Flame className="size-4" aria-hidden="true" />
      </span>
      <span>{t("shell.logo.firePath")}</span>
    </Link>
  );
}
