import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">There is no page at this address. It may have moved.</p>
      <Button asChild><Link to="/">Go to the start page</Link></Button>
    </div>
  );
}
