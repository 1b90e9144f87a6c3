"""Cuori's pure-Python Hearts engine (no Django).  See ``engine/API.md``.

Public names re-exported here; modules: ``cards``, ``rules``, ``hand``,
``scoring``, ``view``, ``game``, ``record``, ``autoplay``.
"""
from .cards import (
    BB_ALL, BB_CLUBS, BB_DIAMONDS, BB_HEARTS, BB_SPADES, CLUBS, DIAMONDS, HEARTS, QUEEN_SPADES,
    RANKS, SPADES, SUIT_MASK, SUITS, TWO_CLUBS, Card, CardMask, card_code, cards_of, codes_of,
    mask_of, parse_card, parse_cards, scan_forward,
)
from .hand import DealError, Hand, IllegalPlay, Reason
from .rules import PRESETS, RuleSet, preset
from .scoring import HandScore, score_hand
from .view import PlayerView

__all__ = [
    "BB_ALL", "BB_CLUBS", "BB_DIAMONDS", "BB_HEARTS", "BB_SPADES", "CLUBS", "DIAMONDS", "HEARTS",
    "QUEEN_SPADES", "RANKS", "SPADES", "SUIT_MASK", "SUITS", "TWO_CLUBS", "Card", "CardMask",
    "card_code", "cards_of", "codes_of", "mask_of", "parse_card", "parse_cards", "scan_forward",
    "DealError", "Hand", "IllegalPlay", "Reason", "PRESETS", "RuleSet", "preset", "HandScore",
    "score_hand", "PlayerView",
]
