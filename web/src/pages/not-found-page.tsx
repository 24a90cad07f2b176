import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">{t("shell.notFound.pageNotFound")}</h1>
      <p className="text-muted-foreground">{t("shell.notFound.thereIsNoPage")}</p>
      <Button asChild><Link to="/">{t("shell.notFound.goToTheStart")}</Link></Button>
    </div>
  );
}
