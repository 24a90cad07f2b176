"""Numbers said in words, from digits: 5200 -> "five thousand two hundred", 2030 -> "twenty thirty", which build
the offline recogniser's vocabulary. The other way (words to digits) is the shared slot reader's (`agent.slots`)."""

from __future__ import annotations

from agent.slots import ONES, TENS, digitise

__all__ = ["digitise", "say", "say_year"]

_SMALL = [w for w, _ in sorted(ONES.items(), key=lambda kv: kv[1])]
_TENS_WORDS = {v: w for w, v in TENS.items() if w != "fourty"}


def _say_below_thousand(n: int) -> list[str]:
    words: list[str] = []
    if n >= 100:
        words += [_SMALL[n // 100], "hundred"]
        n %= 100
    if n >= 20:
        words.append(_TENS_WORDS[n - n % 10])
        n %= 10
        if n:
            words.append(_SMALL[n])
    elif n or not words:
        words.append(_SMALL[n])
    return words


def say(n: int) -> str:
    """An integer in words, as people say amounts: 5200 -> "five thousand two hundred"."""
    if n == 0:
        return "zero"
    words: list[str] = []
    for scale, name in ((1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand")):
        if n >= scale:
            words += [*_say_below_thousand(n // scale), name]
            n %= scale
    if n:
        words += _say_below_thousand(n)
    return " ".join(words)


def say_year(year: int) -> str:
    """A year as people say it: 2030 -> "twenty thirty", 2005 -> "two thousand five"."""
    high, low = divmod(year, 100)
    if low == 0 or (high == 20 and low < 10):
        return say(year)
    return f"{say(high)} {say(low)}"
