/** The signed-out landing page (no header): what FIRE Path does, for whom, and the way in. */
import { Bot, Calculator, ChartLine, Landmark, PiggyBank, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { useRedirectSignedIn } from "@/app/use-redirect-signed-in";
import { Logo } from "@/components/layout/logo";
import { Footer } from "@/components/layout/public-layout";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";
import { msg } from "@firepath/shared/i18n/messages";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Message, useT } from "@/lib/i18n";

const FEATURES = [
  { icon: Calculator, title: msg("landing.feature.fireNumber.title"), text: msg("landing.feature.fireNumber.text") },
  { icon: Landmark, title: msg("landing.feature.accounts.title"), text: msg("landing.feature.accounts.text") },
  { icon: ChartLine, title: msg("landing.feature.projection.title"), text: msg("landing.feature.projection.text") },
  { icon: Bot, title: msg("landing.feature.coach.title"), text: msg("landing.feature.coach.text") },
  { icon: PiggyBank, title: msg("landing.feature.budget.title"), text: msg("landing.feature.budget.text") },
  { icon: ShieldCheck, title: msg("landing.feature.privacy.title"), text: msg("landing.feature.privacy.text") },
];

export default function LandingPage() {
  const t = useT();
  useRedirectSignedIn();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4" style={{ marginTop: "var(--safe-top)" }}>
        <Logo to="/" />
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitch />
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm"><Link to="/login">{t("landing.landing.signIn")}</Link></Button>
        </div>
      </header>
      <main id="main-content" className="flex-1">
        <section className="mx-auto max-w-4xl px-4 pb-12 pt-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            <Message id="landing.headline" values={{ em: (c) => <span className="text-primary">{c}</span> }} />
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            {t("landing.landing.firePathTurnsYour")}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg"><Link to="/signup">{t("landing.landing.startYourFreePlan")}</Link></Button>
            <Button asChild size="lg" variant="outline"><Link to="/why-fire-matters">{t("landing.landing.whyFireMatters")}</Link></Button>
          </div>
        </section>
        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-16">
          <h2 id="features" className="sr-only">{t("landing.landing.features")}</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-5">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{t(title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <Footer />
    </div>
  );
}
