/** Shown on the wizard and voice setup to visitors who are not signed in: both save to an account. */
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";

export function SignedOutCard() {
  const t = useT();
  return (
    <Card data-testid="onboarding-signed-out">
      <CardHeader>
        <CardTitle className="text-lg">{t("onboarding.signedOutCard.createYourAccountFirst")}</CardTitle>
        <CardDescription>{t("onboarding.signedOutCard.theSetupSavesYour")}</CardDescription>
      </CardHeader>
      <CardFooter className="gap-3">
        <Button asChild><Link to="/signup">{t("onboarding.signedOutCard.createYourFreeAccount")}</Link></Button>
        <Button asChild variant="outline"><Link to="/login">{t("onboarding.signedOutCard.signIn")}</Link></Button>
      </CardFooter>
    </Card>
  );
}
