"""Rule sets: every variant in ``../shared/rules`` as data (a frozen ``RuleSet``).

``RuleSet.preset("club")`` is the default (002).  ``RuleSet.preset(name,
**overrides)`` changes named fields; ``RuleSet.from_json`` /
``RuleSet.to_json`` give the hand-record form (``"club"`` or
``{"preset": "club", ...overrides}``).  Bad values raise ``ValueError`` naming
the field.

Seats are numbered clockwise: seat ``i + 1`` sits on seat ``i``'s left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, overload

from .cards import (
    BB_CLUBS,
    BB_HEARTS,
    BIT,
    CODES,
    QUEEN_SPADES,
    parse_card,
)

# -- option values ---------------------------------------------------------
# Each option with a fixed set of values is a ``StrEnum``: a member is the
# string itself (``PassDirection.LEFT == "left"``, same hash, ``str()``,
# ``format()`` and JSON), so strings are accepted wherever a value is and the
# fields hold the members.  ``RuleSet.to_json`` and hand records give plain
# strings.


class PassDirection(StrEnum):
    """Where the passed cards go (002 §1, 001).

    left: seat i gives to i+1; right: to i-1; across: to i+2 (4 players);
    left2/right2: the second player on the left/right (5 players, 001); hold:
    no pass; scatter: one card (or pass_size/(players-1)) to each other
    player, the k-th group going to seat i+1+k; mix: all passed cards are
    shuffled together and dealt back, pass_size each (001).
    """

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    LEFT2 = "left2"
    RIGHT2 = "right2"
    HOLD = "hold"
    SCATTER = "scatter"
    MIX = "mix"


class PlayDirection(StrEnum):
    """Order of play around the table (000 plays counterclockwise)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class FirstLead(StrEnum):
    """Who leads the first trick: the lowest club's holder leads it (002 §2), or
    the seat left / right of the dealer with any card (001, 000)."""

    LOWEST_CLUB = "lowest_club"
    LEFT_OF_DEALER = "left_of_dealer"
    RIGHT_OF_DEALER = "right_of_dealer"


class FirstTrick(StrEnum):
    """What may be played on the first trick (002 §7, 001)."""

    ANY = "any"
    NO_POINTS = "no_points"
    NO_POINTS_UNLESS_ONLY_POINTS = "no_points_unless_only_points"


class MoonRule(StrEnum):
    """How shooting the moon scores (002 §6, 001).

    off: not scored (cards count as taken); others: every other seat takes the
    moon total; self: the shooter subtracts it; choice: the shooter picks one
    of the two (001); others_unless_loses: others, unless that ends the game
    with the shooter losing, then self.
    """

    OFF = "off"
    OTHERS = "others"
    SELF = "self"
    CHOICE = "choice"
    OTHERS_UNLESS_LOSES = "others_unless_loses"


class MoonChoice(StrEnum):
    """How one moon (or sun) was scored: the shooter subtracts the total
    ("self") or every other seat takes it ("others")."""

    SELF = "self"
    OTHERS = "others"


class KittyTaker(StrEnum):
    """Who takes the kitty (001): the winner of the first trick, or of the first
    trick with a penalty card."""

    FIRST_TRICK = "first_trick"
    FIRST_POINTS = "first_points"


class TiePolicy(StrEnum):
    """Places of tied seats at the end of a game (002 shared; 000 last trick;
    001 play further hands)."""

    SHARED = "shared"
    LAST_TRICK = "last_trick"
    PLAY_ON = "play_on"


PASS_DIRECTIONS: tuple[PassDirection, ...] = tuple(PassDirection)
DIRECTIONS: tuple[PlayDirection, ...] = tuple(PlayDirection)
FIRST_LEADS: tuple[FirstLead, ...] = tuple(FirstLead)
FIRST_TRICK: tuple[FirstTrick, ...] = tuple(FirstTrick)
MOON_RULES: tuple[MoonRule, ...] = tuple(MoonRule)
MOON_CHOICES: tuple[MoonChoice, ...] = tuple(MoonChoice)
KITTY_TAKERS: tuple[KittyTaker, ...] = tuple(KittyTaker)
TIE_POLICIES: tuple[TiePolicy, ...] = tuple(TiePolicy)

