"""Hybrid search over the knowledge base: meaning (pgvector) + words (PostgreSQL full text) + substrings.

Three ranked lists of documents are fused by reciprocal rank fusion (score = sum of weight / (60 + rank)):
1. the nearest chunks by cosine distance (HNSW index), each document ranked by its best chunk;
2. full-text matches (`ts_rank_cd` over the chunks' generated tsvector, an OR of the query's words; in a
   large index, words that match too many rows to rank quickly are left out, judged by the planner's
   statistics, since such words say little);
3. the spec's case-insensitive substring match of the whole query over title, content and tags (found
   through the full-text index, then checked with ILIKE), which doubles as an exact-phrase boost (a title
   that contains the phrase ranks first among those).
Each result carries its best body chunk's heading and a snippet with the query's words marked, cut from body
prose only (a document's summary and tags sit in a keywords chunk that finds it but is never quoted). If the
index is empty (before the first ingestion) search falls back to the substring match over the content files; if
the embedder fails, it goes on with words alone.

Languages: each list is made twice, once over the English chunks and once over the French ones (English words looked
up in the English tsvector, French words, accents put back, in the French one; the nearest chunks through each
language's own HNSW index), weighted by the language the query reads as (LIST_WEIGHTS). A French query is also
compared with the English chunks in English words: its glossary names and the counterparts the translations teach
(knowledge.lexicon), embedded apart. A document counts once per list, at its best chunk, and its versions fuse into
one result, so a question in either language finds it whatever language the person reads in. A document whose title
or one of whose tags, in either language, says what the query says (knowledge.query's `labelled`) gains LABEL_BONUS,
as a title holding the phrase does. Results are shown in
the requested language (`lang`): its title, its heading, a snippet of its text (from its best-ranked chunk in that
language, else the one at the place of the other version's best), or the English version where a document has no
translation yet.
"""

from __future__ import annotations

import html
import logging
import re
import uuid
from dataclasses import dataclass, field

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from api.knowledge.models import KbChunk
from knowledge.chunking import KEYWORDS_ORDINAL, sections
from knowledge.content import DEFAULT_LANG, LANGUAGES, KnowledgeBase, Lang, plain_text, shipped_knowledge_base
from knowledge.embeddings import EmbeddingError, embed_query
from knowledge.query import prepare

log = logging.getLogger("knowledge.search")

RRF_K = 60
CANDIDATES = 40  # chunks from each retriever
# Full-text ranking costs in proportion to the rows a query matches. In a large index, words found in more
# rows than this (like stopwords of the domain) are left to the vector search: they carry little signal.
MAX_TEXT_MATCHES = 2000
WEIGHTS = {"vector": 1.0, "text": 0.8, "substring": 0.6}
TITLE_PHRASE_BONUS = 0.02
# A document whose title or one of whose tags says what the query says, in either language (knowledge.query's
# `labelled`: "CELI plafond" is the tag "plafond du CELI", and "TFSA limit"), was written to answer it: a tag is its
# author's title for a question, so it counts as a title holding the phrase does.
LABEL_BONUS = TITLE_PHRASE_BONUS
# Cosine distance of the nearest chunk beyond which a query that matches no word is taken as unrelated. Every
# retrieval-eval query has a chunk within 0.69; gibberish ("zzzzqqq", "blorp flarn") is 0.75 or more away.
UNRELATED_DISTANCE = 0.72
# Each language's chunks make their own lists (nearest, words), weighted by the language the query reads as (None:
# it could be either, "CELI limit"): (query, chunks) -> weight, 1 where not listed. Measured on the retrieval eval's
# two sets (evals/retrieval): an English query gains nothing from the French text of documents it already finds in
# English (those lists only add noise), so they count for nothing, though they still choose the French snippet; a
# French query counts both languages' lists fully, the English chunks compared with it in English words (its
# glossary names and the counterparts the translations teach, knowledge.lexicon), since the model reads English
# best; a query of either language leans on the English lists.
LIST_WEIGHTS: dict[tuple[str | None, str], float] = {("en", "fr"): 0.0, (None, "fr"): 0.5}
PREFERRED_KIND_BONUS = 0.001  # flips near ties only: about four places down one list near the top
_MARK_START, _MARK_END = "\x02", "\x03"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass
class SearchHit:
    kind: str
    id: str
    title: str
    category: str
    level: str | None
    score: float
    snippet: str  # HTML-escaped text with <mark>...</mark> around matched words
    heading: str | None = None
    matched_by: list[str] = field(default_factory=list)
    lang: str = DEFAULT_LANG  # the language shown: the one asked for, or English where no translation exists


