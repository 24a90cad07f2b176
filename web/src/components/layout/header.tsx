/** The signed-in header: 48 px high plus the top safe-area inset, fixed. */
import { lazy, Suspense, useState } from "react";
import { NavLink } from "react-router";
import { useCompletion } from "@/api/completion";
import { HelpButton } from "@/components/help/help-button";
import { CompletionButton } from "@/components/layout/completion-button";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Logo } from "@/components/layout/logo";
import { MoreMenu } from "@/components/layout/more-menu";
import { HEADER_LINKS } from "@/components/layout/nav-links";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { useMediaQuery } from "@/components/layout/use-media-query";
import { UserMenu } from "@/components/layout/user-menu";
import { trackModalOpen } from "@/lib/analytics";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

const ProfileSetupDialog = lazy(() => import("@/components/profile-setup/profile-setup-dialog"));

export function Header() {
  const t = useT();
  const completion = useCompletion();
  const [setupOpen, setSetupOpen] = useState(false);
  // From 768 to 1023 px six links, "More" and the buttons do not fit: the last two move into "More".
  const wide = useMediaQuery("(min-width: 1024px)");
  const links = wide ? HEADER_LINKS : HEADER_LINKS.slice(0, 4);

  return (
    <header
      className="fixed inset-x-0 top-0 z-40 border-b bg-background/95 backdrop-blur"
      style={{ paddingTop: "var(--safe-top)" }}
    >
      <div className="mx-auto flex h-12 max-w-7xl items-center gap-3 px-3">
        <Logo />
        <nav aria-label={t("shell.header.main")} className="ml-4 hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground",
                  isActive && "bg-accent text-foreground",
                )
              }
            >
              {t(l.short ?? l.label)}
            </NavLink>
          ))}
          <MoreMenu shown={links} variant="header" />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {completion.data && (
            <CompletionButton
              percent={completion.data.overall}
              onClick={() => {
                setSetupOpen(true);
                void trackModalOpen("profile_setup");
              }}
            />
          )}
          <HelpButton />
          <LanguageSwitch />
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
      {setupOpen && (
        <Suspense fallback={null}>
          <ProfileSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
        </Suspense>
      )}
    </header>
  );
}
