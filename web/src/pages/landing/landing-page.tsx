/** The signed-out landing page (no header): what FIRE Path does, for whom, and the way in. */
import { Bot, Calculator, ChartLine, Landmark, PiggyBank, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { useRedirectSignedIn } from "@/app/use-redirect-signed-in";
import { Logo } from "@/components/layout/logo";
import { Footer } from "@/components/layout/public-layout";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";

const FEATURES = [
  { icon: Calculator, title: "Your FIRE number", text: "25 times your annual expenses, with lean, fat, coast and barista variants side by side." },
  { icon: Landmark, title: "Canadian accounts and taxes", text: "TFSA, RRSP and FHSA room, the order to fill them, provincial tax, CPP and OAS." },
  { icon: ChartLine, title: "A month-by-month projection", text: "See the year you reach independence and how a raise or a new expense moves it." },
  { icon: Bot, title: "An FI Coach that shows its work", text: "Ask about your own numbers; every figure comes from a calculator you can check." },
  { icon: PiggyBank, title: "Budget and savings rate", text: "Needs, wants and savings, with a 20% savings-rate target and a 3 to 6 month emergency fund." },
  { icon: ShieldCheck, title: "Private by design", text: "No bank passwords, no ads, no selling data. Delete everything in one step." },
];

export default function LandingPage() {
  useRedirectSignedIn();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4" style={{ marginTop: "var(--safe-top)" }}>
        <Logo to="/" />
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm"><Link to="/login">Sign in</Link></Button>
        </div>
      </header>
      <main id="main-content" className="flex-1">
        <section className="mx-auto max-w-4xl px-4 pb-12 pt-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Plan your path to financial independence, <span className="text-primary">the Canadian way</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            FIRE Path turns your income, spending and savings into a clear plan: how much you need, which accounts to
            fill first, and the year work becomes optional.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg"><Link to="/signup">Start your free plan</Link></Button>
            <Button asChild size="lg" variant="outline"><Link to="/why-fire-matters">Why FIRE matters</Link></Button>
          </div>
        </section>
        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-16">
          <h2 id="features" className="sr-only">Features</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-5">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <Footer />
    </div>
  );
}
