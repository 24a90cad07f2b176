/** The empty state of a page that is computed from the user's spending: what is missing, and the two forms that
 * fill it in (expenses first, income second). */
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function SpendingNeeded({ title, description, testId }: { title: string; description: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild><Link to="/settings/expenses">Add expenses</Link></Button>
        <Button asChild variant="outline"><Link to="/settings/income">Add income</Link></Button>
      </CardContent>
    </Card>
  );
}
