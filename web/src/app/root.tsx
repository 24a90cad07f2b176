/** The root route: providers that need the router (auth navigation), page-view analytics, scroll to top. */
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Toaster } from "sonner";
import { AuthProvider, useAuth } from "@/app/auth-provider";
import { useTheme } from "@/app/theme-provider";
import { LocaleSync } from "@/app/i18n-provider";
import { trackPageView } from "@/lib/analytics";
import { useT } from "@/lib/i18n";

const TOAST_TOP = "calc(var(--header-height) + var(--safe-top) + 12px)";

function RouteEffects() {
  const { pathname } = useLocation();
  const { user, loading, roleLoading } = useAuth();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    // Wait until we know whether this is an admin (admins send no events).
    if (loading || roleLoading) return;
    void trackPageView(pathname);
  }, [pathname, loading, roleLoading, user?.id]);
  return null;
}

export function Root() {
  const t = useT();
  const { theme } = useTheme();
  return (
    <AuthProvider>
      <RouteEffects />
      <LocaleSync />
      <Outlet />
      {/* Below the fixed header, so a toast never covers its buttons (help, theme, user menu). */}
      <Toaster
        theme={theme}
        richColors
        closeButton
        position="top-right"
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
        containerAriaLabel={t("shell.notifications")}
      />
    </AuthProvider>
  );
}
