/** Bottom navigation for signed-in users below 768 px (hidden from md up): four screens and "More" for the rest. */
import { NavLink } from "react-router";
import { MoreMenu } from "@/components/layout/more-menu";
import { MOBILE_LINKS } from "@/components/layout/nav-links";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

export function MobileNav() {
  const t = useT();
  return (
    <nav
      aria-label={t("shell.mobileNav.mobile")}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background md:hidden"
      style={{ paddingBottom: "var(--safe-bottom)" }}
      data-testid="mobile-nav"
    >
      <ul className="grid grid-cols-5">
        {MOBILE_LINKS.map(({ to, label, short, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-muted-foreground",
                  isActive && "text-primary",
                )
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {t(short ?? label)}
            </NavLink>
          </li>
        ))}
        <li>
          <MoreMenu shown={MOBILE_LINKS} variant="bar" />
        </li>
      </ul>
    </nav>
  );
}
