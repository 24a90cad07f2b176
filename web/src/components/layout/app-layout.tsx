/** The signed-in layout: skip link, fixed header, main content below it, bottom navigation on mobile; the
 * guided tour, the Help Center and the keyboard shortcuts (and their list) live here because they need the router and
 * a signed-in user. */
import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { setShortcutListOpen, useKeyboardShortcuts, useShortcutListOpen } from "@/app/use-keyboard-shortcuts";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { HelpProvider } from "@/components/help/help-provider";
import { Header } from "@/components/layout/header";
import { MobileNav } from "@/components/layout/mobile-nav";
import { SkipLink } from "@/components/layout/skip-link";
import { TourProvider } from "@/components/tour/tour-provider";

const ShortcutsDialog = lazy(() => import("@/components/layout/shortcuts-dialog"));

export function AppLayout() {
  useKeyboardShortcuts();
  const shortcutsOpen = useShortcutListOpen();
  const location = useLocation();
  return (
    <TourProvider>
      <HelpProvider>
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
        {shortcutsOpen && (
          <Suspense fallback={null}>
            <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutListOpen} />
          </Suspense>
        )}
      </HelpProvider>
    </TourProvider>
  );
}
