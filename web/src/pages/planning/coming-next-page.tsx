/** Placeholder for a planning screen that the next part of the web client builds. */
import { Construction } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { PLANNING_SCREENS } from "@/pages/planning/planning-screens";

export default function ComingNextPage() {
  const t = useT();
  const { pathname } = useLocation();
  const meta = PLANNING_SCREENS.find((p) => p.path === pathname);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{meta ? t(meta.title) : t("planning.comingNext")}</h1>
      <Card data-testid="coming-next">
        <CardHeader>
          <div className="flex items-center gap-2 text-primary">
            <Construction className="size-5" aria-hidden="true" />
            <span className="text-sm font-semibold uppercase tracking-wide">{t("planning.comingNext")}</span>
          </div>
          <CardTitle className="text-lg">{t("planning.beingBuilt")}</CardTitle>
          <CardDescription>{meta && t(meta.summary)}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>{t("planning.meanwhile")}</p>
          <div>
            <Button asChild>
              <Link to="/settings">{t("planning.completeProfile")}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
