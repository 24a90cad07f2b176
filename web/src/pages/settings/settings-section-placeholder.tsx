import { Link, useLocation } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SETTINGS_SECTIONS } from "@/pages/settings/settings-sections";

export default function SettingsSectionPlaceholder() {
  const { pathname } = useLocation();
  const meta = SETTINGS_SECTIONS.find((s) => s.path === pathname);
  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/settings" className="text-sm text-muted-foreground hover:underline">← Settings</Link>
      <h1 className="mb-4 mt-2 text-2xl font-bold">{meta?.title}</h1>
      <Card data-testid="coming-next">
        <CardHeader>
          <CardTitle className="text-lg">Coming next</CardTitle>
          <CardDescription>{meta?.summary} This form is being built.</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
