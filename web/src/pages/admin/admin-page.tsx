import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">Admin Dashboard</h1>
      <Card data-testid="coming-next">
        <CardHeader>
          <CardTitle className="text-lg">Coming next</CardTitle>
          <CardDescription>
            User roles, error reports, the moderation queue and the analytics summary will be managed here.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
