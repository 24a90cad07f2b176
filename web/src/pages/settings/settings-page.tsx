/** /settings: every settings section with its completion, your data (export and import), and account deletion. */
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useCompletion } from "@/api/completion";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountCard } from "@/pages/settings/delete-account-card";
import { SETTINGS_SECTIONS } from "@/pages/settings/settings-sections";
import { YourDataCard } from "@/pages/settings/your-data-card";
import { useFormat, useT } from "@/lib/i18n";

export default function SettingsPage() {
  const t = useT();
  const fmt = useFormat();
  const completion = useCompletion();
  const scoreFor = (path: string) => completion.data?.sections.find((s) => s.route === path)?.score;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("settings.settings.settings")}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("settings.settings.yourFinancialProfile")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {SETTINGS_SECTIONS.map((s) => {
              const score = scoreFor(s.path);
              return (
                <li key={s.path}>
                  <Link to={s.path} className="flex items-center gap-3 py-3 hover:bg-accent/50">
                    <span className="flex-1">
                      <span className="block font-medium">{t(s.title)}</span>
                      <span className="block text-sm text-muted-foreground">{t(s.summary)}</span>
                    </span>
                    {score !== undefined && <span className="text-sm tabular-nums text-muted-foreground">{fmt.percent(score / 100, { digits: 0 })}</span>}
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <YourDataCard />
      <DeleteAccountCard />
    </div>
  );
}
