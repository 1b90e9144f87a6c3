"""Human names, in the page's language, for the codes the engine speaks: cards, pass directions,
small counts.

The one place where a code becomes words (a page never shows ``"left2"`` or
``"QS"``): the templates' filters and the online-play board use these.

The engine names a card by its code (``"QS"``: rank then suit,
``engine.cards``); people read "the queen of spades" / "la donna di picche".
Italian needs the article with the rank ("il re", "la donna", "l'asso"), so
each rank is one whole translatable phrase, with and without the article.
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from engine.cards import RANK_OF, SUIT_OF, parse_card
from engine.rules import MoonRule


def suit_name(suit: int) -> str:
    """Name of suit 0..3 (clubs, diamonds, hearts, spades) as in "of spades"."""
    return (
        pgettext("of suit", "clubs"),
        pgettext("of suit", "diamonds"),
        pgettext("of suit", "hearts"),
        pgettext("of suit", "spades"),
    )[suit]


def _with_article(rank: int) -> str:
    return (
        _("the 2 of %(suit)s"),
        _("the 3 of %(suit)s"),
        _("the 4 of %(suit)s"),
        _("the 5 of %(suit)s"),
        _("the 6 of %(suit)s"),
        _("the 7 of %(suit)s"),
        _("the 8 of %(suit)s"),
        _("the 9 of %(suit)s"),
        _("the 10 of %(suit)s"),
        _("the jack of %(suit)s"),
        _("the queen of %(suit)s"),
        _("the king of %(suit)s"),
        _("the ace of %(suit)s"),
    )[rank]


def _bare(rank: int) -> str:
    return (
        _("2 of %(suit)s"),
        _("3 of %(suit)s"),
        _("4 of %(suit)s"),
        _("5 of %(suit)s"),
        _("6 of %(suit)s"),
        _("7 of %(suit)s"),
        _("8 of %(suit)s"),
        _("9 of %(suit)s"),
        _("10 of %(suit)s"),
        _("jack of %(suit)s"),
        _("queen of %(suit)s"),
        _("king of %(suit)s"),
        _("ace of %(suit)s"),
    )[rank]


def card_name(code: str, *, article: bool = True) -> str:
    """A card's name from its code: ``card_name("QS")`` → "the queen of spades".

    ``article=False`` gives "queen of spades" (for "only one queen of
    spades"). Raises ``ValueError`` for a code that is not a card.
    """
    card = parse_card(code)
    phrase = _with_article(RANK_OF[card]) if article else _bare(RANK_OF[card])
    return phrase % {"suit": suit_name(SUIT_OF[card])}


def plural_count(value: int | Fraction) -> int:
    """The whole number ``ngettext`` chooses a plural form by, for exact match points.

    Whole values are themselves; a fraction (19/3 shown as "6.33") reads plural in English and
    Italian ("6.33 match points", "6,33 punti-partita"), so it counts as 2.
    """
    value = Fraction(value)
    return abs(value.numerator) if value.denominator == 1 else 2


def match_points_phrase(value: int | Fraction, shown: str) -> str:
    """ "1 match point", "6.33 match points": ``shown`` is ``value`` as the page writes it."""
    return ngettext("%(mp)s match point", "%(mp)s match points", plural_count(value)) % {
        "mp": shown
    }


def count_word(number: int) -> str:
    """A small count as a capitalised word at the start of a sentence ("Two"); other numbers as
    digits."""
    words = {1: _("One"), 2: _("Two"), 3: _("Three"), 4: _("Four"), 5: _("Five")}
    return words.get(number, str(number))


#: Each pass direction (``engine.rules.PASS_DIRECTIONS``, 002 §1 and 001) as the sheet says it.
PASS_LABELS = {
    "left": gettext_lazy("to the left"),
    "right": gettext_lazy("to the right"),
    "across": gettext_lazy("across"),
    "left2": gettext_lazy("two to the left"),
    "right2": gettext_lazy("two to the right"),
    "hold": gettext_lazy("no pass"),
    "scatter": gettext_lazy("scatter"),
    "mix": gettext_lazy("mixed"),
}
#: A compact sign per pass direction, for the score sheet's narrow first column (the label goes
#: beside it).
PASS_SYMBOLS = {
    "left": "←",
    "right": "→",
    "across": "↑",
    "left2": "⇇",
    "right2": "⇉",
    "hold": "·",
    "scatter": "✳",
    "mix": "⤮",
}


def pass_label(direction: str) -> str:
    """A pass direction in words ("to the left"); an unknown code is shown as it is."""
    return str(PASS_LABELS.get(direction, direction))


#: The moon rules' names (``engine.rules.MoonRule``, 002 §6 and 001), for the tournament's setting.
MOON_RULE_LABELS = {
    MoonRule.OFF: gettext_lazy("No shooting the moon"),
    MoonRule.OTHERS: gettext_lazy("Every other player takes the hand total"),
    MoonRule.SELF: gettext_lazy("The shooter subtracts the hand total"),
    MoonRule.CHOICE: gettext_lazy("The shooter chooses"),
    MoonRule.OTHERS_UNLESS_LOSES: gettext_lazy(
        "Others take the total, unless that ends the game with the shooter losing"
    ),
}


#: Each engine rule-set preset (``engine.rules.PRESETS``) by a name an organizer recognises; the
#: sources are 002 (club), 000 (Peppa), 001 (pagat.com and its variants) and 003 (the app).
RULE_SET_LABELS = {
    "club": gettext_lazy("Italian club rules (26 points)"),
    "peppa": gettext_lazy("Peppa (36 points, pass to the right)"),
    "peppa_hearts": gettext_lazy("Peppa, Hearts variant (2 of clubs leads)"),
    "pagat": gettext_lazy("Standard rules (shooter chooses)"),
    "app": gettext_lazy("App rules (pass left, across, right)"),
    "omnibus": gettext_lazy("Omnibus (jack of diamonds −10)"),
    "spot": gettext_lazy("Spot Hearts (card values, game to 500)"),
    "black_maria": gettext_lazy("Black Maria (3 players)"),
    "three_player": gettext_lazy("Three players (standard rules)"),
    "five_player": gettext_lazy("Five players (standard rules)"),
}


def rule_set_label(name: str) -> str:
    """A rule-set preset's human name ("Black Maria (3 players)"); an unknown name is shown as it
    is."""
    return str(RULE_SET_LABELS.get(name, name))


#: How a round was seated (``tournaments.seating.METHODS``): the tournament's choices and "manual".
SEATING_METHOD_LABELS = {
    "balanced": gettext_lazy("Balanced: fewest repeated opponents"),
    "swiss": gettext_lazy("Swiss: similar standings, fewest repeats"),
    "random": gettext_lazy("Random"),
    "manual": gettext_lazy("Changed by hand"),
    "final": gettext_lazy("Placement final: by the standings"),
}


def seating_method_label(method: str) -> str:
    """A seating method's human name; "" for none, an unknown code as it is."""
    return str(SEATING_METHOD_LABELS.get(method, method))


#: A table's state on the public pages (``tournaments.pages.TableView.status``): the state of its
#: game.
TABLE_STATUS_LABELS = {
    "waiting": gettext_lazy("not started"),
    "playing": gettext_lazy("playing"),
    "ended": gettext_lazy("game over"),
    "confirmed": gettext_lazy("result confirmed"),
    "hidden": gettext_lazy("results hidden"),
}


def table_status_label(status: str) -> str:
    """A table's state in words ("game over"); an unknown code as it is."""
    return str(TABLE_STATUS_LABELS.get(status, status))
