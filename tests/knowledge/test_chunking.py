"""Chunking by heading: the title in every chunk, long sections cut under the model's window, stable hashes."""

from __future__ import annotations

from knowledge.chunking import KEYWORDS_ORDINAL, MAX_WORDS, chunk_document


def test_each_heading_starts_a_chunk_that_carries_the_title() -> None:
    markdown = ("Intro paragraph with enough words to stand on its own as a chunk of text here, " * 3 +
                "\n\n## Contribution room\n" + "Room grows every year by the annual limit. " * 6 +
                "\n\n## Withdrawals\n" + "Withdrawals come back as room next year. " * 6)
    chunks = chunk_document(title="The TFSA, explained", markdown=markdown)
    assert [c.heading for c in chunks] == [None, "Contribution room", "Withdrawals"]
    assert all(c.text.startswith("The TFSA, explained") for c in chunks)
    assert chunks[1].text.splitlines()[0] == "The TFSA, explained — Contribution room"
    assert [c.ordinal for c in chunks] == [0, 1, 2]


def test_summary_and_tags_go_into_a_keywords_chunk_that_is_never_shown() -> None:
    markdown = "Intro paragraph with enough words to stand on its own as a chunk of text here. " * 3
    chunks = chunk_document(title="Real estate", markdown=markdown, extra="condo; purchase price; immobilier")
    body, keywords = chunks[:-1], chunks[-1]
    assert (keywords.ordinal, keywords.heading, keywords.shown) == (KEYWORDS_ORDINAL, None, False)
    assert keywords.text == f"{body[0].text}\ncondo; purchase price; immobilier"
    assert all(c.shown and "immobilier" not in c.text and ";" not in c.text for c in body)
    assert [c.ordinal for c in body] == [0]
    assert chunk_document(title="T", markdown=markdown, extra="  ")[-1].shown  # nothing to add: no keywords chunk


def test_a_long_section_is_split_below_the_word_limit() -> None:
    paragraph = " ".join(f"word{i}" for i in range(120)) + "."
    chunks = chunk_document(title="Long", markdown="## Part\n\n" + "\n\n".join([paragraph] * 5))
    assert len(chunks) >= 3
    assert all(len(c.text.split()) <= MAX_WORDS + 4 for c in chunks)  # + the title line
    assert {c.heading for c in chunks} == {"Part"}


def test_a_tiny_section_is_merged_into_the_next() -> None:
    chunks = chunk_document(title="T", markdown="## A\nShort.\n\n## B\n" + "Longer text follows here. " * 10)
    assert len(chunks) == 1 and "Short." in chunks[0].text and "B" in chunks[0].text


def test_hashes_change_only_with_the_text() -> None:
    first = chunk_document(title="T", markdown="## A\n" + "alpha " * 40 + "\n\n## B\n" + "beta " * 40)
    second = chunk_document(title="T", markdown="## A\n" + "alpha " * 40 + "\n\n## B\n" + "gamma " * 40)
    assert first[0].content_hash == second[0].content_hash
    assert first[1].content_hash != second[1].content_hash
