/** Education articles: GET /api/v1/articles (category, level, and `q` for search by meaning and words) and
 * GET /api/v1/articles/{id} (content, sources, related reading). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ArticleSummary = Schemas["ArticleSummary"];
export type Article = Schemas["ArticleRead"];
export type ArticleCategory = NonNullable<Schemas["ArticleSummary"]["category"]>;
export type ArticleLevel = Schemas["ArticleSummary"]["level"];

export const ARTICLE_CATEGORIES = [
  "FIRE Fundamentals", "Saving & Budgeting", "Registered Accounts", "Investing", "Retirement Income", "Tax",
  "Housing", "Debt & Credit",
] as const;
export const ARTICLE_LEVELS = ["beginner", "intermediate", "advanced"] as const;

export interface ArticleFilters {
  q?: string;
  category?: (typeof ARTICLE_CATEGORIES)[number];
  level?: (typeof ARTICLE_LEVELS)[number];
}

export const articlesQuery = (filters: ArticleFilters) =>
  queryOptions({
    queryKey: ["articles", filters],
    queryFn: async () => {
      const query = {
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.level ? { level: filters.level } : {}),
      };
      return unwrap(await api.GET("/api/v1/articles", { params: { query } }));
    },
  });

export const articleQuery = (articleId: string) =>
  queryOptions({
    queryKey: ["articles", "one", articleId],
    queryFn: async (): Promise<Article> =>
      unwrap(await api.GET("/api/v1/articles/{article_id}", { params: { path: { article_id: articleId } } })),
  });

export const useArticles = (filters: ArticleFilters) => useQuery({ ...articlesQuery(filters), placeholderData: keepPreviousData });
export const useArticle = (articleId: string) => useQuery({ ...articleQuery(articleId), retry: false });
