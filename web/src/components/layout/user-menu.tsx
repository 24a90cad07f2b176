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

export function UserMenu() {
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
        <Button variant="ghost" size="icon" aria-label="Open user menu" data-testid="user-menu">
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
          <Settings aria-hidden="true" /> Settings
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate("/admin")}>
            <LayoutDashboard aria-hidden="true" /> Admin Dashboard
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
