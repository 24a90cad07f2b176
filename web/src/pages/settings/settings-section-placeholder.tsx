import { Link, useLocation } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SETTINGS_SECTIONS } from "@/pages/settings/settings-sections";
import { useT } from "@/lib/i18n";

export default function SettingsSectionPlaceholder() {
  const t = useT();
  const { pathname } = useLocation();
  const meta = SETTINGS_SECTIONS.find((s) => s.path === pathname);
  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/settings" className="text-sm text-muted-foreground hover:underline">{t("settings.settingsSectionPlaceholder.settings")}</Link>
      <h1 className="mb-4 mt-2 text-2xl font-bold">{meta && t(meta.title)}</h1>
      <Card data-testid="coming-next">
        <CardHeader>
          <CardTitle className="text-lg">{t("settings.settingsSectionPlaceholder.comingNext")}</CardTitle>
          <CardDescription>{t("settings.settingsSectionPlaceholder.thisFormIsBeing", { summary: meta ? t(meta.summary) : "" })}</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
