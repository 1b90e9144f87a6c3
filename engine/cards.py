"""Cards and sets of cards as bit masks over Python ints.

A card is an ``int`` 0..51: ``suit * 13 + rank`` with ranks ``23456789TJQKA``
(0..12) and suits ``CDHS`` (clubs 0, diamonds 1, hearts 2, spades 3).  A set of
cards is a ``CardMask``: bit ``c`` is set when card ``c`` is in the set, as
python-chess does with squares.  Within a suit, a higher card has a higher
number, so "highest card of the suit led wins" (002 §4) is an int comparison.

Card codes are rank then suit: ``"2C"``, ``"TD"``, ``"QS"``.  Parsing accepts
either case and ``"10"`` for the ten; printing always gives the canonical code,
so ``card_code(parse_card(s))`` round-trips canonical codes.  A bad code raises
``ValueError`` naming it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter

Card = int
CardMask = int

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")

BB_ALL: CardMask = (1 << 52) - 1
SUIT_MASK: tuple[CardMask, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
BB_CLUBS, BB_DIAMONDS, BB_HEARTS, BB_SPADES = SUIT_MASK
BIT: tuple[CardMask, ...] = tuple(1 << c for c in range(52))
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(52))
CODES: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
_CODE_TO_CARD = {code: c for c, code in enumerate(CODES)}


def make_card(rank: int, suit: int) -> Card:
    """Card from rank 0..12 (2..ace) and suit 0..3 (CDHS)."""
    return suit * 13 + rank


TWO_CLUBS = make_card(0, CLUBS)
THREE_CLUBS = make_card(1, CLUBS)
TWO_DIAMONDS = make_card(0, DIAMONDS)
TEN_DIAMONDS = make_card(8, DIAMONDS)
JACK_DIAMONDS = make_card(9, DIAMONDS)
QUEEN_SPADES = make_card(10, SPADES)
KING_SPADES = make_card(11, SPADES)
ACE_SPADES = make_card(12, SPADES)
BB_QUEEN_SPADES: CardMask = 1 << QUEEN_SPADES


def parse_card(code: str) -> Card:
    """Card from its code (``"QS"``, ``"td"``, ``"10H"``).

    Raises ``ValueError`` naming the code if it is not a card.
    """
    try:
        return _CODE_TO_CARD[code]
    except (KeyError, TypeError):
        pass
    if isinstance(code, str):
        s = code.strip().upper()
        if s.startswith("10"):
            s = "T" + s[2:]
        card = _CODE_TO_CARD.get(s)
        if card is not None:
            return card
    raise ValueError(
        f"unknown card code {code!r} (expected rank 23456789TJQKA then suit CDHS, e.g. 'QS')"
    )


def card_code(card: Card) -> str:
    """Canonical code of a card (``"QS"``). Raises ``ValueError`` if not 0..51."""
    if type(card) is not int or not 0 <= card < 52:
        raise ValueError(f"not a card number: {card!r} (expected 0..51)")
    return CODES[card]


def to_card(card: Card | str) -> Card:
    """Accept a card number or a code; return the card number (``ValueError`` if bad)."""
    if isinstance(card, str):
        return parse_card(card)
    if type(card) is int and 0 <= card < 52:
        return card
    raise ValueError(f"not a card: {card!r}")


def parse_cards(codes: Iterable[str | Card]) -> list[Card]:
    """List of cards from codes (or numbers), order kept. ``ValueError`` on a bad one."""
    return [to_card(c) for c in codes]


def mask_of(cards: Iterable[Card | str]) -> CardMask:
    """Mask of the given cards (numbers or codes). Duplicates collapse."""
    m = 0
    for c in cards:
        m |= 1 << to_card(c)
    return m


def mask_of_cards(cards: Sequence[Card]) -> CardMask:
    """Mask of distinct card numbers, unchecked (the engine's own fast paths).

    A repeated card is counted twice (its bit carries): pass distinct cards.
    """
    if len(cards) > 1:
        return sum(itemgetter(*cards)(BIT))
    return BIT[cards[0]] if cards else 0


def scan_forward(mask: CardMask) -> Iterator[Card]:
    """Cards of a mask in increasing order (bit-popping generator)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def scan_reverse(mask: CardMask) -> Iterator[Card]:
    """Cards of a mask in decreasing order."""
    while mask:
        c = mask.bit_length() - 1
        yield c
        mask ^= 1 << c


def _byte_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``_BYTE_CARDS[i][b]``: the cards whose bits are byte ``b`` of a mask's byte ``i``."""
    return tuple(
        tuple(tuple(8 * i + k for k in range(8) if b >> k & 1) for b in range(256))
        for i in range(7)
    )


_BYTE_CARDS = _byte_tables()
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BYTE_CARDS  # 7 x 256 sorted tuples, about 100 kB


def cards_of(mask: CardMask) -> list[Card]:
    """Sorted list of the cards in a mask (clubs 2 first, spades ace last).

    Seven look-ups in small per-byte tables (``legal_moves`` calls it at every
    play): faster than popping bits, and the tables stay in the CPU cache.
    The mask's bytes come from one ``to_bytes`` (no shifted big ints).
    """
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")
    return [*_B0[b0], *_B1[b1], *_B2[b2], *_B3[b3], *_B4[b4], *_B5[b5], *_B6[b6]]


def codes_of(mask: CardMask) -> list[str]:
    """Sorted list of card codes in a mask."""
    return [CODES[c] for c in cards_of(mask)]


def count(mask: CardMask) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def lowest(mask: CardMask) -> Card:
    """Lowest card of a non-empty mask (``ValueError`` if empty)."""
    if not mask:
        raise ValueError("empty card mask")
    return (mask & -mask).bit_length() - 1


def highest(mask: CardMask) -> Card:
    """Highest card of a non-empty mask (``ValueError`` if empty)."""
    if not mask:
        raise ValueError("empty card mask")
    return mask.bit_length() - 1


def mask_str(mask: CardMask) -> str:
    """Human form of a mask, by suit: ``"C:2 5 K | D:- | H:A | S:Q"``."""
    parts = []
    for s in range(4):
        ranks = [RANKS[RANK_OF[c]] for c in scan_forward(mask & SUIT_MASK[s])]
        parts.append(f"{SUITS[s]}:{' '.join(ranks) or '-'}")
    return " | ".join(parts)
