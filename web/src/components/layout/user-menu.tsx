/** The user menu: display name and e-mail, Settings, Admin Dashboard (admins only) and Sign Out. */
import { LayoutDashboard, LogOut, Settings, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { useProfile } from "@/api/profile";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { displayName } from "@/lib/display-name";
import { useT } from "@/lib/i18n";

export function UserMenu() {
  const t = useT();
  const { user, isAdmin, signOut } = useAuth();
  const profile = useProfile(Boolean(user));
  const navigate = useNavigate();
  const name = displayName({
    firstName: profile.data?.first_name,
    lastName: profile.data?.last_name,
    fullName: (user?.user_metadata?.full_name as string | undefined) ?? null,
    email: user?.email,
  });

  return (
    // Not modal, like the More menu: a modal menu hides the page from screen readers while it stays focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("shell.userMenu.openUserMenu")} data-testid="user-menu">
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <div className="font-medium" data-testid="display-name">{name}</div>
          {/* Without a name the display name is the e-mail: once is enough. */}
          {user?.email && user.email !== name && <div className="text-xs text-muted-foreground">{user.email}</div>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <Settings aria-hidden="true" /> {t("shell.userMenu.settings")}
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate("/admin")}>
            <LayoutDashboard aria-hidden="true" /> {t("shell.userMenu.adminDashboard")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> {t("shell.userMenu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
