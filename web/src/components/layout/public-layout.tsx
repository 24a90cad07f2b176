/** Layout of the public information pages: a slim top bar and a footer linking every public page. */
import { Link, Outlet, useLocation } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { Logo } from "@/components/layout/logo";
import { SkipLink } from "@/components/layout/skip-link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";

export const FOOTER_LINKS = [
  { to: "/about", label: "About" },
  { to: "/why-fire-matters", label: "Why FIRE matters" },
  { to: "/security", label: "Security" },
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/legal", label: "Legal" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact" },
];

export function Footer() {
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground">
      <nav aria-label="Footer" className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-2">
        {FOOTER_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="hover:text-foreground hover:underline">
            {l.label}
          </Link>
        ))}
      </nav>
      <p className="mx-auto mt-4 max-w-5xl">
        FIRE Path provides education and planning tools, not personalised financial, tax or legal advice.
      </p>
    </footer>
  );
}

export function PublicLayout() {
  const { user } = useAuth();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b" style={{ paddingTop: "var(--safe-top)" }}>
        <div className="mx-auto flex h-12 max-w-5xl items-center gap-2 px-4">
          <Logo to={user ? "/fire-dashboard" : "/"} />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            {user ? (
              <Button asChild size="sm" variant="secondary"><Link to="/fire-dashboard">Open my plan</Link></Button>
            ) : (
              <Button asChild size="sm" variant="secondary"><Link to="/login">Sign in</Link></Button>
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
