/** Shown on the wizard and voice setup to visitors who are not signed in: both save to an account. */
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export function SignedOutCard() {
  return (
    <Card data-testid="onboarding-signed-out">
      <CardHeader>
        <CardTitle className="text-lg">Create your account first</CardTitle>
        <CardDescription>The setup saves your answers to your account as you go.</CardDescription>
      </CardHeader>
      <CardFooter className="gap-3">
        <Button asChild><Link to="/signup">Create your free account</Link></Button>
        <Button asChild variant="outline"><Link to="/login">Sign in</Link></Button>
      </CardFooter>
    </Card>
  );
}
