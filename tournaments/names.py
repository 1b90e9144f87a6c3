"""Comparing people's names the way people do: without case, accents or apostrophe variants.

"Niccolò" and "niccolo", "D’Angelo" and "d'angelo", "  Anna  Maria " and
"anna maria" are the same name to an organizer; :func:`fold` gives each the
same key. Pure functions, no database.
"""

from __future__ import annotations

import unicodedata

#: Apostrophes and quotes people type for one another in names (D'Angelo, D’Angelo, D`Angelo).
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})


def fold(text: str) -> str:
    """The comparison key of a name: accents removed, case folded, apostrophes unified, spaces
    collapsed.

    ``fold("  Niccolò  D’Angelo ") == fold("niccolo d'angelo") == "niccolo d'angelo"``.
    Letters without a decomposition (ß, ø) are case-folded only.
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def matches(name: str, query: str) -> bool:
    """Whether a search for ``query`` finds ``name``: every word of the query is in the name, as
    :func:`fold` compares them and with apostrophes ignored ("niccolo" finds "Niccolò Rossi",
    "d'angelo" and "dangelo" find "D’Angelo", "rossi mario" finds "Mario Rossi"). An empty query
    finds every name.
    """
    words = fold(query).replace("'", "").split()
    target = fold(name).replace("'", "")
    return all(word in target for word in words)