@dataclass
class _Candidate:
    """One document (kind and id) across its languages."""

    kind: str
    slug: str
    score: float = 0.0
    best_chunks: dict[str, tuple[int, uuid.UUID, int]] = field(default_factory=dict)  # lang -> (rank, chunk, ordinal)
    matched_by: list[str] = field(default_factory=list)

    def offer(self, row: _Row) -> None:
        """The snippet comes from the document's best-ranked body chunk in any list (not its keywords)."""
        if row.id is None or row.ordinal is None or row.ordinal == KEYWORDS_ORDINAL:
            return
        best = self.best_chunks.get(row.lang)
        if best is None or row.rnk < best[0]:
            self.best_chunks[row.lang] = (row.rnk, row.id, row.ordinal)

    @property
    def ordinal_hint(self) -> int:
        """The best chunk's place in its document: where to quote a version none of whose chunks was found."""
        return min(self.best_chunks.values())[2] if self.best_chunks else 0

    def add(self, source: str, rank: int, weight: float = 1.0) -> None:
        self.score += weight * WEIGHTS[source] / (RRF_K + rank)
        self.matched_by.append(source)


_FILTERS = """(CAST(:kind AS text) IS NULL OR c.kind = :kind)
      AND (CAST(:category AS text) IS NULL OR c.category = :category)"""


def _nearest(lang: str, vector: str) -> str:
    """The chunks of one language nearest the query (the language's own HNSW index: its predicate is a literal)."""
    return f"""vec_{lang} AS (
  SELECT id, document_id, kind, ordinal, dist, row_number() OVER (ORDER BY dist) AS rnk FROM (
    SELECT c.id, c.document_id, c.kind, c.ordinal, c.embedding <=> CAST(:{vector} AS vector) AS dist FROM kb_chunks c
    WHERE c.lang = '{lang}' AND CAST(:use_{lang} AS boolean) AND {_FILTERS} AND CAST(:{vector} AS vector) IS NOT NULL
    ORDER BY c.embedding <=> CAST(:{vector} AS vector) LIMIT {CANDIDATES}) nearest)"""


def _matching(lang: str) -> str:
    """The chunks of one language best matching the query's words in its configuration (ts_rank_cd)."""
    return f"""txt_{lang} AS (
  SELECT id, document_id, kind, ordinal, row_number() OVER (ORDER BY score DESC, id) AS rnk FROM (
    SELECT c.id, c.document_id, c.kind, c.ordinal, ts_rank_cd(c.search_vector, tsq.{lang}, 1) AS score
    FROM kb_chunks c, tsq
    WHERE c.lang = '{lang}' AND CAST(:use_{lang} AS boolean) AND c.search_vector @@ tsq.{lang} AND {_FILTERS}
    ORDER BY score DESC LIMIT {CANDIDATES}) matched)"""


