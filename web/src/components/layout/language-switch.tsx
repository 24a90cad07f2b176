/** The language switch of the headers: one button naming the other language in that language ("Français" on an
 * English page, "English" on a French one, with its `lang` so screen readers say it right), described in the page's
 * language. Switching is immediate and remembered (this browser; the account's preferences when signed in). */
import { type Locale, otherLocale } from "@firepath/shared/i18n/locales";
import { Languages } from "lucide-react";
import { useOptionalLocale, useSwitchLocale } from "@/app/i18n-provider";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export function LanguageSwitch() {
  const current = useOptionalLocale();
  // Outside the provider (a page tested alone) there is no language to switch.
  return current ? <Switch locale={current.locale} /> : null;
}

function Switch({ locale }: { locale: Locale }) {
  const t = useT();
  const switchTo = useSwitchLocale();
  const other = otherLocale(locale);
  return (
    <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={() => switchTo(other)} title={t("shell.language.switchHint")} data-testid="language-switch">
      {/* The word alone on a phone: the header has no room for both. */}
      <Languages aria-hidden="true" className="hidden sm:block" />
      <span lang={other}>{t("shell.language.switch")}</span>
    </Button>
  );
}
