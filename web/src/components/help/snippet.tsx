/** A search snippet from the API: HTML-escaped text with matches in <mark></mark>, rendered without innerHTML. */
import { Fragment } from "react";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** Split into [text, marked, text, marked, ...] pieces. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  return snippet
    .split(/<mark>|<\/mark>/)
    .map((text, i) => ({ text: unescapeHtml(text), marked: i % 2 === 1 }))
    .filter((p) => p.text.length > 0);
}

export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((p, i) =>
        p.marked ? (
          <mark key={i} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
