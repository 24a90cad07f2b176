/** /onboarding and /onboarding/choice: pick the step-by-step wizard or the voice setup. */
import { ClipboardList, Mic } from "lucide-react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Message, useT } from "@/lib/i18n";

export default function OnboardingPage() {
  const t = useT();
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="onboarding">
      <h1 className="mb-2 text-2xl font-bold">{t("onboarding.onboarding.welcomeToFirePath")}</h1>
      <p className="mb-6 text-muted-foreground">
        {t("onboarding.onboarding.tellUsTheEssentials")}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <ClipboardList className="size-8 text-primary" aria-hidden="true" />
            <CardTitle className="text-lg">{t("onboarding.onboarding.stepByStep")}</CardTitle>
            <CardDescription>{t("onboarding.onboarding.sixShortFormsSaved")}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1 text-sm">{t("onboarding.onboarding.bestIfYouHave")}</CardContent>
          <CardFooter>
            <Button asChild className="w-full"><Link to="/onboarding/wizard">{t("onboarding.onboarding.startTheSetupWizard")}</Link></Button>
          </CardFooter>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <Mic className="size-8 text-primary" aria-hidden="true" />
            <CardTitle className="text-lg">{t("onboarding.onboarding.talkItThrough")}</CardTitle>
            <CardDescription>{t("onboarding.onboarding.describeYourSituationOut")}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1 text-sm">{t("onboarding.onboarding.nothingIsSavedUntil")}</CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full"><Link to="/onboarding/voice">{t("onboarding.onboarding.startVoiceSetup")}</Link></Button>
          </CardFooter>
        </Card>
      </div>
      {!user && (
        <p className="mt-6 text-sm text-muted-foreground">
          <Message
            id="onboarding.onboarding.account"
            values={{ signup: (c) => <Link className="underline" to="/signup">{c}</Link>, login: (c) => <Link className="underline" to="/login">{c}</Link> }}
          />
        </p>
      )}
    </div>
  );
}
