/** /onboarding and /onboarding/choice: pick the step-by-step wizard or the voice setup. */
import { ClipboardList, Mic } from "lucide-react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export default function OnboardingPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="onboarding">
      <h1 className="mb-2 text-2xl font-bold">Welcome to FIRE Path</h1>
      <p className="mb-6 text-muted-foreground">
        Tell us the essentials (age, province, income, spending, savings and a goal) and we will work out your FIRE
        number and the year you could reach it. Choose how you would like to set up your plan.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <ClipboardList className="size-8 text-primary" aria-hidden="true" />
            <CardTitle className="text-lg">Step by step</CardTitle>
            <CardDescription>Six short forms, saved as you go. About five minutes.</CardDescription>
          </CardHeader>
          <CardContent className="flex-1 text-sm">Best if you have your numbers at hand and like to see every field.</CardContent>
          <CardFooter>
            <Button asChild className="w-full"><Link to="/onboarding/wizard">Start the setup wizard</Link></Button>
          </CardFooter>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <Mic className="size-8 text-primary" aria-hidden="true" />
            <CardTitle className="text-lg">Talk it through</CardTitle>
            <CardDescription>Describe your situation out loud (or type it); we fill in the fields for you to check.</CardDescription>
          </CardHeader>
          <CardContent className="flex-1 text-sm">Nothing is saved until you confirm what we understood.</CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full"><Link to="/onboarding/voice">Start voice setup</Link></Button>
          </CardFooter>
        </Card>
      </div>
      {!user && (
        <p className="mt-6 text-sm text-muted-foreground">
          Both save to your account: <Link className="underline" to="/signup">create a free account</Link> or{" "}
          <Link className="underline" to="/login">sign in</Link> first.
        </p>
      )}
    </div>
  );
}
