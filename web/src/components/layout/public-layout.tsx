/** Layout of the public information pages: a slim top bar and a footer linking every public page. */
import { msg } from "@firepath/shared/i18n/messages";
import { Link, Outlet, useLocation } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Logo } from "@/components/layout/logo";
import { SkipLink } from "@/components/layout/skip-link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export const FOOTER_LINKS = [
  { to: "/about", label: msg("nav.footer.about") },
  { to: "/why-fire-matters", label: msg("nav.footer.whyFire") },
  { to: "/security", label: msg("nav.footer.security") },
  { to: "/privacy", label: msg("nav.footer.privacy") },
  { to: "/terms", label: msg("nav.footer.terms") },
  { to: "/legal", label: msg("nav.footer.legal") },
  { to: "/careers", label: msg("nav.footer.careers") },
  { to: "/contact", label: msg("nav.footer.contact") },
];

export function Footer() {
  const t = useT();
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground">
      <nav aria-label={t("shell.publicLayout.footer")} className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-2">
        {FOOTER_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="hover:text-foreground hover:underline">
            {t(l.label)}
          </Link>
        ))}
      </nav>
      <p className="mx-auto mt-4 max-w-5xl">
        {t("shell.publicLayout.firePathProvidesEducation")}
      </p>
    </footer>
  );
}

export function PublicLayout() {
  const t = useT();
  const { user } = useAuth();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b" style={{ paddingTop: "var(--safe-top)" }}>
        <div className="mx-auto flex h-12 max-w-5xl items-center gap-2 px-4">
          <Logo to={user ? "/fire-dashboard" : "/"} />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitch />
            <ThemeToggle />
            {user ? (
              <Button asChild size="sm" variant="secondary"><Link to="/fire-dashboard">{t("shell.publicLayout.openMyPlan")}</Link></Button>
            ) : (
              <Button asChild size="sm" variant="secondary"><Link to="/login">{t("shell.publicLayout.signIn")}</Link></Button>
            )}
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}

/** Bare layout for the landing, login and sign-up pages (no header). */
export function BareLayout() {
  const location = useLocation();
  return (
    <>
      <SkipLink />
      <ErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}
