"""The bridge between a tournament's rule set name and the engine's ``RuleSet``.

A tournament names an engine preset (002's ``club`` by default). Its tables
may have 3, 4 or 5 seats: a table whose size differs from the preset's plays
the engine's ``three_player`` / ``club`` / ``five_player`` deck and pass
cycle (001: remove the 2 of diamonds, and for five also the 2 of clubs) with
the tournament's own card points, moon rule, first-trick rules, and its pass
cycle where that cycle works at any table size.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.rules import PRESETS, RuleSet

#: How a table's game ends: a seat reaches the target (002 §15), a fixed number
#: of hands (000), or the arbiter closes it when time is up.
GAME_END_TARGET = "target"
GAME_END_HANDS = "hands"
GAME_END_ARBITER = "arbiter"

_SIZE_PRESETS = {3: "three_player", 4: "club", 5: "five_player"}
_ANY_SIZE_PASSES = {"left", "right", "hold", "mix"}
#: The rule options a table of another size keeps from the tournament's preset.
_KEPT = (
    "card_points",
    "moon",
    "shoot_sun",
    "first_trick",
    "hearts_must_be_broken",
    "queen_breaks_hearts",
    "lead_hearts_with_queen",
    "direction",
    "target",
    "max_hands",
)


def preset_names() -> list[str]:
    """The engine's preset names, the default (``club``) first."""
    return sorted(PRESETS, key=lambda name: (name != "club", name))


@lru_cache(maxsize=128)
def table_rules(name: str, players: int) -> RuleSet:
    """The engine rule set for a table of ``players`` seats in a tournament using preset ``name``.

    Raises ``ValueError`` for an unknown preset or a table size the rules
    cannot deal (3, 4 or 5 seats are possible for every preset).
    """
    base = RuleSet.preset(name)
    if players == base.players:
        return base
    if players not in _SIZE_PRESETS:
        raise ValueError(f"tables have 3, 4 or 5 seats, not {players}")
    sized = RuleSet.preset(_SIZE_PRESETS[players])
    kept = {field: getattr(base, field) for field in _KEPT}
    if base.first_lead != "lowest_club":
        kept["first_lead"] = base.first_lead
    if set(base.pass_cycle) <= _ANY_SIZE_PASSES:
        kept["pass_cycle"] = base.pass_cycle
    return replace(sized, **kept)


@lru_cache(maxsize=512)
def tournament_rules(
    name: str,
    players: int,
    *,
    moon: str,
    shoot_sun: bool,
    game_end: str,
    target: int | None,
    hands: int | None,
) -> RuleSet:
    """The engine rule set of a tournament's table: the preset for ``players`` seats
    (:func:`table_rules`) with the tournament's own moon rule, sun and game end.

    This is the one place where a tournament's options become engine rules:
    the hand check, the score sheet and online play all use it.
    game_end: ``GAME_END_TARGET`` (``target`` points, 002 §15),
    ``GAME_END_HANDS`` (``hands`` hands, 000) or ``GAME_END_ARBITER`` (neither:
    the game ends when the arbiter closes it). Raises ``ValueError`` for an
    unknown preset, moon rule or game end, or a table size the rules cannot deal.
    """
    base = table_rules(name, players)
    if game_end == GAME_END_TARGET:
        ending = {"target": target, "max_hands": None}
    elif game_end == GAME_END_HANDS:
        ending = {"target": None, "max_hands": hands}
    elif game_end == GAME_END_ARBITER:
        ending = {"target": None, "max_hands": None}
    else:
        raise ValueError(f"unknown game end {game_end!r}")
    return replace(base, moon=moon, shoot_sun=shoot_sun, **ending)


def tournament_defaults(name: str) -> dict[str, object]:
    """The scoring fields of a new tournament using preset ``name`` (model field → value).

    Raises ``ValueError`` for an unknown preset.
    """
    rules = RuleSet.preset(name)
    values: dict[str, object] = {
        "rules": name,
        "moon_rule": rules.moon,
        "shoot_the_sun": rules.shoot_sun,
    }
    if rules.target is not None:
        values.update(game_end=GAME_END_TARGET, target_points=rules.target)
    else:
        values.update(game_end=GAME_END_HANDS, hands_per_game=rules.max_hands)
    return values


def pass_direction(name: str, players: int, hand_number: int) -> str:
    """Pass direction of hand ``hand_number`` (1..) at a table of ``players`` seats (002 §1)."""
    return table_rules(name, players).pass_for(hand_number - 1)


def dealer(players: int, hand_number: int) -> int:
    """Dealer seat of hand ``hand_number`` (1..): seat 0 deals first, then the deal passes to the
    left (000)."""
    return (hand_number - 1) % players
