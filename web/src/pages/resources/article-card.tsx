/** One article in a list: title (the link), category, level, reading time and summary. */
import { Clock } from "lucide-react";
import { Link } from "react-router";
import type { ArticleSummary } from "@/api/articles";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { msg } from "@firepath/shared/i18n/messages";
import { useT } from "@/lib/i18n";
import { articleCategoryName } from "@/lib/knowledge-categories";

export const LEVEL_LABEL = { beginner: msg("resources.level.beginner"), intermediate: msg("resources.level.intermediate"), advanced: msg("resources.level.advanced") } as const;

export function ArticleMeta({ article }: { article: ArticleSummary }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Badge variant="secondary">{articleCategoryName(article.category, t)}</Badge>
      <Badge variant="outline">{t(LEVEL_LABEL[article.level])}</Badge>
      <span className="flex items-center gap-1"><Clock className="size-3.5" aria-hidden="true" />{t("resources.articleCard.minRead", { reading_minutes: article.reading_minutes })}</span>
    </div>
  );
}

export function ArticleCard({ article, base, headingLevel = 2 }: { article: ArticleSummary; base: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2";
  return (
    <Card className="flex h-full flex-col" data-testid="article-card">
      <CardHeader className="gap-2">
        <Heading className="text-base font-semibold leading-snug">
          <Link to={`${base}/${article.id}`} className="hover:underline focus-visible:underline">{article.title}</Link>
        </Heading>
        <ArticleMeta article={article} />
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">{article.summary}</CardContent>
    </Card>
  );
}
