"""Numbers typed by people, read strictly and within bounds (no slow or surprising parses).

``int("１０")`` is 10 and ``int("1_0")`` is 10; ``Fraction("1e9999999")``
builds a number with ten million digits (seconds of CPU on every page that
uses it). Everything a form, a CSV file or the score sheet turns into a
number goes through these two functions instead.
"""

from __future__ import annotations

import re
from fractions import Fraction

#: ASCII digits only, an optional sign; at most 6 digits (points, round and table numbers).
_WHOLE = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)
#: "5", "5.5" / "5,5", "19/3": at most 4 digits in each part.
_FRACTION = re.compile(
    r"(?P<whole>[0-9]{1,4})(?:[.,](?P<decimals>[0-9]{1,4})|/(?P<denominator>[0-9]{1,4}))?", re.ASCII
)

#: The most match points one game (or a bye) may give: far above any scheme (25 at a table of 5).
MAX_MATCH_POINTS = 100
#: Bounds of the numbers a tournament is made of, held by forms, imports and database constraints.
MAX_ROUNDS = 200
MAX_TABLE_NUMBER = 9999
MAX_HAND_NUMBER = 500
MAX_TARGET_POINTS = 10000
MAX_HAND_POINTS = 1000
#: The longest round clock: 10 hours.
MAX_ROUND_MINUTES = 600


#: Unicode category Cc: C0 controls, DEL and C1 controls.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> bool:
    """Whether ``text`` has no control characters (NUL, tab, line breaks, escape, ...; Unicode
    category Cc, which is exactly U+0000-U+001F and U+007F-U+009F)."""
    return _CONTROL.search(text) is None


def whole_number(text: str) -> int:
    """A whole number typed as ASCII digits with an optional sign ("-26", "13"), at most 6 digits.

    The Unicode minus (U+2212) is read as "-". Raises ``ValueError`` for
    anything else: "１０" (fullwidth digits), "1_0", "1e3", "", "1234567".
    """
    text = text.strip().replace("\u2212", "-")
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"not a whole number: {text!r}")
    return int(text)


def match_points(text: str) -> Fraction:
    """Match points as typed: "5", "5.5" (or "5,5"), "19/3"; exact, from 0 to ``MAX_MATCH_POINTS``.

    Raises ``ValueError`` for another form (an exponent, a sign, more than 4
    digits in a part, a zero denominator) or a value out of range.
    """
    found = _FRACTION.fullmatch(str(text).strip())
    if found is None:
        raise ValueError(f"not a number of match points: {text!r}")
    value = Fraction(int(found["whole"]))
    if found["decimals"]:
        value += Fraction(int(found["decimals"]), 10 ** len(found["decimals"]))
    if found["denominator"]:
        if int(found["denominator"]) == 0:
            raise ValueError("a fraction cannot have 0 below the line")
        value /= int(found["denominator"])
    if value > MAX_MATCH_POINTS:
        raise ValueError(f"more than {MAX_MATCH_POINTS} match points")
    return value
