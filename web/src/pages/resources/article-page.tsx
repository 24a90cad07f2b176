/** /resources/:articleId (and under /educational-resources): one article, its Markdown rendered safely, its
 * sources and related reading. */
import { ApiError } from "@firepath/shared/api";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useArticle } from "@/api/articles";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ArticleCard, ArticleMeta } from "./article-card";
import { ArticleMarkdown } from "./article-markdown";
import { useT, useFormat } from "@/lib/i18n";

export default function ArticlePage() {
  const fmt = useFormat();
  const t = useT();
  const { articleId = "" } = useParams();
  const { pathname } = useLocation();
  const base = pathname.startsWith("/educational-resources") ? "/educational-resources" : "/resources";
  const article = useArticle(articleId);
  const heading = useRef<HTMLHeadingElement>(null);
  const a = article.data;
  // A new article (e.g. from related reading) starts at its title, for keyboard and screen-reader users too.
  useEffect(() => { if (a) { window.scrollTo(0, 0); heading.current?.focus(); } }, [a?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={base}><ArrowLeft aria-hidden="true" />&#32;{t("resources.article.allArticles")}</Link>
    </Button>
  );
  if (article.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4" role="status" aria-label={t("resources.article.loadingTheArticle")}>
        {back}
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)}
      </div>
    );
  }
  if (!a) {
    const missing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {back}
        <h1 className="text-2xl font-bold">{missing ? t("resources.article.articleNotFound") : t("resources.article.theArticleCouldNot")}</h1>
        <p className="text-sm text-muted-foreground">{missing ? t("resources.article.itMayHaveBeen") : article.error?.message}</p>
        {!missing && <Button variant="outline" className="self-start" onClick={() => void article.refetch()}>{t("resources.article.tryAgain")}</Button>}
      </div>
    );
  }
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4">
      {back}
      <header className="flex flex-col gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold leading-tight outline-none">{a.title}</h1>
        <ArticleMeta article={a} />
        <p className="text-xs text-muted-foreground">{t("resources.article.updatedWords", { updated: fmt.date(a.updated), value: fmt.number(a.word_count) })}</p>
        <p className="text-lg text-muted-foreground">{a.summary}</p>
      </header>
      <ArticleMarkdown source={a.content} />
      {a.sources.length > 0 && (
        <section aria-labelledby="article-sources" className="mt-4 flex flex-col gap-2 border-t pt-4">
          <h2 id="article-sources" className="text-lg font-semibold">{t("resources.article.sources")}</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {a.sources.map((s) => (
              <li key={s.url}>
                <a href={/^https?:/i.test(s.url) ? s.url : undefined} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline">
                  {s.title}<ExternalLink className="size-3.5" aria-hidden="true" /><span className="sr-only">&#32;{t("resources.article.opensInANew")}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {a.related.length > 0 && (
        <section aria-labelledby="article-related" className="mt-4 flex flex-col gap-3 border-t pt-4">
          <h2 id="article-related" className="text-lg font-semibold">{t("resources.article.relatedReading")}</h2>
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="related-articles">
            {a.related.map((r) => <li key={r.id}><ArticleCard article={r} base={base} headingLevel={3} /></li>)}
          </ul>
        </section>
      )}
    </article>
  );
}