_CANDIDATES_SQL = f"""
WITH {_nearest("en", "vector_en")}, {_nearest("fr", "vector")},
stats AS (  -- rows each common word matches, from the planner's statistics (absent: a rare word or small table)
  SELECT e.elem, e.freq * (SELECT GREATEST(reltuples, 0) FROM pg_class WHERE oid = 'kb_chunks'::regclass) AS matches
  FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(elem, freq)
  WHERE s.schemaname = current_schema() AND s.tablename = 'kb_chunks' AND s.attname = 'search_vector'),
words AS (  -- the query's lexemes in each language's configuration
  SELECT DISTINCT 'en' AS lang, lexeme
  FROM unnest(tsvector_to_array(to_tsvector('english'::regconfig, :terms))) lexeme
  UNION SELECT DISTINCT 'fr', lexeme
  FROM unnest(tsvector_to_array(to_tsvector('french'::regconfig, :french_terms))) lexeme),
estimates AS (
  SELECT w.lang, w.lexeme, COALESCE(st.matches, 0) AS matches FROM words w LEFT JOIN stats st ON st.elem = w.lexeme),
chosen AS (  -- each language's most selective words, up to about {MAX_TEXT_MATCHES} rows to rank
  SELECT lang, lexeme FROM (
    SELECT lang, lexeme, sum(matches) OVER (PARTITION BY lang ORDER BY matches, lexeme) AS running FROM estimates) r
  WHERE running <= {MAX_TEXT_MATCHES}),
tsq AS (SELECT (SELECT string_agg(quote_literal(lexeme), ' | ') FROM chosen WHERE lang = 'en')::tsquery AS en,
               (SELECT string_agg(quote_literal(lexeme), ' | ') FROM chosen WHERE lang = 'fr')::tsquery AS fr),
{_matching("en")}, {_matching("fr")},
phrase AS (  -- the phrase's words, all required; only when one of them is selective enough to scan
  SELECT plainto_tsquery('english'::regconfig, :phrase) AS en, plainto_tsquery('french'::regconfig, :phrase) AS fr
  WHERE EXISTS (
    SELECT 1 FROM (SELECT unnest(tsvector_to_array(to_tsvector('english'::regconfig, :phrase)))
                   UNION SELECT unnest(tsvector_to_array(to_tsvector('french'::regconfig, :phrase)))) p(lexeme)
    LEFT JOIN stats st ON st.elem = p.lexeme WHERE COALESCE(st.matches, 0) <= {MAX_TEXT_MATCHES})),
sub AS (  -- chunk text holds the title line and the body's plain text, or (keywords chunk) summary and tags
  SELECT c.document_id, c.kind, bool_or(d.title ILIKE :pattern) AS in_title,
         row_number() OVER (ORDER BY bool_or(d.title ILIKE :pattern) DESC,
                                     bool_or(array_to_string(d.tags, ' ') ILIKE :pattern) DESC, min(d.title)) AS rnk
  FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id, phrase
  WHERE length(:phrase) >= 2
    AND ((c.lang = 'en' AND c.search_vector @@ phrase.en) OR (c.lang = 'fr' AND c.search_vector @@ phrase.fr))
    AND c.text ILIKE :pattern AND {_FILTERS}
  GROUP BY c.document_id, c.kind ORDER BY rnk LIMIT {CANDIDATES})
SELECT found.*, d.slug, d.lang FROM (
  SELECT 'vector' AS source, id, document_id, kind, ordinal, rnk, false AS in_title, dist FROM vec_en
  UNION ALL SELECT 'vector', id, document_id, kind, ordinal, rnk, false, dist FROM vec_fr
  UNION ALL SELECT 'text', id, document_id, kind, ordinal, rnk, false, NULL FROM txt_en
  UNION ALL SELECT 'text', id, document_id, kind, ordinal, rnk, false, NULL FROM txt_fr
  UNION ALL SELECT 'substring', NULL, document_id, kind, NULL, rnk, in_title, NULL FROM sub) found
JOIN kb_documents d ON d.id = found.document_id
"""

# Filtered HNSW scans can come back short (pgvector 0.6 filters after the scan): redo those exactly, per language.
# "+ 0" keeps the planner off the index.
_EXACT_VECTOR_SQL = f"""
SELECT c.id, c.document_id, c.kind, c.ordinal, d.slug, d.lang, c.embedding <=> CAST(:vector AS vector) AS dist
FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id
WHERE c.lang = :lang AND {_FILTERS}
ORDER BY (c.embedding <=> CAST(:vector AS vector)) + 0 LIMIT {CANDIDATES}
"""

