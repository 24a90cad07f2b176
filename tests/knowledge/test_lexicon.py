"""The French-English lexicon learned from the translations: aligned passages pair a French word with the English
word that translates it, from a tiny made-up knowledge base and from the shipped one."""

from __future__ import annotations

from pathlib import Path

from knowledge.content import KnowledgeBase, load_knowledge_base
from knowledge.lexicon import learn

TOPIC = """---
id: {id}
title: {title}
category: Savings
tags: [{tags}]
video_url: null
---
## {heading}
{body}

## {heading2}
{body2}
"""

PAIRS = [  # (id, English title, body, body 2; French title, body, body 2)
    ("one", "Emergency savings", "Keep emergency cash.", "Cash helps.",
     "Épargne d'urgence", "Gardez des liquidités d'urgence.", "Les liquidités aident."),
    ("two", "Emergency plan", "Plan for an emergency.", "Savings grow.",
     "Plan d'urgence", "Planifiez une urgence.", "L'épargne croît."),
    ("three", "Retirement savings", "Savings for retirement.", "Retirement comes.",
     "Épargne-retraite", "L'épargne pour la retraite.", "La retraite arrive."),
]


def _kb(tmp_path: Path) -> KnowledgeBase:
    for folder, english in ((tmp_path / "help", True), (tmp_path / "fr" / "help", False)):
        folder.mkdir(parents=True)
        for doc_id, title, body, body2, fr_title, fr_body, fr_body2 in PAIRS:
            (folder / f"{doc_id}.md").write_text(TOPIC.format(
                id=doc_id, title=title if english else fr_title, tags="x" if english else "y",
                heading="Why" if english else "Pourquoi", body=body if english else fr_body,
                heading2="How" if english else "Comment", body2=body2 if english else fr_body2), encoding="utf-8")
    return load_knowledge_base(tmp_path)


def test_aligned_passages_pair_each_french_word_with_its_translation(tmp_path: Path) -> None:
    lexicon = learn(_kb(tmp_path), "fr", keep=lambda word: len(word) >= 4)
    assert lexicon["urgence"] == ("emergency",)
    assert lexicon["épargne"] == ("savings",)  # keyed as written: accents kept
    assert lexicon["retraite"][0] == "retirement"


def test_no_translations_no_lexicon(tmp_path: Path) -> None:
    (tmp_path / "help").mkdir()
    assert learn(load_knowledge_base(tmp_path), "fr", keep=lambda word: True) == {}


def test_the_shipped_translations_teach_the_everyday_words(shipped_kb: KnowledgeBase) -> None:
    lexicon = learn(shipped_kb, "fr", keep=lambda word: len(word) >= 3)
    for french, english in [("retraite", "retirement"), ("urgence", "emergency"), ("obligations", "bonds"),
                            ("frais", "fees"), ("enfants", "children"), ("oublié", "forgot")]:
        assert english in lexicon.get(french, ()), (french, lexicon.get(french))