PASS_STEP: Mapping[PassDirection, int] = {
    PassDirection.LEFT: 1,
    PassDirection.RIGHT: -1,
    PassDirection.ACROSS: 2,
    PassDirection.LEFT2: 2,
    PassDirection.RIGHT2: -2,
}
"""Seats between a passer and its receiver, for the directions that pass to one seat."""


def pass_direction_problem(
    direction: object, players: int, pass_size: int | None = None
) -> str | None:
    """Why ``direction`` cannot be a pass with this many players and pass size, or None.

    The one check of 001's constraints: "across" needs 4 players, "left2" and
    "right2" need 5, "scatter" a pass size divisible by ``players - 1`` (not
    checked when ``pass_size`` is None).
    """
    if direction not in PASS_DIRECTIONS:
        return f"{direction!r} is not one of {', '.join(PASS_DIRECTIONS)}"
    if direction == PassDirection.ACROSS and players != 4:
        return "'across' needs 4 players"
    if direction in (PassDirection.LEFT2, PassDirection.RIGHT2) and players != 5:
        return f"{str(direction)!r} needs 5 players"
    if direction == PassDirection.SCATTER and pass_size is not None and pass_size % (players - 1):
        return f"'scatter' needs pass_size divisible by {players - 1}"
    return None


def pass_targets(direction: str, seat: int, players: int, size: int) -> list[int]:
    """Receiving seat of each of the ``size`` cards seat ``seat`` passes (not for mix/hold).

    left: seat+1; right: seat-1; across/left2: seat+2; right2: seat-2; scatter:
    cards in groups of size/(players-1), group k to seat+1+k.
    """
    step = PASS_STEP.get(direction)  # type: ignore[call-overload]
    if step is not None:
        return [(seat + step) % players] * size
    if direction == PassDirection.SCATTER:
        k = size // (players - 1)
        return [(seat + 1 + i // k) % players for i in range(size)]
    raise ValueError(f"no pass targets for direction {value_repr(direction)}")


def value_repr(value: object) -> str:
    """``repr`` of an option value, a member shown as its plain string (``'left'``)."""
    return repr(str(value)) if isinstance(value, str) else repr(value)


def _plain(value: Any) -> Any:
    """An option value as plain JSON data: members as their strings, tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, StrEnum) else value


STANDARD_POINTS: tuple[tuple[str, int], ...] = tuple((CODES[c], 1) for c in range(26, 39)) + (
    ("QS", 13),
)
"""Each heart 1, queen of spades 13: 26 per hand (002 §5)."""
PEPPA_POINTS: tuple[tuple[str, int], ...] = tuple((CODES[c], 1) for c in range(26, 35)) + (
    ("JH", 2),
    ("QH", 3),
    ("KH", 4),
    ("AH", 5),
    ("QS", 13),
)
"""000: queen of spades 13, ace of hearts 5, king 4, queen 3, jack 2, others 1 (36)."""
SPOT_POINTS: tuple[tuple[str, int], ...] = tuple((CODES[c], c - 26 + 2) for c in range(26, 39)) + (
    ("QS", 25),
)
"""001 Spot Hearts: each heart its pip value (J 11, Q 12, K 13, A 14), queen of spades 25."""
OMNIBUS_POINTS = STANDARD_POINTS + (("JD", -10),)
"""001 Omnibus: the jack of diamonds is a bonus card, -10."""


def _norm_points(value: Any) -> tuple[tuple[str, int], ...]:
    """Card-points table as sorted ``(code, points)`` pairs, zero entries dropped."""
    items = value.items() if isinstance(value, Mapping) else value
    table: dict[int, int] = {}
    for code, pts in items:
        card = parse_card(code)
        if type(pts) is not int:
            raise ValueError(f"card_points: points of {code} must be an integer, got {pts!r}")
        if pts:
            table[card] = pts
        else:
            table.pop(card, None)
    return tuple((CODES[c], table[c]) for c in sorted(table))


class _PresetAttribute:
    """``RuleSet.preset``: on the class, the constructor ``RuleSet.preset(name, **overrides)``
    (``RuleSet.from_preset``); on a rule set, the name of the preset it was built from (its
    ``preset`` field).  Installed after the dataclass is made, so the field's default stays
    "club"."""

    @overload
    def __get__(self, obj: None, owner: type[RuleSet]) -> Callable[..., RuleSet]: ...

    @overload
    def __get__(self, obj: RuleSet, owner: type[RuleSet] | None = None) -> str: ...

    def __get__(
        self, obj: RuleSet | None, owner: type[RuleSet] | None = None
    ) -> Callable[..., RuleSet] | str:
        if obj is None:
            return (owner or RuleSet).from_preset
        name: str = obj.__dict__["preset"]
        return name

    def __set__(self, obj: RuleSet, value: str) -> None:
        obj.__dict__["preset"] = value  # only the dataclass __init__ gets here (frozen)


_ENUM_FIELDS: tuple[tuple[str, type[StrEnum]], ...] = (
    ("direction", PlayDirection),
    ("first_lead", FirstLead),
    ("first_trick", FirstTrick),
    ("moon", MoonRule),
    ("kitty_taker", KittyTaker),
    ("tie", TiePolicy),
)
"""The one-value option fields and their enums (``pass_cycle`` holds ``PassDirection``s)."""


@dataclass(frozen=True)
class RuleSet:
    """One Hearts variant.  All fields are plain data (JSON-able).

    Fields (source of each option in ``../shared/rules/README.md``):
      preset: name of the preset it was built from (informational).
      players: 3, 4 or 5 (001 "other numbers of players").
      removed: card codes taken out of the deck (001: 2D for 3 players, 2D and
        2C for 5; Black Maria removes 2C).
      kitty: number of cards dealt face down to the kitty (001 "Kitty").
      kitty_taker: "first_points" (with the first penalty card) or "first_trick".
      pass_cycle: pass direction of hand 1, 2, ...; repeats (002 §1).
      pass_size: cards each seat passes (3; 4 for a 3-player scatter).
      direction: "clockwise" or "counterclockwise" play (000).
      first_lead: "lowest_club" (holder of the lowest club in play leads it,
        002 §2), "left_of_dealer" or "right_of_dealer" (any card; 001, 000).
      first_trick: "any" (001 standard), "no_points" (002 §7, 003: no heart and
        no queen of spades), "no_points_unless_only_points" (001 variant: no
        card worth points).  Either way a player who holds nothing else may
        play any of them (the settled reading).
      hearts_must_be_broken: hearts may not be led until a heart has been
        played on an earlier trick, unless the leader holds only hearts (002 §8).
      queen_breaks_hearts: the queen of spades also breaks hearts (001).
      lead_hearts_with_queen: a leader holding only hearts and the queen of
        spades may lead a heart before hearts are broken (001).
      card_points: ``(code, points)`` pairs; cards not listed score 0.  A
        dict ``{"QS": 13, ...}`` is accepted.  Negative = bonus card.
      moon: "off"; "others" (002 §6: others get the total); "self" (shooter
        subtracts it); "choice" (001: shooter chooses); "others_unless_loses"
        (others, unless that would end the game with the shooter losing: then
        self).  The moon is taking every card worth positive points.
      shoot_sun: taking every trick scores twice the moon total (001, 004),
        settled by the same moon rule.
      reset_at / reset_to: a game score of exactly ``reset_at`` after a hand
        becomes ``reset_to`` (001: 100 -> 50 or 0); None: off.
      target: the game ends when a seat reaches this many points (002 §15).
      max_hands: the game ends after this many hands (000, 004). Either or both;
        neither: the game ends only when it is stopped from outside (an
        arbiter closing it when time is up), and ``Game.is_over`` stays False.
      tie: "shared" (002: tied seats share places), "last_trick" (000) or
        "play_on" (001: play further hands while the lowest score is tied).
    """

    if TYPE_CHECKING:
        preset: _PresetAttribute = _PresetAttribute()  # a str on a rule set
    else:
        preset: str = "club"
    players: int = 4
    removed: tuple[str, ...] = ()
    kitty: int = 0
    kitty_taker: KittyTaker = KittyTaker.FIRST_POINTS
    pass_cycle: tuple[PassDirection, ...] = (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    )
    pass_size: int = 3
    direction: PlayDirection = PlayDirection.CLOCKWISE
    first_lead: FirstLead = FirstLead.LOWEST_CLUB
    first_trick: FirstTrick = FirstTrick.NO_POINTS
    hearts_must_be_broken: bool = True
    queen_breaks_hearts: bool = False
    lead_hearts_with_queen: bool = False
    card_points: tuple[tuple[str, int], ...] = STANDARD_POINTS
    moon: MoonRule = MoonRule.OTHERS
    shoot_sun: bool = False
    reset_at: int | None = None
    reset_to: int = 50
    target: int | None = 100
    max_hands: int | None = None
    tie: TiePolicy = TiePolicy.SHARED

    # -- construction -----------------------------------------------------
    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "removed", tuple(CODES[c] for c in sorted({parse_card(c) for c in self.removed})))
        s(self, "pass_cycle", tuple(self.pass_cycle))
        s(self, "card_points", _norm_points(self.card_points))
        self._check()
        s(self, "pass_cycle", tuple(PassDirection(d) for d in self.pass_cycle))
        for name, kind in _ENUM_FIELDS:
            s(self, name, kind(getattr(self, name)))
        removed_mask = 0
        for code in self.removed:
            removed_mask |= BIT[parse_card(code)]
        deck = ((1 << 52) - 1) & ~removed_mask
        table = [0] * 52
        for code, pts in self.card_points:
            table[parse_card(code)] = pts
        n = self.players
        per_seat = (deck.bit_count() - self.kitty) // n
        penalty = bonus = 0
        for c in range(52):
            if deck >> c & 1 and table[c]:
                if table[c] > 0:
                    penalty |= BIT[c]
                else:
                    bonus |= BIT[c]
        if self.first_trick == FirstTrick.NO_POINTS:
            forbid1 = (BB_HEARTS | BIT[QUEEN_SPADES]) & deck
        elif self.first_trick == FirstTrick.NO_POINTS_UNLESS_ONLY_POINTS:
            forbid1 = penalty
        else:
            forbid1 = 0
        breakers = BB_HEARTS | (BIT[QUEEN_SPADES] if self.queen_breaks_hearts else 0)
        step = 1 if self.direction == PlayDirection.CLOCKWISE else -1
        derived = {
            "deck_mask": deck,
            "removed_mask": removed_mask,
            "points_table": tuple(table),
            "penalty_mask": penalty,
            "bonus_mask": bonus,
            "cards_per_seat": per_seat,
            "tricks_per_hand": per_seat,
            "moon_total": sum(table[c] for c in range(52) if penalty >> c & 1),
            "hand_total": sum(table[c] for c in range(52) if deck >> c & 1),
            "hand_min_points": sum(table[c] for c in range(52) if bonus >> c & 1),
            "moon_scored": self.moon != MoonRule.OFF and bool(penalty),
            "first_trick_forbidden": forbid1,
            "breakers_mask": breakers,
            "next_seat": tuple((i + step) % n for i in range(n)),
            "play_order": tuple(tuple((i + step * k) % n for k in range(n)) for i in range(n)),
            "standard_points": self.card_points == STANDARD_POINTS,
            "deck_cards": tuple(c for c in range(52) if deck >> c & 1),
        }
        for k, v in derived.items():
            s(self, k, v)

    def _check(self) -> None:
        def bad(name: str, msg: str) -> None:
            raise ValueError(f"rule set {self.preset!r}: {name}: {msg}")

        if self.players not in (3, 4, 5):
            bad("players", f"must be 3, 4 or 5, got {self.players!r}")
        for name, kind in _ENUM_FIELDS:
            v = getattr(self, name)
            if v not in tuple(kind):
                bad(name, f"{value_repr(v)} is not one of {', '.join(kind)}")
        if not self.pass_cycle:
            bad("pass_cycle", "must name at least one direction (use 'hold' for no pass)")
        for d in self.pass_cycle:
            problem = pass_direction_problem(d, self.players, self.pass_size)
            if problem:
                bad("pass_cycle", problem)
        deck = 52 - len(self.removed)
        if not 0 <= self.kitty < deck:
            bad("kitty", f"must be 0..{deck - 1}")
        if (deck - self.kitty) % self.players:
            bad(
                "kitty",
                f"{deck - self.kitty} cards cannot be dealt evenly to {self.players} players",
            )
        per_seat = (deck - self.kitty) // self.players
        if not 0 <= self.pass_size <= per_seat:
            bad("pass_size", f"must be 0..{per_seat}")
        removed = sum(BIT[parse_card(c)] for c in self.removed)
        if self.first_lead == FirstLead.LOWEST_CLUB and not BB_CLUBS & ~removed:
            bad("first_lead", "no club left in the deck")
        for name in ("target", "max_hands", "reset_at"):
            v = getattr(self, name)
            if v is not None and (type(v) is not int or v <= 0):
                bad(name, f"must be a positive integer or null, got {v!r}")
        for name in (
            "hearts_must_be_broken",
            "queen_breaks_hearts",
            "lead_hearts_with_queen",
            "shoot_sun",
        ):
            if type(getattr(self, name)) is not bool:
                bad(name, "must be true or false")

    @classmethod
    def from_preset(cls, name: str = "club", **overrides: Any) -> RuleSet:
        """A named preset (see ``PRESETS``), with fields overridden; also ``RuleSet.preset``.

        Raises ``ValueError`` for an unknown preset or field, or a bad value.
        """
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown rule set {name!r}; presets: {', '.join(PRESETS)}") from None
        if not overrides:
            return base
        unknown = set(overrides) - _FIELD_NAMES
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        if "removed" in overrides or "pass_cycle" in overrides:
            overrides = {**overrides}
            for k in ("removed", "pass_cycle"):
                if k in overrides and isinstance(overrides[k], str):
                    overrides[k] = (overrides[k],)
        return replace(base, **overrides)

    @classmethod
    def from_json(cls, value: str | Mapping[str, Any]) -> RuleSet:
        """From the hand-record form: ``"club"`` or ``{"preset": "club", ...}``."""
        if isinstance(value, str):
            return cls.from_preset(value)
        if not isinstance(value, Mapping):
            # ValueError, not TypeError: every bad rule set is a ValueError (API.md).
            raise ValueError(  # noqa: TRY004
                f"rules must be a preset name or an object, got {value!r}"
            )
        value = dict(value)
        name = value.pop("preset", "club")
        if "card_points" in value and isinstance(value["card_points"], Mapping):
            value["card_points"] = tuple(value["card_points"].items())
        for k in ("removed", "pass_cycle"):
            if k in value and isinstance(value[k], list):
                value[k] = tuple(value[k])
        return cls.from_preset(name, **value)

    def to_json(self) -> str | dict[str, Any]:
        """The hand-record form: the preset name, or ``{"preset": name, ...changed fields}``."""
        base = PRESETS.get(self.preset)
        if base is None:
            base = PRESETS["club"]
        diff: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "preset" or not f.init:
                continue
            v, b = getattr(self, f.name), getattr(base, f.name)
            if v != b:
                diff[f.name] = dict(v) if f.name == "card_points" else _plain(v)
        if not diff and self.preset in PRESETS:
            return self.preset
        return {"preset": base.preset, **diff}

    # -- helpers ------------------------------------------------------------
    def first_leader(self, dealer: int) -> int | None:
        """Seat that leads the first trick when it depends on the dealer only: left of the
        dealer (001) or right of the dealer (000); None for the lowest club (002 §2), whose
        holder leads."""
        if self.first_lead == FirstLead.LEFT_OF_DEALER:
            return (dealer + 1) % self.players
        if self.first_lead == FirstLead.RIGHT_OF_DEALER:
            return (dealer - 1) % self.players
        return None

    def pass_for(self, hand_index: int) -> PassDirection:
        """Pass direction of the ``hand_index``-th hand of a game (0-based), 002 §1."""
        return self.pass_cycle[hand_index % len(self.pass_cycle)]

    def points_of(self, mask: int) -> int:
        """Points of the cards in a mask under this rule set's table."""
        if self.standard_points:
            return (mask & BB_HEARTS).bit_count() + (13 if mask >> QUEEN_SPADES & 1 else 0)
        table = self.points_table
        total = 0
        m = mask & (self.penalty_mask | self.bonus_mask)
        while m:
            low = m & -m
            total += table[low.bit_length() - 1]
            m ^= low
        return total

    def __repr__(self) -> str:
        j = self.to_json()
        if isinstance(j, str):
            return f"RuleSet.preset({j!r})"
        j = dict(j)
        name = j.pop("preset")
        args = "".join(f", {k}={v!r}" for k, v in j.items())
        return f"RuleSet.preset({name!r}{args})"

    # Derived attributes (set in __post_init__; not fields):
    deck_mask: int = field(init=False, repr=False, compare=False, default=0)
    removed_mask: int = field(init=False, repr=False, compare=False, default=0)
    points_table: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    penalty_mask: int = field(init=False, repr=False, compare=False, default=0)
    bonus_mask: int = field(init=False, repr=False, compare=False, default=0)
    cards_per_seat: int = field(init=False, repr=False, compare=False, default=0)
    tricks_per_hand: int = field(init=False, repr=False, compare=False, default=0)
    moon_total: int = field(init=False, repr=False, compare=False, default=0)
    hand_total: int = field(init=False, repr=False, compare=False, default=0)
    hand_min_points: int = field(init=False, repr=False, compare=False, default=0)
    moon_scored: bool = field(init=False, repr=False, compare=False, default=False)
    first_trick_forbidden: int = field(init=False, repr=False, compare=False, default=0)
    breakers_mask: int = field(init=False, repr=False, compare=False, default=0)
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    play_order: tuple[tuple[int, ...], ...] = field(
        init=False, repr=False, compare=False, default=()
    )
    deck_cards: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    standard_points: bool = field(init=False, repr=False, compare=False, default=True)


setattr(RuleSet, "preset", _PresetAttribute())  # noqa: B010 (after @dataclass on purpose)

_FIELD_NAMES = {f.name for f in fields(RuleSet) if f.init} - {"preset"}

_PAGAT: dict[str, Any] = {"first_trick": "any", "moon": "choice"}
PRESETS: dict[str, RuleSet] = {}


def _add(name: str, **kw: Any) -> None:
    PRESETS[name] = RuleSet(preset=name, **kw)


_add("club")  # 002: the default
_add(
    "peppa",
    pass_cycle=("right",),
    direction="counterclockwise",
    first_lead="right_of_dealer",
    first_trick="any",
    hearts_must_be_broken=False,
    card_points=PEPPA_POINTS,
    tie="last_trick",
)
_add("peppa_hearts", pass_cycle=("right",), card_points=PEPPA_POINTS, tie="last_trick")
_add("pagat", **_PAGAT)
_add("app", pass_cycle=("left", "across", "right", "hold"))
_add("omnibus", card_points=OMNIBUS_POINTS, **_PAGAT)
_add("spot", card_points=SPOT_POINTS, target=500, **_PAGAT)
_add(
    "black_maria",
    players=3,
    removed=("2C",),
    pass_cycle=("right",),
    first_lead="left_of_dealer",
    first_trick="any",
    hearts_must_be_broken=False,
    moon="off",
)
_add("three_player", players=3, removed=("2D",), pass_cycle=("left", "right", "hold"), **_PAGAT)
_add("five_player", players=5, removed=("2D", "2C"), pass_cycle=("left", "right", "hold"), **_PAGAT)

DEFAULT = PRESETS["club"]


def preset(name: str = "club", **overrides: Any) -> RuleSet:
    """Shortcut for ``RuleSet.preset``."""
    return RuleSet.from_preset(name, **overrides)
