/** A public page (About, Legal, Terms, Privacy) inside the signed-in layout, with the way back to Settings; the route
 * table (src/app/settings-pages.tsx) puts the page in it. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "@/lib/i18n";

export function InSettings({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div>
      <div className="mx-auto max-w-3xl px-4">
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">{t("settings.in.settings")}</Link>
      </div>
      {children}
    </div>
  );
}
