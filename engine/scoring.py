"""Scoring one hand: card points, shooting the moon and the sun (002 §5-6, 001, 004)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CardMask
from .rules import RuleSet

MOON_CHOICES = ("self", "others")


@dataclass(frozen=True, slots=True)
class HandScore:
    """The score of one hand.

    points: per-seat penalty points of the hand, seat order (bonus cards
      negative; a shooter scoring "self" is negative).
    taken: per-seat card points taken in tricks (and kitty), before moon/sun.
    shooter: the seat that shot the moon (took every card worth positive
      points) or the sun, else None.
    sun: True when the shooter took every trick and the rules score the sun.
    moon_choice: "self" (shooter subtracts the total) or "others" (each other
      seat adds it) when a moon or sun was scored, else None.
    """

    points: tuple[int, ...]
    taken: tuple[int, ...]
    shooter: int | None = None
    sun: bool = False
    moon_choice: str | None = None


def _others_would_lose(rules: RuleSet, shooter: int, others_pts: Sequence[int],
                       scores_before: Sequence[int] | None) -> bool:
    """True if scoring "others" would end the game with another seat below the shooter."""
    if scores_before is None or rules.target is None:
        return False
    after = [b + p for b, p in zip(scores_before, others_pts)]
    if max(after) < rules.target:
        return False
    return min(a for i, a in enumerate(after) if i != shooter) < after[shooter]


def score_hand(rules: RuleSet, won: Sequence[CardMask], tricks_won: Sequence[int] | None, *,
               scores_before: Sequence[int] | None = None,
               moon_choice: str | None = None) -> HandScore:
    """Score a finished hand.

    won: per-seat mask of the cards taken (tricks and kitty).
    tricks_won: per-seat number of tricks taken (only needed when the rules
      score the sun; None otherwise).
    scores_before: game scores before this hand (needed by the moon rules
      "others_unless_loses" and the default "choice"); None counts as zeros.
    moon_choice: for ``moon="choice"`` (001), "self" or "others"; None lets the
      shooter choose "others" unless that ends the game with the shooter
      losing.  Ignored by other moon rules.
    Raises ``ValueError`` for a bad ``moon_choice``.
    """
    n = rules.players
    points_of = rules.points_of
    taken = tuple(points_of(won[s]) for s in range(n))
    penalty = rules.penalty_mask
    shooter = None
    sun = False
    if rules.moon != "off" and penalty:
        if rules.shoot_sun:
            if tricks_won is None:
                raise ValueError("score_hand: tricks_won is needed to score the sun")
            for s in range(n):
                if tricks_won[s] == rules.tricks_per_hand:
                    shooter, sun = s, True
        if shooter is None:
            for s in range(n):
                if won[s] & penalty == penalty:
                    shooter = s
    if shooter is None:
        return HandScore(taken, taken)
    amount = rules.moon_total * (2 if sun else 1)
    bonus = [points_of(won[s] & rules.bonus_mask) for s in range(n)]
    others = tuple(bonus[s] + (0 if s == shooter else amount) for s in range(n))
    own = tuple(bonus[s] - (amount if s == shooter else 0) for s in range(n))
    rule = rules.moon
    if rule == "choice":
        if moon_choice is None:
            rule = "others_unless_loses"
        elif moon_choice in MOON_CHOICES:
            rule = moon_choice
        else:
            raise ValueError(f"moon_choice must be 'self' or 'others', got {moon_choice!r}")
    if rule == "others_unless_loses":
        rule = "self" if _others_would_lose(rules, shooter, others, scores_before) else "others"
    points = own if rule == "self" else others
    return HandScore(points, taken, shooter, sun, rule)


def possible_scores(rules: RuleSet, won: Sequence[CardMask], tricks_won: Sequence[int] | None, *,
                    scores_before: Sequence[int] | None = None) -> list[HandScore]:
    """Every score the rules allow for this outcome.

    Two when the shooter chooses (001 ``moon="choice"``), or under
    "others_unless_loses" when ``scores_before`` is unknown; else one.
    """
    first = score_hand(rules, won, tricks_won, scores_before=scores_before)
    if first.shooter is None or not (
            rules.moon == "choice" or (rules.moon == "others_unless_loses" and scores_before is None)):
        return [first]
    from dataclasses import replace
    chooser = replace(rules, moon="choice")
    return [score_hand(chooser, won, tricks_won, moon_choice=c) for c in MOON_CHOICES]
