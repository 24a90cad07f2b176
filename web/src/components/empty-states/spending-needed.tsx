/** The empty state of a page that is computed from the user's spending: what is missing, and the two forms that
 * fill it in (expenses first, income second). */
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";

export function SpendingNeeded({ title, description, testId }: { title: string; description: string; testId: string }) {
  const t = useT();
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild><Link to="/settings/expenses">{t("components.spendingNeeded.addExpenses")}</Link></Button>
        <Button asChild variant="outline"><Link to="/settings/income">{t("components.spendingNeeded.addIncome")}</Link></Button>
      </CardContent>
    </Card>
  );
}
