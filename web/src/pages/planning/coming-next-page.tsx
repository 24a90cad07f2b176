/** Placeholder for a planning screen that the next part of the web client builds. */
import { Construction } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PLANNING_SCREENS } from "@/pages/planning/planning-screens";

export default function ComingNextPage() {
  const { pathname } = useLocation();
  const meta = PLANNING_SCREENS.find((p) => p.path === pathname);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{meta?.title ?? "Coming next"}</h1>
      <Card data-testid="coming-next">
        <CardHeader>
          <div className="flex items-center gap-2 text-primary">
            <Construction className="size-5" aria-hidden="true" />
            <span className="text-sm font-semibold uppercase tracking-wide">Coming next</span>
          </div>
          <CardTitle className="text-lg">This screen is being built</CardTitle>
          <CardDescription>{meta?.summary}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>
            Meanwhile, the more of your profile you fill in, the more precise these screens will be when they arrive.
          </p>
          <div>
            <Button asChild>
              <Link to="/settings">Complete your financial profile</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
