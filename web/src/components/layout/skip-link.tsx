
import { useT } from "@/lib/i18n";export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      {t("shell.skipLink.skipToMainContent")}
    </a>
  );
}
