/** The Help Center's endpoints: topics grouped by category, one topic, and semantic search over help topics and articles. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type HelpTopicList = Schemas["HelpTopicList"];
export type HelpTopic = Schemas["HelpTopicRead"];
export type HelpSearchResult = Schemas["SearchResult"];

export const helpTopicsQuery = () =>
  queryOptions({
    queryKey: ["help", "topics"],
    queryFn: async (): Promise<HelpTopicList> => unwrap(await api.GET("/api/v1/help/topics")),
  });

export const helpTopicQuery = (topicId: string) =>
  queryOptions({
    queryKey: ["help", "topics", topicId],
    queryFn: async (): Promise<HelpTopic> =>
      unwrap(await api.GET("/api/v1/help/topics/{topic_id}", { params: { path: { topic_id: topicId } } })),
  });

/** Search help topics and the articles' sections (help topics win near ties): "rrsp deadline" reaches the
 * section of an article that answers it. */
export async function searchHelp(q: string): Promise<HelpSearchResult[]> {
  const result = await api.GET("/api/v1/help/search", { params: { query: { q, limit: 20 } } });
  return unwrap(result).results;
}

export const helpSearchQuery = (q: string) =>
  queryOptions({ queryKey: ["help", "search", q], queryFn: () => searchHelp(q) });

export const useHelpTopics = (enabled = true) => useQuery({ ...helpTopicsQuery(), enabled });
export const useHelpTopic = (topicId: string | null) =>
  useQuery({ ...helpTopicQuery(topicId ?? ""), enabled: Boolean(topicId) });
/** An empty query searches nothing; the previous results stay on screen while the next ones load. */
export const useHelpSearch = (q: string) =>
  useQuery({ ...helpSearchQuery(q), enabled: q.length > 0, placeholderData: keepPreviousData });