# Each document in the language asked for (English where it has no translation), with the chunk to quote: its
# best-ranked one, else the one at the place of the other version's best chunk, else its opening.
_DETAILS_SQL = """
SELECT d.kind, d.slug, d.lang, d.title, d.category, d.level, c.heading,
       CASE WHEN c.id IS NULL THEN NULL ELSE ts_headline(
            CASE d.lang WHEN 'fr' THEN 'french'::regconfig ELSE 'english'::regconfig END,
            regexp_replace(c.text, '^[^\n]*\n', ''),
            CASE d.lang WHEN 'fr' THEN websearch_to_tsquery('french'::regconfig, :any_french_word)
                        ELSE websearch_to_tsquery('english'::regconfig, :any_word) END,
            :options) END
FROM (
  SELECT DISTINCT ON (d.kind, d.slug) d.*, k.hint FROM kb_documents d
  JOIN unnest(CAST(:kinds AS text[]), CAST(:slugs AS text[]), CAST(:hints AS int[])) AS k(kind, slug, hint)
    ON d.kind = k.kind AND d.slug = k.slug
  WHERE d.lang IN (:lang, 'en')
  ORDER BY d.kind, d.slug, d.lang = :lang DESC) d
LEFT JOIN LATERAL (
  SELECT id, heading, text FROM kb_chunks  -- never the keywords chunk (ordinal -1): snippets are body prose
  WHERE document_id = d.id AND ordinal >= 0 AND (id = ANY(CAST(:chunks AS uuid[])) OR ordinal IN (0, d.hint))
  ORDER BY id = ANY(CAST(:chunks AS uuid[])) DESC, ordinal = d.hint DESC, ordinal LIMIT 1) c ON true
"""
_HEADLINE_OPTIONS = (f"StartSel={_MARK_START}, StopSel={_MARK_END}, MaxWords=32, MinWords=12, ShortWord=2, "
                     "MaxFragments=2")


def _escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _vector_literal(vector: list[float] | None) -> str | None:
    return None if vector is None else "[" + ",".join(f"{x:.7g}" for x in vector) + "]"


def _render(raw: str | None) -> str:
    if not raw:
        return ""
    escaped = html.escape(re.sub(r"\s+", " ", raw).strip())
    return escaped.replace(_MARK_START, "<mark>").replace(_MARK_END, "</mark>")


