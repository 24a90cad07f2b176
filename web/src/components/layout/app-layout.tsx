/** The signed-in layout: skip link, fixed header, main content below it, bottom navigation on mobile. */
import { Outlet, useLocation } from "react-router";
import { useKeyboardShortcuts } from "@/app/use-keyboard-shortcuts";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { Header } from "@/components/layout/header";
import { MobileNav } from "@/components/layout/mobile-nav";
import { SkipLink } from "@/components/layout/skip-link";

export function AppLayout() {
  useKeyboardShortcuts();
  const location = useLocation();
  return (
    <>
      <SkipLink />
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl px-4 pb-[calc(4.5rem+var(--safe-bottom))] outline-none md:pb-10"
        style={{ paddingTop: "calc(var(--header-height) + var(--safe-top) + 1.5rem)" }}
      >
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <MobileNav />
    </>
  );
}
