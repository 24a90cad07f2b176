import { Flame } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

export function Logo({ to = "/fire-dashboard", className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn("flex items-center gap-1.5 font-bold tracking-tight", className)} aria-label="FIRE Path home">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Flame className="size-4" aria-hidden="true" />
      </span>
      <span>FIRE Path</span>
    </Link>
  );
}
