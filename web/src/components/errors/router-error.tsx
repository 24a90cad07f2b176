/** The router's fallback for errors thrown while loading or rendering a route. */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Message, useT } from "@/lib/i18n";

export function RouterError() {
  const t = useT();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main id="main-content" className="mx-auto flex min-h-[70vh] max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">{t("shell.routerError.unexpectedApplicationError")}</h1>
      <p className="rounded-md bg-muted p-3 font-mono text-sm">{detail}</p>
      <p className="text-sm text-muted-foreground">
        <Message id="shell.routerError.reload" values={{ link: (chunks) => <a className="underline" href="/">{chunks}</a> }} />
      </p>
    </main>
  );
}
