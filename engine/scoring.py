"""Scoring one hand: card points, shooting the moon and the sun (002 §5-6, 001, 004).

The moon's formulas live here once: ``moon_points`` (the two ways a moon or
sun can score) and ``forced_choice`` (which of them the moon rule imposes).
``score_hand`` scores a finished hand with them; ``engine.handcheck`` builds
every moon/sun pattern an arbiter may type from the same two functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CardMask
from .rules import MOON_CHOICES, MoonChoice, MoonRule, RuleSet

__all__ = [
    "MOON_CHOICES",
    "HandResult",
    "forced_choice",
    "moon_choices",
    "moon_points",
    "possible_scores",
    "score_hand",
]


@dataclass(frozen=True, slots=True)
class HandResult:
    """The result of one hand: its per-seat points and how they arose.

    (Not the database's ``tables.models.HandScore``, one row per seat.)

    points: per-seat penalty points of the hand, seat order (bonus cards
      negative; a shooter scoring "self" is negative).
    taken: per-seat card points taken in tricks (and kitty), before moon/sun.
    shooter: the seat that shot the moon (took every card worth positive
      points) or the sun, else None.
    sun: True when the shooter took every trick and the rules score the sun.
    moon_choice: ``MoonChoice.SELF`` (shooter subtracts the total) or
      ``OTHERS`` (each other seat adds it) when a moon or sun was scored, else
      None.
    """

    points: tuple[int, ...]
    taken: tuple[int, ...]
    shooter: int | None = None
    sun: bool = False
    moon_choice: MoonChoice | None = None


def moon_points(
    shooter: int, bonus: Sequence[int], amount: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two scorings of a moon (or sun): ``(others, self)`` per-seat points.

    shooter: its seat; bonus: per-seat points of the bonus cards each seat
    took (they count either way, 001 Omnibus); amount: the moon total (twice
    it for the sun).  "others" (002 §6): every other seat takes ``amount``;
    "self" (001): the shooter subtracts it.
    """
    others = tuple(b + (0 if s == shooter else amount) for s, b in enumerate(bonus))
    own = tuple(b - (amount if s == shooter else 0) for s, b in enumerate(bonus))
    return others, own


def _others_would_lose(
    rules: RuleSet, shooter: int, others_pts: Sequence[int], scores_before: Sequence[int] | None
) -> bool:
    """True if scoring "others" would end the game with another seat below the shooter."""
    if scores_before is None or rules.target is None:
        return False
    after = [b + p for b, p in zip(scores_before, others_pts)]
    if max(after) < rules.target:
        return False
    return min(a for i, a in enumerate(after) if i != shooter) < after[shooter]


def forced_choice(
    rules: RuleSet, shooter: int, others_points: Sequence[int], scores_before: Sequence[int] | None
) -> MoonChoice | None:
    """The scoring the moon rule imposes on this moon, or None when either is allowed.

    "others" / "self": that one.  "others_unless_loses" (001): "self" when
    "others" would end the game with another seat below the shooter, else
    "others" — None when the game scores before the hand are not known.
    "choice" (001): None (the shooter chooses).
    """
    moon = rules.moon
    if moon == MoonRule.OTHERS:
        return MoonChoice.OTHERS
    if moon == MoonRule.SELF:
        return MoonChoice.SELF
    if moon == MoonRule.OTHERS_UNLESS_LOSES and scores_before is not None:
        return (
            MoonChoice.SELF
            if _others_would_lose(rules, shooter, others_points, scores_before)
            else MoonChoice.OTHERS
        )
    return None


def moon_choices(rules: RuleSet) -> tuple[MoonChoice, ...]:
    """Every scoring a moon may get under the rule set: the imposed one for
    "others" and "self", both (others first) for the rules that may pick either."""
    if rules.moon == MoonRule.OTHERS:
        return (MoonChoice.OTHERS,)
    if rules.moon == MoonRule.SELF:
        return (MoonChoice.SELF,)
    return (MoonChoice.OTHERS, MoonChoice.SELF)


def _outcome(
    rules: RuleSet, won: Sequence[CardMask], tricks_won: Sequence[int] | None
) -> tuple[tuple[int, ...], int | None, bool]:
    """Card points taken per seat, the shooter (or None) and whether it is a sun."""
    taken = tuple(map(rules.points_of, won))
    if not rules.moon_scored:
        return taken, None, False
    if rules.shoot_sun:
        if tricks_won is None:
            raise ValueError("score_hand: tricks_won is needed to score the sun")
        sun_seat = None
        for s, t in enumerate(tricks_won):
            if t == rules.tricks_per_hand:
                sun_seat = s
        if sun_seat is not None:
            return taken, sun_seat, True
    penalty = rules.penalty_mask
    shooter = None
    for s, w in enumerate(won):
        if w & penalty == penalty:
            shooter = s
    return taken, shooter, False


def _moon_scorings(
    rules: RuleSet, won: Sequence[CardMask], shooter: int, sun: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    bonus = [rules.points_of(w & rules.bonus_mask) for w in won]
    return moon_points(shooter, bonus, rules.moon_total * (2 if sun else 1))


def score_hand(
    rules: RuleSet,
    won: Sequence[CardMask],
    tricks_won: Sequence[int] | None,
    *,
    scores_before: Sequence[int] | None = None,
    moon_choice: str | None = None,
) -> HandResult:
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
    taken, shooter, sun = _outcome(rules, won, tricks_won)
    if shooter is None:
        return HandResult(taken, taken)
    others, own = _moon_scorings(rules, won, shooter, sun)
    choice = forced_choice(rules, shooter, others, scores_before)
    if choice is None:
        if rules.moon == MoonRule.CHOICE and moon_choice is not None:
            if moon_choice not in MOON_CHOICES:
                raise ValueError(f"moon_choice must be 'self' or 'others', got {moon_choice!r}")
            choice = MoonChoice(moon_choice)
        else:  # the shooter's own interest: "others" unless that loses the game
            choice = (
                MoonChoice.SELF
                if _others_would_lose(rules, shooter, others, scores_before)
                else MoonChoice.OTHERS
            )
    return HandResult(own if choice == MoonChoice.SELF else others, taken, shooter, sun, choice)


def possible_scores(
    rules: RuleSet,
    won: Sequence[CardMask],
    tricks_won: Sequence[int] | None,
    *,
    scores_before: Sequence[int] | None = None,
) -> list[HandResult]:
    """Every score the rules allow for this outcome.

    Two when the shooter chooses (001 ``moon="choice"``), or under
    "others_unless_loses" when ``scores_before`` is unknown; else one.
    """
    first = score_hand(rules, won, tricks_won, scores_before=scores_before)
    shooter = first.shooter
    if shooter is None:
        return [first]
    others, own = _moon_scorings(rules, won, shooter, first.sun)
    if forced_choice(rules, shooter, others, scores_before) is not None:
        return [first]
    return [
        HandResult(own if c == MoonChoice.SELF else others, first.taken, shooter, first.sun, c)
        for c in MOON_CHOICES
    ]
