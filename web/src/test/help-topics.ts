/** The real help topics (knowledge/content/help/*.md, which the API serves) shaped as the API returns them. */
import type { HelpTopic, HelpTopicList } from "@/api/help";

const files = import.meta.glob("../../../knowledge/content/help/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

function parse(text: string): HelpTopic {
  const [, front = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const field = (name: string) => (new RegExp(`^${name}: (.*)$`, "m").exec(front)?.[1] ?? "").trim().replace(/^"(.*)"$/, "$1");
  const tags = field("tags").replace(/^\[|\]$/g, "").split(",").map((t) => t.trim()).filter(Boolean);
  const video = field("video_url");
  return { id: field("id"), title: field("title"), category: field("category"), tags, content: body.trim(), video_url: video === "null" || !video ? null : video, lang: "en" };
}

export const HELP_TOPICS: HelpTopic[] = Object.values(files).map(parse);

export function topicList(topics: HelpTopic[] = HELP_TOPICS): HelpTopicList {
  const groups = new Map<string, HelpTopicList["groups"][number]["topics"]>();
  for (const t of topics) {
    const list = groups.get(t.category) ?? [];
    list.push({ id: t.id, title: t.title, category: t.category, tags: t.tags, preview: t.content.slice(0, 80), video_url: t.video_url, lang: "en" });
    groups.set(t.category, list);
  }
  return { lang: "en", groups: [...groups].map(([category, members]) => ({ category, topics: members })), total: topics.length };
}
