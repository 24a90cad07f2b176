/** The route table (spec section 2). Every page is lazy-loaded so the first load stays small. */
import { Navigate, type RouteObject } from "react-router";
import { RequireAdmin, RequireAuth } from "@/app/guards";
import { PLANNING_PAGES } from "@/app/planning-pages";
import { Root } from "@/app/root";
import { SETTINGS_PAGES } from "@/app/settings-pages";
import { RouterError } from "@/components/errors/router-error";
import { AppLayout } from "@/components/layout/app-layout";
import { Spinner } from "@/components/ui/spinner";
import { BareLayout, PublicLayout } from "@/components/layout/public-layout";

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouterError />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <Spinner className="min-h-dvh" />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: "/", lazy: page(() => import("@/pages/landing/landing-page")) },
          { path: "/login", lazy: page(() => import("@/pages/auth/login-page")) },
          { path: "/signup", lazy: page(() => import("@/pages/auth/signup-page")) },
          { path: "/forgot-password", lazy: page(() => import("@/pages/auth/forgot-password-page")) },
          { path: "/reset-password", lazy: page(() => import("@/pages/auth/reset-password-page")) },
          { path: "/auth-callback", lazy: page(() => import("@/pages/auth/auth-callback-page")) },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: "/onboarding", lazy: page(() => import("@/pages/onboarding/onboarding-page")) },
          { path: "/onboarding/choice", lazy: page(() => import("@/pages/onboarding/onboarding-page")) },
          { path: "/onboarding/voice", lazy: page(() => import("@/pages/onboarding/voice-page")) },
          { path: "/onboarding/wizard", lazy: page(() => import("@/pages/onboarding/wizard-page")) },
          { path: "/about", lazy: page(() => import("@/pages/public/about-page")) },
          { path: "/contact", lazy: page(() => import("@/pages/public/contact-page")) },
          { path: "/privacy", lazy: page(() => import("@/pages/public/privacy-page")) },
          { path: "/terms", lazy: page(() => import("@/pages/public/terms-page")) },
          { path: "/legal", lazy: page(() => import("@/pages/public/legal-page")) },
          { path: "/security", lazy: page(() => import("@/pages/public/security-page")) },
          { path: "/careers", lazy: page(() => import("@/pages/public/careers-page")) },
          { path: "/why-fire-matters", lazy: page(() => import("@/pages/public/why-fire-matters-page")) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...PLANNING_PAGES.map(({ path, load }) => ({ path, lazy: page(load) })),
              ...SETTINGS_PAGES.map(({ path, load }) => ({ path, lazy: page(load) })),
              { path: "/insights", element: <Navigate to="/fire-dashboard" replace /> },
              { path: "/fire-calculation", element: <Navigate to="/fire-dashboard" replace /> },
              { path: "/chat", element: <Navigate to="/ai-chatbot" replace /> },
              // Spec section 2's /budgeting: the budget lives in settings.
              { path: "/budgeting", element: <Navigate to="/settings/budgeting" replace /> },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ element: <AppLayout />, children: [{ path: "/admin", lazy: page(() => import("@/pages/admin/admin-page")) }] }],
      },
      { element: <PublicLayout />, children: [{ path: "*", lazy: page(() => import("@/pages/not-found-page")) }] },
    ],
  },
];
