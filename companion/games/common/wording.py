"""Small helpers for the English sentences of summaries and refusals (issue 24 item 11)."""

from __future__ import annotations


def with_article(words: str) -> str:
    """``words`` after "a" or "an" ("an Appetizer die", "a light blue"); a count needs none
    ("2 Maki")."""
    if not words or words[0].isdigit():
        return words
    return f"{'an' if words[0].lower() in 'aeiou' else 'a'} {words}"
