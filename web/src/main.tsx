import "./index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { z } from "zod";
import { AccessibilityProvider } from "@/app/accessibility-provider";
import { I18nProvider } from "@/app/i18n-provider";
import { routes } from "@/app/routes";
import { ThemeProvider } from "@/app/theme-provider";
import { createQueryClient } from "@/lib/query-client";

// The server's Content-Security-Policy allows no eval: zod must not try to compile its parsers with new Function.
z.config({ jitless: true });

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ThemeProvider>
          <AccessibilityProvider>
            <RouterProvider router={router} />
          </AccessibilityProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