def search(*, session: Session, query: str, kind: str | None = None, category: str | None = None,
           limit: int = 10, prefer: str | None = None, lang: Lang = DEFAULT_LANG,
           kb: KnowledgeBase | None = None) -> list[SearchHit]:
    """The best documents for `query` (in either language), one hit per document, best first, shown in `lang`.
    `prefer` ("help" or "article") breaks near ties in favour of that kind (the Help Center prefers help topics,
    articles follow)."""
    query = _CONTROL.sub(" ", query).strip()  # PostgreSQL refuses NUL; other control characters mean nothing
    if not query:
        return []
    prepared = prepare(query, kb, reader=lang)
    try:
        vector: list[float] | None = embed_query(prepared.expanded)
        # A French query is compared with the English chunks in English words (the model reads English best).
        english_vector = embed_query(prepared.english) if prepared.lang == "fr" else vector
    except EmbeddingError as exc:
        log.warning("query embedding failed; searching by words only", extra={"error": str(exc)})
        vector = english_vector = None
    # A language's lists are left out when they can neither count nor be shown: the French ones, for an English
    # query shown in English.
    used = {chunks: _language_weight(chunks, prepared.lang) > 0 or chunks == lang for chunks in LANGUAGES}
    params = {"vector": _vector_literal(vector), "vector_en": _vector_literal(english_vector),
              "use_en": used["en"], "use_fr": used["fr"],
              "kind": kind, "category": category,
              "terms": " ".join(prepared.terms), "french_terms": " ".join(prepared.french_terms), "phrase": query,
              "pattern": f"%{_escape_like(query)}%"}
    rows = [_Row(r.source, r.id, r.document_id, r.kind, r.slug, r.lang, r.rnk, r.in_title, r.dist, r.ordinal)
            for r in session.execute(text(_CANDIDATES_SQL), params)]
    if not rows and session.scalar(select(KbChunk.id).limit(1)) is None:
        return substring_search(query=query, kind=kind, category=category, limit=limit, lang=lang, kb=kb)
    for lang_of_chunks in LANGUAGES:
        nearest = [r for r in rows if r.source == "vector" and r.lang == lang_of_chunks]
        if vector is not None and (kind or category) and used[lang_of_chunks] and len(nearest) < CANDIDATES:
            exact = session.execute(text(_EXACT_VECTOR_SQL), {
                **params, "lang": lang_of_chunks,
                "vector": params["vector_en" if lang_of_chunks == "en" else "vector"]}).all()
            rows = [r for r in rows if r not in nearest] + [
                _Row("vector", r.id, r.document_id, r.kind, r.slug, r.lang, rank, False, r.dist, r.ordinal)
                for rank, r in enumerate(exact, start=1)]
    if _unrelated(rows):
        return []

    candidates: dict[tuple[str, str], _Candidate] = {}
    titled = {(r.kind, r.slug) for r in rows if r.in_title}
    seen: set[tuple[str, str, str, str]] = set()
    ranks: dict[tuple[str, str], int] = {}
    for row in sorted(rows, key=lambda r: (r.source, r.lang, r.rnk)):
        key = (row.kind, row.slug)
        ranked_list = (row.source, "*" if row.source == "substring" else row.lang)  # one phrase match over both
        found = candidates.setdefault(key, _Candidate(row.kind, row.slug))
        found.offer(row)
        weight = 1.0 if row.source == "substring" else _language_weight(row.lang, prepared.lang)
        if (*ranked_list, *key) in seen or not weight:
            continue  # a document counts once per list, at its best chunk; a list that counts for nothing, never
        seen.add((*ranked_list, *key))
        ranks[ranked_list] = ranks.get(ranked_list, 0) + 1
        if not found.matched_by and prefer and row.kind == prefer:
            found.score += PREFERRED_KIND_BONUS
        found.add(row.source, ranks[ranked_list], weight)
        if row.source == "substring" and key in titled:
            found.score += TITLE_PHRASE_BONUS
    for key in prepared.labelled:
        if key in candidates and candidates[key].matched_by:
            candidates[key].score += LABEL_BONUS
    ranked = sorted((c for c in candidates.values() if c.matched_by), key=lambda c: (-c.score, c.kind, c.slug))[:limit]
    if not ranked:
        return []
    details = {(r[0], r[1]): r for r in session.execute(text(_DETAILS_SQL), {
        "any_word": " or ".join(prepared.terms), "any_french_word": " or ".join(prepared.french_terms),
        "options": _HEADLINE_OPTIONS, "lang": lang, "kinds": [c.kind for c in ranked],
        "slugs": [c.slug for c in ranked], "hints": [c.ordinal_hint for c in ranked],
        "chunks": [chunk for c in ranked for _, chunk, _ in c.best_chunks.values()]})}
    hits = []
    for found in ranked:
        doc_kind, slug, shown_lang, title, doc_category, level, heading, headline = details[(found.kind, found.slug)]
        hits.append(SearchHit(kind=doc_kind, id=slug, title=title, category=doc_category, level=level,
                              score=round(found.score, 6), snippet=_render(headline), heading=heading,
                              matched_by=sorted(set(found.matched_by)), lang=shown_lang))
    return hits


