/** "More": every screen its bar does not show, grouped (Plan, Tools, Learn and share). The header's is a dropdown
 * under a text button and also opens the keyboard shortcut list; the phone's opens upward from the bottom bar. */
import { ChevronDown, Ellipsis, Keyboard } from "lucide-react";
import { Fragment, useId } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { setShortcutListOpen, useShortcutsEnabled } from "@/app/use-keyboard-shortcuts";
import { NAV_GROUPS, type Screen } from "@/components/layout/nav-links";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import type { MessageId } from "@firepath/shared/i18n/messages";
import { useT } from "@/lib/i18n";

/** The key that opens the shortcut list. */
const LIST_KEY = "?";

/** True when `pathname` is `to` or below it (an article under /resources counts as Resources). */
export const isAt = (pathname: string, to: string) => matchPath({ path: to, end: false }, pathname) !== null;

function Group({ label, screens, pathname, hints }: { label: MessageId; screens: Screen[]; pathname: string; hints: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <DropdownMenuGroup aria-labelledby={id}>
      <DropdownMenuLabel id={id} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {t(label)}
      </DropdownMenuLabel>
      {screens.map(({ to, label: name, icon: Icon, key }) => {
        const current = isAt(pathname, to);
        return (
          <DropdownMenuItem key={to} asChild className={cn(current && "font-semibold text-primary")}>
            <Link to={to} aria-current={current ? "page" : undefined}>
              <Icon aria-hidden="true" />
              <span className="flex-1">{t(name)}</span>
              {hints && (
                <span className="ml-4 font-mono text-xs text-muted-foreground" aria-hidden="true">{t("shell.moreMenu.g", { key })}</span>
              )}
            </Link>
          </DropdownMenuItem>
        );
      })}
    </DropdownMenuGroup>
  );
}

export function MoreMenu({ shown, variant }: { shown: Screen[]; variant: "header" | "bar" }) {
  const t = useT();
  const { pathname } = useLocation();
  const enabled = useShortcutsEnabled();
  const hidden = new Set(shown.map((s) => s.to));
  const groups = NAV_GROUPS.map((g) => ({ ...g, screens: g.screens.filter((s) => !hidden.has(s.to)) })).filter(
    (g) => g.screens.length > 0,
  );
  const active = groups.some((g) => g.screens.some((s) => isAt(pathname, s.to)));
  const header = variant === "header";

  return (
    // Not modal: a modal menu hides the page from screen readers while its links stay focusable (axe's
    // aria-hidden-focus), and the page stays as it was behind a menu that only lists links.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          header
            ? "flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground data-[state=open]:bg-accent"
            : "flex w-full flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-muted-foreground",
          active && (header ? "bg-accent text-foreground" : "text-primary"),
        )}
        data-testid={header ? "more-menu" : "mobile-more"}
      >
        {header ? (
          <>
            {t("shell.moreMenu.more")} <ChevronDown className="size-4" aria-hidden="true" />
          </>
        ) : (
          <>
            <Ellipsis className="size-5" aria-hidden="true" /> {t("shell.moreMenu.more")}
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={header ? "start" : "end"}
        side={header ? "bottom" : "top"}
        className="max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto"
        // A page that focuses its own field as it loads (the coach's message box) must not shut a menu opened
        // meanwhile: a click outside and Escape still close it.
        onFocusOutside={(e) => e.preventDefault()}
        data-testid={header ? "more-menu-content" : "mobile-more-content"}
      >
        {groups.map((g, i) => (
          <Fragment key={g.label}>
            {i > 0 && <DropdownMenuSeparator />}
            <Group label={g.label} screens={g.screens} pathname={pathname} hints={header && enabled} />
          </Fragment>
        ))}
        {header && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setShortcutListOpen(true)}>
              <Keyboard aria-hidden="true" />
              <span className="flex-1">{t("shell.moreMenu.keyboardShortcuts")}</span>
              {enabled && <span className="ml-4 font-mono text-xs text-muted-foreground" aria-hidden="true">{LIST_KEY}</span>}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
