/** The onboarding routes (/onboarding, /choice, /voice, /wizard) until the onboarding flow lands. */
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export default function OnboardingPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-4 text-2xl font-bold">Welcome to FIRE Path</h1>
      <Card data-testid="onboarding">
        <CardHeader>
          <CardTitle className="text-lg">Set up your plan</CardTitle>
          <CardDescription>
            The guided setup wizard is coming next. It will ask for your income, expenses, savings and goals, then show
            your FIRE number and the year you could reach it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>Until then you can enter the same information section by section in Settings.</p>
          <div>
            {user ? (
              <Button asChild><Link to="/settings">Go to Settings</Link></Button>
            ) : (
              <Button asChild><Link to="/signup">Create your free account</Link></Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
