/** One article in a list: title (the link), category, level, reading time and summary. */
import { Clock } from "lucide-react";
import { Link } from "react-router";
import type { ArticleSummary } from "@/api/articles";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

export const LEVEL_LABEL = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" } as const;

export function ArticleMeta({ article }: { article: ArticleSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Badge variant="secondary">{article.category}</Badge>
      <Badge variant="outline">{LEVEL_LABEL[article.level]}</Badge>
      <span className="flex items-center gap-1"><Clock className="size-3.5" aria-hidden="true" />{article.reading_minutes} min read</span>
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
