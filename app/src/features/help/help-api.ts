/** Help topics (grouped by category), one topic, search over help topics and the articles' sections, the article
 * library and one article: the same endpoints and query keys as the web (web/src/api/help.ts and articles.ts).
 * Keys start with "help" or "articles", so what was read is kept on the device for offline use. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { msg } from "@firepath/shared/i18n/messages";
import { api } from "@/lib/api";
import type { AppTranslate } from "@/lib/i18n";

export type HelpTopicList = Schemas["HelpTopicList"];
export type HelpTopic = Schemas["HelpTopicRead"];
export type HelpSearchResult = Schemas["SearchResult"];
export type ArticleList = Schemas["ArticleList"];
export type ArticleSummary = Schemas["ArticleSummary"];
export type Article = Schemas["ArticleRead"];

/** The web's category order for the article library. */
export const ARTICLE_CATEGORIES = [
  "FIRE Fundamentals", "Saving & Budgeting", "Registered Accounts", "Investing", "Retirement Income", "Tax",
  "Housing", "Debt & Credit",
] as const;
/** Each level's label (a catalogue id, shown with `t(LEVEL_LABEL[level])`). */
export const LEVEL_LABEL = {
  beginner: msg("resources.level.beginner"),
  intermediate: msg("resources.level.intermediate"),
  advanced: msg("resources.level.advanced"),
} as const;

export const SEARCH_DEBOUNCE_MS = 300;

export const helpTopicsQuery = () =>
  queryOptions({
    queryKey: ["help", "topics"],
    queryFn: async (): Promise<HelpTopicList> => unwrap(await api().GET("/api/v1/help/topics")),
  });

export const helpTopicQuery = (topicId: string) =>
  queryOptions({
    queryKey: ["help", "topics", topicId],
    queryFn: async (): Promise<HelpTopic> =>
      unwrap(await api().GET("/api/v1/help/topics/{topic_id}", { params: { path: { topic_id: topicId } } })),
  });

export async function searchHelp(q: string): Promise<HelpSearchResult[]> {
  const result = await api().GET("/api/v1/help/search", { params: { query: { q, limit: 20 } } });
  return unwrap(result).results;
}

export const helpSearchQuery = (q: string) => queryOptions({ queryKey: ["help", "search", q], queryFn: () => searchHelp(q) });

/** The whole library, as the web's resources page lists it with no filters. */
export const articlesQuery = () =>
  queryOptions({
    queryKey: ["articles", {}],
    queryFn: async (): Promise<ArticleList> => unwrap(await api().GET("/api/v1/articles", { params: { query: {} } })),
  });

export const articleQuery = (articleId: string) =>
  queryOptions({
    queryKey: ["articles", "one", articleId],
    queryFn: async (): Promise<Article> =>
      unwrap(await api().GET("/api/v1/articles/{article_id}", { params: { path: { article_id: articleId } } })),
  });

export const useHelpTopics = () => useQuery(helpTopicsQuery());
export const useArticles = () => useQuery(articlesQuery());
/** An empty query searches nothing; the previous results stay on screen while the next ones load. */
export const useHelpSearch = (q: string) =>
  useQuery({ ...helpSearchQuery(q), enabled: q.length > 0, placeholderData: keepPreviousData });
export const useHelpTopic = (topicId: string, enabled: boolean) => useQuery({ ...helpTopicQuery(topicId), enabled, retry: false });
export const useArticle = (articleId: string, enabled: boolean) => useQuery({ ...articleQuery(articleId), enabled, retry: false });

/** The API's preview is the content's first 80 characters, usually cut mid-word: mark the cut. */
export function previewText(preview: string): string {
  return preview.length >= 80 ? `${preview.trimEnd()}…` : preview;
}

/** "Article" or "Article · The contribution deadline": where in the article the passage is. */
export function articleLabel(heading: string | null | undefined, t: AppTranslate): string {
  return heading ? t("components.help.articleAt", { heading }) : t("components.help.article");
}

/** "Beginner · 6 min read" (fr-CA "Débutant · 6 min de lecture"). */
export function levelAndTime(a: { level: keyof typeof LEVEL_LABEL; reading_minutes: number }, t: AppTranslate): string {
  return `${t(LEVEL_LABEL[a.level])} · ${t("resources.articleCard.minRead", { reading_minutes: a.reading_minutes })}`;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** A search snippet (HTML-escaped, matches in <mark></mark>) as [text, marked, text, ...] pieces. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  return snippet
    .split(/<mark>|<\/mark>/)
    .map((text, i) => ({ text: unescapeHtml(text), marked: i % 2 === 1 }))
    .filter((p) => p.text.length > 0);
}

/** Articles grouped by category, in the web's category order (any other category after them). */
export function groupArticles(articles: ArticleSummary[]): { category: string; articles: ArticleSummary[] }[] {
  const order = (c: string) => {
    const i = (ARTICLE_CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? ARTICLE_CATEGORIES.length : i;
  };
  const groups = new Map<string, ArticleSummary[]>();
  for (const a of articles) groups.set(a.category, [...(groups.get(a.category) ?? []), a]);
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([category, list]) => ({ category, articles: list }));
}