@dataclass(frozen=True)
class _Row:
    source: str
    id: uuid.UUID | None
    document_id: uuid.UUID
    kind: str
    slug: str
    lang: str
    rnk: int
    in_title: bool
    dist: float | None = None
    ordinal: int | None = None


def _language_weight(chunk_lang: str, query_lang: str | None) -> float:
    """How much a list of one language's chunks counts, given the language the query reads as."""
    return LIST_WEIGHTS.get((query_lang, chunk_lang), 1.0)


def _unrelated(rows: list[_Row]) -> bool:
    """No word of the query is in the knowledge base and nothing is near it in meaning ("zzzzqqq"): the nearest
    chunks of such a query are only the least far of the unrelated ones, so there is nothing to show."""
    if any(row.source != "vector" for row in rows):
        return False
    distances = [row.dist for row in rows if row.dist is not None]
    return bool(distances) and min(distances) > UNRELATED_DISTANCE


def substring_search(*, query: str, kind: str | None = None, category: str | None = None, limit: int = 10,
                     lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> list[SearchHit]:
    """The spec's search: a case-insensitive substring match over title, content and tags (title hits first),
    over the content files themselves, in either language's version, shown in `lang`. Used before the first
    ingestion."""
    base = (kb or shipped_knowledge_base()).base
    shown = base.in_language(lang)
    needle = query.strip().lower()
    hits: list[tuple[int, SearchHit]] = []
    Entry = tuple[str, str, str, str, str | None, list[str], str, str]
    entries: dict[str, list[Entry]] = {}
    for source in [shown] if shown is base else [shown, base]:  # the shown version first
        for t in source.topics:
            entries.setdefault(f"help/{t.id}", []).append(
                ("help", t.id, t.title, t.category, None, t.tags, t.content, t.lang))
        for a in source.articles:
            entries.setdefault(f"article/{a.id}", []).append(
                ("article", a.id, a.title, a.category, a.level, a.tags, a.content, a.lang))
    for versions in entries.values():
        doc_kind, doc_id, title, doc_category, level, _, content, doc_lang = versions[0]
        if (kind and doc_kind != kind) or (category and doc_category != category):
            continue
        in_title = any(needle in v[2].lower() for v in versions)
        if not (in_title or any(needle in v[6].lower() or any(needle in tag.lower() for tag in v[5])
                                for v in versions)):
            continue
        heading, window, at = _passage(content, needle)
        snippet = html.escape(window)
        if at >= 0:
            snippet = re.sub(re.escape(html.escape(needle)), lambda m: f"<mark>{m.group(0)}</mark>", snippet,
                             flags=re.IGNORECASE)
        hits.append((0 if in_title else 1, SearchHit(kind=doc_kind, id=doc_id, title=title, category=doc_category,
                                                     level=level, score=1.0 if in_title else 0.5, snippet=snippet,
                                                     heading=heading, matched_by=["substring"], lang=doc_lang)))
    hits.sort(key=lambda pair: (pair[0], pair[1].title))
    return [hit for _, hit in hits[:limit]]


def _passage(content: str, needle: str, before: int = 80, size: int = 220) -> tuple[str | None, str, int]:
    """(heading, window, position of the needle in it or -1): the section holding the first match, and about `size`
    characters of its prose around it, starting at a sentence (or at least a word) and ending on a whole word."""
    found = [(heading, text, text.lower().find(needle))
             for heading, text in ((h, re.sub(r"\s+", " ", plain_text(b)).strip()) for h, b in sections(content))]
    heading, text, at = next((f for f in found if f[2] >= 0), found[0] if found else (None, "", -1))
    start = 0
    if at > before:
        start = at - before
        sentence = re.search(r".*[.!?:]\s", text[start:at])
        if sentence:
            start += sentence.end()
        else:
            space = text.find(" ", start, at)
            start = space + 1 if space >= 0 else start
    window = text[start:start + size]
    if start + size < len(text):
        window = window[:window.rfind(" ")] + " …" if " " in window else window
    return heading, window.strip(), (at - start if at >= 0 else -1)
