/** /educational-resources and /resources: the article library, searchable by meaning (GET /api/v1/articles?q=,
 * debounced) and filtered by category and level; filters live in the URL so results can be shared. */
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ARTICLE_CATEGORIES, ARTICLE_LEVELS, type ArticleFilters, useArticles } from "@/api/articles";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { ArticleCard, LEVEL_LABEL } from "./article-card";
import { useT } from "@/lib/i18n";
import { articleCategoryName } from "@/lib/knowledge-categories";

export default function ResourcesPage() {
  const t = useT();
  const { pathname } = useLocation();
  const base = pathname.startsWith("/educational-resources") ? "/educational-resources" : "/resources";
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");
  const q = useDebouncedValue(text.trim().slice(0, 200), 300);
  const category = ARTICLE_CATEGORIES.find((c) => c === params.get("category"));
  const level = ARTICLE_LEVELS.find((l) => l === params.get("level"));
  const update = (key: string, value: string | undefined) =>
    setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(key, value); else next.delete(key); return next; }, { replace: true });
  useEffect(() => { if ((params.get("q") ?? "") !== q) update("q", q || undefined); }, [q]); // eslint-disable-line react-hooks/exhaustive-deps

  const filters: ArticleFilters = { ...(q ? { q } : {}), ...(category ? { category } : {}), ...(level ? { level } : {}) };
  const articles = useArticles(filters);
  const list = articles.data?.articles ?? [];
  const filtered = Boolean(q || category || level);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4" data-tour="resource-library">
      <div>
        <h1 className="text-2xl font-bold">{t("resources.resources.educationalResources")}</h1>
        <p className="text-sm text-muted-foreground">{t("resources.resources.articlesOnTfsaRrsp")}</p>
      </div>
      <search className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]" aria-label={t("resources.resources.findArticles")}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="resources-search">{t("resources.resources.searchArticles")}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id="resources-search" type="search" className="pl-9" placeholder={t("resources.resources.eGHowMuch")} maxLength={200} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="resources-category">{t("resources.resources.category")}</Label>
          <NativeSelect id="resources-category" value={category ?? ""} onChange={(e) => update("category", e.target.value || undefined)}>
            <option value="">{t("resources.resources.allCategories")}</option>
            {ARTICLE_CATEGORIES.map((c) => <option key={c} value={c}>{articleCategoryName(c, t)}</option>)}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="resources-level">{t("resources.resources.level")}</Label>
          <NativeSelect id="resources-level" value={level ?? ""} onChange={(e) => update("level", e.target.value || undefined)}>
            <option value="">{t("resources.resources.allLevels")}</option>
            {ARTICLE_LEVELS.map((l) => <option key={l} value={l}>{t(LEVEL_LABEL[l])}</option>)}
          </NativeSelect>
        </div>
      </search>

      <p role="status" aria-live="polite" className="text-sm text-muted-foreground" data-testid="resources-count">
        {articles.isPending ? t("resources.resources.loadingArticles") : articles.error ? "" : articles.isPlaceholderData ? t("resources.resources.searching") : q ? t("resources.matches", { count: list.length, q }) : t("resources.count", { count: list.length })}
      </p>

      {articles.error ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/50 p-4 text-sm">
          <p>{t("resources.resources.theArticlesCouldNot", { message: articles.error.message })}</p>
          <Button variant="outline" size="sm" onClick={() => void articles.refetch()}>{t("resources.resources.tryAgain")}</Button>
        </div>
      ) : articles.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} className="h-44" />)}
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6 text-sm">
          <p>{t(filtered ? "resources.noArticlesFiltered" : "resources.noArticlesYet")}</p>
          {filtered && <Button variant="outline" size="sm" onClick={() => { setText(""); setParams({}, { replace: true }); }}>{t("resources.resources.clearSearchAndFilters")}</Button>}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={articles.isFetching}>
          {list.map((a) => <li key={a.id}><ArticleCard article={a} base={base} /></li>)}
        </ul>
      )}
    </div>
  );
}
