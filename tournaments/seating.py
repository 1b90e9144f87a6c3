"""Seating each round: who sits at which table, in which seat (issue 6).

Pure functions over plain data; nothing here imports Django (the glue that
loads rows and saves them is ``tournaments.seating_service``).

Shapes used throughout:

- a *player* is any orderable, hashable id (the database uses registration
  ids; ``plan_seating`` uses 1..N);
- a :class:`Seating` is one round: ``tables`` is a tuple of tables, each a
  tuple of players in seat order (seat 0 deals first), and ``byes`` the
  players who sit the round out;
- a *history* is a sequence of past :class:`Seating`, oldest first;
- *ranks* map a player to a 0-based position in the current standings
  (0 = leader; tied players may share a rank).

Methods (``METHODS``):

- ``random``: a seeded shuffle;
- ``balanced`` (the default): minimise repeated pairs (a pair that shares
  a table ``m`` times counts ``m - 1``), then spread the unavoidable ones
  over many pairs and onto old meetings rather than recent ones, then keep
  players of one club apart (``club_weight``, 0 = off).  With no history a
  known design is used when one fits the field (``seating_designs``:
  affine spaces, the Hermitian unital, the PG(3, 3) packing, transversal
  designs; tables of 3 from a design less a few players), relabelled at
  random; when more rounds are asked for than the design has (at most
  twice as many), its rounds and the rest searched after them are the
  start; otherwise the tabu search of ``seating_search`` (Dotu and Van
  Hentenryck 2005) plans the rounds jointly from a round-by-round start.
  :func:`plan_quality` gives the lower bound and the best known figure
  (``seating_bounds``).  :func:`seat_round` plans the rounds left jointly
  and returns the first, so a round seated after others were played (with
  absent and late players) is the one the whole-plan search would choose
  from that history;
- ``swiss``: from round 2, players ranked by the standings are seated in
  bands of similar rank: the search starts from tables of consecutive ranks
  and adds, per table, the sum over pairs of their rank distance, weighted
  so that one repeated pair always outweighs any rank distance; repeats are
  still minimised inside and across bands;
- ``manual``: :func:`swap_players` and :func:`move_player` return the new
  seating and the repeats the change creates (:func:`find_repeats`).

Player counts that are not a multiple of the table size (``ODD_POLICIES``):
tables of 5 or of 3, the fewest such tables, or byes.  Fairness is a
constraint: nobody gets a second odd table (or bye) while another player
has none, where the numbers allow it; the search hands them out that way
and only trades them between players when that keeps it.

Seats: each table's seat order is the one that repeats the fewest seats
(seat 0 deals first) and left neighbours of the earlier rounds, so the
deal and the passes rotate; ties are broken by the seed.

Same players, same history, same seed -> same seating: players are handled
in sorted order, all randomness comes from ``random.Random(seed)`` and the
search budget is counted in moves, not seconds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import seating_bounds, seating_designs, seating_search
from .seating_designs import affine_parallel_classes, transversal_rounds  # noqa: F401 (public)

PlayerId = Any  # orderable and hashable (ints in practice)

RANDOM = "random"
BALANCED = "balanced"
SWISS = "swiss"
MANUAL = "manual"
METHODS = (RANDOM, BALANCED, SWISS, MANUAL)
#: Methods that generate a seating (``manual`` edits one).
GENERATING_METHODS = (RANDOM, BALANCED, SWISS)

TABLES_OF_5 = "tables-of-5"
TABLES_OF_3 = "tables-of-3"
BYES = "byes"
ODD_POLICIES = (TABLES_OF_5, TABLES_OF_3, BYES)
_ODD_SIZE = {TABLES_OF_5: 5, TABLES_OF_3: 3}

#: A design is kept through a round that repeats pairs (:func:`seat_round`)
#: when that repeats more than this many fewer pairs than the rounds
#: planned from the history would: their estimate (a joint plan) may lie
#: above what the rounds played reach, each planned again with its own
#: search.  28 x 9 with tables of 5, one player absent in round 4: the
#: estimate 26 to 29 for seeds 1 to 5, the rounds played 25 to 29 (the
#: design: 12); two players absent in round 7, with tables of 3: the
#: estimate 5, the rounds played 0 (the design: 3).
FOLLOW_MARGIN = 5

#: Seating one round plans at most this many rounds jointly (the round and
#: the ones after it), so that it does not make a later round worse.
LOOKAHEAD_ROUNDS = 12
#: How much keeping players of one club apart weighs: 0 = not at all (the
#: default: the organizer opts in), 1 = as much as spreading repeats, up to
#: 10.  Whatever the weight it never costs a repeated pair, and swiss
#: ignores clubs (rank bands first).
DEFAULT_CLUB_WEIGHT = 0


class SeatingError(ValueError):
    """A seating request the organizer can fix (too few players, ...).

    ``code`` names the problem and ``params`` fill its message, so the glue
    can show a translated message; ``str(error)`` is the English one.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.code = code
        self.params = params
        self.template = message


@dataclass(frozen=True)
class Seating:
    """One round's seating.

    tables: tuple of tables, each a tuple of players in seat order
    (seat 0 is the first dealer); byes: players without a table this round.
    """

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()

    def players(self) -> list[PlayerId]:
        """Every player in this round, seated or on a bye."""
        return [p for t in self.tables for p in t] + list(self.byes)

    def table_of(self, player: PlayerId) -> int | None:
        """Index of the player's table, ``None`` for a bye or absence."""
        for i, table in enumerate(self.tables):
            if player in table:
                return i
        return None


@dataclass(frozen=True)
class TablePlan:
    """Table sizes for one round: ``sizes`` (standard tables first) and the
    number of ``byes``."""

    sizes: tuple[int, ...]
    byes: int = 0


@dataclass(frozen=True, order=True)
class Repeat:
    """Two players at one table who met before.

    table: table index in the seating; players: the pair, sorted;
    times_met: how many earlier rounds they shared a table in.
    """

    table: int
    players: tuple[PlayerId, PlayerId]
    times_met: int


@dataclass(frozen=True)
class NextRound:
    """The next round's seating (:func:`next_round`) and why it was chosen.

    seating: the round; schedule_kept: ``True`` when it is the tournament's
    plan re-formed for the players present (absentees) and repeats pairs of
    earlier rounds, taken because the rounds planned from the history alone
    repeat more pairs over the rounds left (28 x 9, tables of 5, one player
    absent: 12 against about 26); kept_repeats, planned_repeats: when
    ``schedule_kept``, the repeated pairs the plan adds over this round and
    the rounds after it, and those the rounds planned from the history add
    instead (0 otherwise).
    """

    seating: Seating
    schedule_kept: bool = False
    kept_repeats: int = 0
    planned_repeats: int = 0


@dataclass(frozen=True)
class ManualChange:
    """Result of a manual edit: the new seating and the repeats it creates
    (pairs repeated in ``seating`` that were not together before the edit)."""

    seating: Seating
    created: tuple[Repeat, ...] = field(default=())


# --------------------------------------------------------------------------
# Table sizes and fairness


def table_plan(n: int, *, table_size: int = 4, odd: str = TABLES_OF_5) -> TablePlan:
    """Split ``n`` players into tables of ``table_size`` plus the fewest odd
    tables (``tables-of-5`` / ``tables-of-3``) or byes (``byes``).

    Raises :class:`SeatingError` for fewer players than one table, an
    unknown policy, or a count the policy cannot seat (e.g. 7 or 11 players
    with tables of 4 and 5).
    """
    if odd not in ODD_POLICIES:
        raise SeatingError(
            "bad_odd_policy",
            "Unknown odd-count policy %(odd)s: use one of %(choices)s.",
            odd=odd,
            choices=", ".join(ODD_POLICIES),
        )
    if table_size < 2:
        raise SeatingError("bad_table_size", "Tables need at least 2 players.")
    smallest = table_size if odd == BYES else min(table_size, _ODD_SIZE[odd])
    if n < smallest:
        raise SeatingError(
            "too_few_players",
            "%(n)d players cannot fill one table of %(size)d.",
            n=n,
            size=smallest,
        )
    if n % table_size == 0:
        return TablePlan((table_size,) * (n // table_size))
    if odd == BYES:
        return TablePlan((table_size,) * (n // table_size), n % table_size)
    odd_size = _ODD_SIZE[odd]
    if odd_size == table_size:
        raise SeatingError(
            "bad_table_size",
            "Odd tables (%(odd)s) must differ from the table size %(size)d.",
            odd=odd,
            size=table_size,
        )
    for odd_tables in range(1, n // odd_size + 1):
        rest = n - odd_tables * odd_size
        if rest % table_size == 0:
            return TablePlan((table_size,) * (rest // table_size) + (odd_size,) * odd_tables)
    raise SeatingError(
        "odd_policy_cannot_seat",
        "%(n)d players cannot be seated at tables of %(size)d and %(odd_size)d; "
        "choose another odd-count policy.",
        n=n,
        size=table_size,
        odd_size=odd_size,
    )


def fairness_counts(
    history: Sequence[Seating], *, table_size: int = 4
) -> tuple[dict[PlayerId, int], dict[PlayerId, int]]:
    """Per-player counts of past byes and of past rounds at an odd-size
    table (size != ``table_size``), as two dicts (missing = 0)."""
    byes: dict[PlayerId, int] = {}
    odd: dict[PlayerId, int] = {}
    for seating in history:
        for p in seating.byes:
            byes[p] = byes.get(p, 0) + 1
        for table in seating.tables:
            if len(table) != table_size:
                for p in table:
                    odd[p] = odd.get(p, 0) + 1
    return byes, odd


# --------------------------------------------------------------------------
# Repeats


def meetings(history: Iterable[Seating]) -> dict[tuple[PlayerId, PlayerId], int]:
    """How many rounds each pair shared a table: ``{(a, b): count}`` with
    ``a < b``."""
    met: dict[tuple[PlayerId, PlayerId], int] = {}
    for seating in history:
        for table in seating.tables:
            ordered = sorted(table)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    met[(a, b)] = met.get((a, b), 0) + 1
    return met


def find_repeats(seating: Seating, history: Sequence[Seating]) -> list[Repeat]:
    """Pairs seated together in ``seating`` who already met in ``history``,
    sorted by table then players (what the organizer's page highlights)."""
    met = meetings(history)
    found = []
    for t, table in enumerate(seating.tables):
        ordered = sorted(table)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                if (a, b) in met:
                    found.append(Repeat(t, (a, b), met[(a, b)]))
    return found


def count_repeated_pairs(rounds: Sequence[Seating]) -> int:
    """Repeat instances over a schedule: a pair that shared a table ``m``
    times counts ``m - 1`` (0 for a schedule where nobody meets twice)."""
    return sum(m - 1 for m in meetings(rounds).values())


def unavoidable_repeats(seating: Seating, history: Sequence[Seating]) -> int:
    """Repeated pairs that no seating of this round's players at its table
    sizes can avoid after ``history`` (a lower bound, >= 0), the larger of:

    - *pairs*: the round seats ``sum C(size, 2)`` pairs, and only the pairs
      of its seated players that have not met yet are new
      (``seating_bounds.new_repeats_bound``);
    - *each earlier round*: the seated players who shared a table then
      form groups (the others one each); a table of ``s`` players drawn
      from ``g`` groups holds at least ``seating_bounds.spread(s, g)``
      pairs from one group (the s spread as evenly as the g allow), each
      a pair meeting again (12 players at 3 tables: 3 in every round after
      the first).

    For the organizer's seating page: "no seating of these players has
    fewer than N repeated pairs"."""
    seated = [p for table in seating.tables for p in table]
    here = set(seated)
    sizes = tuple(len(t) for t in seating.tables)
    met = {pair for pair in meetings(history) if pair[0] in here and pair[1] in here}
    bound = seating_bounds.new_repeats_bound(len(seated), 1, sizes, len(met))
    for past in history:
        groups = sum(1 for table in past.tables if here.intersection(table))
        groups += len(here.difference(p for table in past.tables for p in table))
        bound = max(bound, sum(seating_bounds.spread(size, groups) for size in sizes))
    return bound


def rank_spread(seating: Seating, ranks: Mapping[PlayerId, int]) -> float:
    """Average over tables of (worst rank - best rank) at the table."""
    spreads = [max(ranks[p] for p in t) - min(ranks[p] for p in t) for t in seating.tables]
    return sum(spreads) / len(spreads) if spreads else 0.0


# --------------------------------------------------------------------------
# Manual changes


def _created(before: Seating, after: Seating, history: Sequence[Seating]) -> tuple[Repeat, ...]:
    old = {r.players for r in find_repeats(before, history)}
    return tuple(r for r in find_repeats(after, history) if r.players not in old)


def swap_players(
    seating: Seating, a: PlayerId, b: PlayerId, *, history: Sequence[Seating] = ()
) -> ManualChange:
    """Swap two players (each seated or on a bye): each takes the other's
    table and seat.  Raises :class:`SeatingError` if either is not in the
    round."""
    for p in (a, b):
        if p not in seating.players():
            raise SeatingError("not_in_round", "Player %(player)s is not in this round.", player=p)

    def swap(p: PlayerId) -> PlayerId:
        return b if p == a else a if p == b else p

    after = Seating(
        tuple(tuple(swap(p) for p in t) for t in seating.tables),
        tuple(swap(p) for p in seating.byes),
    )
    return ManualChange(after, _created(seating, after, history))


def move_player(
    seating: Seating,
    player: PlayerId,
    table: int | None,
    *,
    history: Sequence[Seating] = (),
    sizes: Sequence[int] = (3, 4, 5),
) -> ManualChange:
    """Move ``player`` to the last seat of table index ``table``, or to the
    byes when ``table`` is None.  Both tables must keep a size in ``sizes``
    (a table left empty disappears).  Raises :class:`SeatingError`."""
    if player not in seating.players():
        raise SeatingError("not_in_round", "Player %(player)s is not in this round.", player=player)
    if table is not None and not 0 <= table < len(seating.tables):
        raise SeatingError("no_such_table", "There is no table %(table)s.", table=table)
    source = seating.table_of(player)
    if source == table:
        return ManualChange(seating, ())
    tables = [list(t) for t in seating.tables]
    byes = list(seating.byes)
    if source is None:
        byes.remove(player)
    else:
        tables[source].remove(player)
    if table is None:
        byes.append(player)
    else:
        tables[table].append(player)
    for i in (source, table):
        if i is not None and tables[i] and len(tables[i]) not in sizes:
            raise SeatingError(
                "bad_table_size_after_move",
                "Table %(table)d would have %(count)d players.",
                table=i + 1,
                count=len(tables[i]),
            )
    after = Seating(tuple(tuple(t) for t in tables if t), tuple(byes))
    return ManualChange(after, _created(seating, after, history))


# --------------------------------------------------------------------------
# Generating seatings


def seat_round(players: Iterable[PlayerId], **options: Any) -> Seating:
    """Seat the next round: :func:`next_round`'s seating (same arguments,
    same errors)."""
    return next_round(players, **options).seating


def next_round(
    players: Iterable[PlayerId],
    *,
    history: Sequence[Seating] = (),
    method: str = BALANCED,
    seed: int = 0,
    table_size: int = 4,
    odd: str = TABLES_OF_5,
    ranks: Mapping[PlayerId, int] | None = None,
    rounds_left: int = 1,
    plan_seed: int | None = None,
    effort: float = 1.0,
    clubs: Mapping[PlayerId, str] | None = None,
    club_weight: int = DEFAULT_CLUB_WEIGHT,
    field: Iterable[PlayerId] | None = None,
    withdrawn: Iterable[PlayerId] = (),
) -> NextRound:
    """Seat the next round: a :class:`NextRound`, its seating and whether it
    keeps the tournament's plan at the cost of repeats now (``schedule_kept``).

    players: the active players (withdrawn ones left out, late ones in);
    history: past rounds, oldest first; seed: this round's seed (seat order,
    search); ranks: standings positions for ``swiss``, or before any round
    seeding positions (ratings; without ranks swiss seats as balanced); clubs: each
    player's club (missing or "" = none), kept apart with ``club_weight``
    (0 = ignore clubs) wherever that costs no repeat.

    Balanced: the rounds left (``rounds_left``, this one included, at most
    ``LOOKAHEAD_ROUNDS``) are planned jointly from the history, as
    :func:`plan_rounds` would plan them, and the first is returned, so an
    early round does not make a later one worse.  With ``plan_seed`` (a seed
    fixed for the whole tournament) the whole tournament is planned from its
    first round and followed for as long as the rounds played match it
    (same players, no manual changes): that keeps the known designs
    (16 x 5, 28 x 9, 40 x 13, ...) round by round.  ``field``: the players
    that plan seats (default ``players``), when some of them miss this
    round or missed earlier ones (checked in absent or late) and are
    expected back.  A round missing players follows the plan's round,
    re-formed for the players present, where that repeats no pair now or
    in the plan's later rounds (:func:`_followed`), so the plan stays good
    for the rounds after it (28 x 9, one player absent in round 4: the
    unital's round 4 less that player, its three table mates on a bye or
    at a table of 3, and the unital after it; a player who withdrew is
    missing from every round after).  Where the players present cannot be
    seated without a repeat (tables of 5: the three table mates join three
    other tables), the re-formed round is taken when the repeated pairs it
    adds, now and in the plan's later rounds, are more than
    :data:`FOLLOW_MARGIN` fewer than those of the rounds planned from the
    history (this round for the players present, the rest for the field),
    and nobody missing now missed the round
    before (gone, most likely) or is in ``withdrawn`` (players of the field
    who will not be back): 28 x 9, one player absent, 12 against an
    estimated 26 (the evening planned from the history: 28), and the
    unital after it; otherwise the round planned from the history.
    Players outside the field (a late registration) or a player of the
    history missing from it end the plan, and the round is planned from
    the history.

    effort scales the search budget.  Raises :class:`SeatingError` (see
    :func:`table_plan`; unknown method; a player listed twice).
    """
    players = _check_players(players)
    _check_method(method)
    _check_club_weight(club_weight)
    options = _Options(table_size, odd, effort, _club_of(players, clubs), club_weight)
    if method == SWISS and ranks is not None:
        return NextRound(_generate(players, 1, history, SWISS, seed, options, ranks=ranks)[0])
    if method == SWISS:
        method = BALANCED
    followed = None
    if (
        method == BALANCED
        and plan_seed is not None
        and (field is not None or _same_field(players, history))
    ):
        whole = players if field is None else _check_players(field)
        followed = _follow_plan(
            players, whole, history, rounds_left, plan_seed, seed, options, clubs
        )
        if followed is not None and not followed[1]:
            return NextRound(followed[0])
        if followed is not None and _gone(players, whole, history, withdrawn):
            followed = None  # a missing player will not be back: the design is not kept
    horizon = max(1, min(rounds_left, LOOKAHEAD_ROUNDS)) if method == BALANCED else 1
    planned = _generate(players, horizon, history, method, seed, options)[0]
    if followed is not None:
        seating, repeats = followed
        later = min(rounds_left - 1, LOOKAHEAD_ROUNDS)
        whole_options = replace(options, clubs=_club_of(whole, clubs))
        rest = (
            _generate(whole, later, [*history, planned], method, seed, whole_options)
            if later
            else []
        )
        instead = _repeats_added(history, [planned, *rest])
        if repeats + FOLLOW_MARGIN < instead:
            # the design less the missing players, re-formed
            if not find_repeats(seating, history):
                return NextRound(seating)
            return NextRound(seating, True, kept_repeats=repeats, planned_repeats=instead)
    return NextRound(planned)


def _gone(
    players: Sequence[PlayerId],
    whole: Sequence[PlayerId],
    history: Sequence[Seating],
    withdrawn: Iterable[PlayerId],
) -> bool:
    """Whether a player of the field ``whole`` missing now (not in
    ``players``) has withdrawn or missed the last round played too (two
    rounds running: gone, most likely)."""
    missing = set(whole).difference(players)
    if missing.intersection(withdrawn):
        return True
    return bool(history) and bool(missing.difference(history[-1].players()))


def plan_rounds(
    players: Iterable[PlayerId],
    rounds: int,
    *,
    history: Sequence[Seating] = (),
    method: str = BALANCED,
    seed: int = 0,
    table_size: int = 4,
    odd: str = TABLES_OF_5,
    effort: float = 1.0,
    constructions: bool = True,
    clubs: Mapping[PlayerId, str] | None = None,
    club_weight: int = DEFAULT_CLUB_WEIGHT,
) -> list[Seating]:
    """Plan ``rounds`` rounds for a fixed field after ``history``, jointly
    minimising repeated pairs (``balanced``: a known design when one fits,
    else the tabu search of ``seating_search``) or shuffling (``random``).
    ``swiss`` needs standings that do not exist yet and raises
    :class:`SeatingError`.  ``constructions=False`` skips the known designs
    (to measure the search alone).  How good the plan is:
    :func:`plan_quality`."""
    players = _check_players(players)
    if rounds < 1:
        raise SeatingError("bad_rounds", "Plan at least one round.")
    _check_method(method)
    if method == SWISS:
        raise SeatingError(
            "swiss_needs_standings",
            "Swiss seating needs the standings of each round; plan with balanced or random.",
        )
    _check_club_weight(club_weight)
    options = _Options(
        table_size, odd, effort, _club_of(players, clubs), club_weight, constructions
    )
    return _generate(players, rounds, history, method, seed, options)


def plan_quality(
    n: int, rounds: int, *, table_size: int = 4, odd: str = TABLES_OF_5
) -> seating_bounds.Quality:
    """For ``n`` players over ``rounds`` rounds from scratch: the lower
    bound on repeated pairs and the best known figure with its source
    (``seating_bounds``), to print beside a plan ("9 repeated pairs; no
    schedule has fewer than 9").  Raises :class:`SeatingError` like
    :func:`table_plan`."""
    plan = table_plan(n, table_size=table_size, odd=odd)
    return seating_bounds.quality(n, rounds, plan.sizes, byes=plan.byes, table_size=table_size)


@dataclass(frozen=True)
class _Options:
    table_size: int
    odd: str
    effort: float
    clubs: tuple[str, ...] | None
    club_weight: int
    constructions: bool = True


def _check_players(players: Iterable[PlayerId]) -> list[PlayerId]:
    ordered = sorted(players)
    for a, b in itertools.pairwise(ordered):
        if a == b:
            raise SeatingError("duplicate_player", "Player %(player)s is listed twice.", player=a)
    return ordered


def _check_method(method: str) -> None:
    if method not in GENERATING_METHODS:
        raise SeatingError(
            "bad_method",
            "Unknown seating method %(method)s: use one of %(choices)s.",
            method=method,
            choices=", ".join(GENERATING_METHODS),
        )


def _check_club_weight(weight: int) -> None:
    if not 0 <= weight <= 10:
        raise SeatingError(
            "bad_club_weight",
            "The club weight must be from 0 to 10, not %(weight)s.",
            weight=weight,
        )


def _club_of(
    players: list[PlayerId], clubs: Mapping[PlayerId, str] | None
) -> tuple[str, ...] | None:
    if not clubs:
        return None
    return tuple(clubs.get(p) or "" for p in players)


def _same_field(players: list[PlayerId], history: Sequence[Seating]) -> bool:
    """Whether every round of ``history`` seated exactly ``players`` (sorted; at a
    table or on a bye): only then can a plan for ``players`` from round 1
    have been followed (:func:`seat_round`), so only then is it worth
    planning."""
    return all(sorted(s.players()) == players for s in history)  # players: sorted


def _same_tables(a: Seating, b: Seating) -> bool:
    """Same tables and byes, seat order aside."""
    return {frozenset(t) for t in a.tables} == {frozenset(t) for t in b.tables} and set(
        a.byes
    ) == set(b.byes)


def _follow_plan(
    players: list[PlayerId],
    whole: list[PlayerId],
    history: Sequence[Seating],
    rounds_left: int,
    plan_seed: int,
    seed: int,
    options: _Options,
    clubs: Mapping[PlayerId, str] | None,
) -> tuple[Seating, int] | None:
    """The next round of the tournament's plan for the field ``whole``
    (sorted) as following it gives (:func:`_followed`), and the repeated
    pairs it adds (0 unless players are missing: see :func:`_repeats_added`),
    when every round played is what following it gave; None when it is
    not, or when the players present now or in a round played are not all
    of the field.  When every round seated the whole field this is the plan
    itself (:func:`seat_round`); when some player missed a round (or
    misses this one), only a plan without a repeated pair (a known design)
    is followed: elsewhere the search from the history does as well or
    better (``bench/seating.py``, absent).  A round played counts as
    followed too when it is the followed round plus one more player on a
    bye (a late arrival: :func:`_followed_before_a_bye`)."""
    members = set(whole)
    if not members.issuperset(players) or any(not members.issuperset(s.players()) for s in history):
        return None
    done = len(history)
    missing = len(players) < len(whole) or any(len(s.players()) < len(whole) for s in history)
    if missing:  # followed only where a plan without a repeat is known
        try:
            quality = plan_quality(
                len(whole), done + rounds_left, table_size=options.table_size, odd=options.odd
            )
        except SeatingError:  # the whole field has no table plan under this policy
            return None
        if quality.best_known != 0:
            return None
    planned = replace(options, clubs=_club_of(whole, clubs))
    try:
        plan = _generate(
            whole,
            done + rounds_left,
            (),
            BALANCED,
            plan_seed,
            planned,
            seat_seed=seed,
            seat_history=history,
        )
    except SeatingError:
        return None
    repeat_free = not count_repeated_pairs(plan)
    if missing and not repeat_free:
        return None
    for r in range(done):
        present = history[r].players()
        expected = _followed(plan, r, present, history[:r], plan_seed, 0, options, clubs)
        if expected is None or not _same_tables(expected, history[r]):
            if not repeat_free or not any(  # only a plan without a repeat is followed
                _followed_before_a_bye(plan, r, history, bye, plan_seed, options, clubs)
                for bye in history[r].byes
            ):
                return None
    seating = _followed(plan, done, players, history, plan_seed, seed, options, clubs)
    if seating is None:
        return None
    if len(seating.players()) == len(plan[done].players()):
        return seating, 0  # the plan's own round
    return seating, _repeats_added(history, [seating, *plan[done + 1 :]])


def _repeats_added(history: Sequence[Seating], rounds: Sequence[Seating]) -> int:
    """Repeated pairs that ``rounds`` seated after ``history`` add to it
    (>= 0): those of the whole less those of the history alone."""
    return count_repeated_pairs([*history, *rounds]) - count_repeated_pairs(history)


def _followed_before_a_bye(
    plan: Sequence[Seating],
    r: int,
    history: Sequence[Seating],
    bye: PlayerId,
    plan_seed: int,
    options: _Options,
    clubs: Mapping[PlayerId, str] | None,
) -> bool:
    """Whether round ``r`` played is the plan's round followed without
    ``bye``, who then had a bye added (a late player arriving after the
    round was seated: ``checkin.give_bye``)."""
    played = history[r]
    present = [p for p in played.players() if p != bye]
    expected = _followed(plan, r, present, history[:r], plan_seed, 0, options, clubs)
    return expected is not None and _same_tables(
        Seating(expected.tables, (*expected.byes, bye)), played
    )


def _followed(
    plan: Sequence[Seating],
    r: int,
    present: Iterable[PlayerId],
    played: Sequence[Seating],
    plan_seed: int,
    seat_seed: int,
    options: _Options,
    clubs: Mapping[PlayerId, str] | None,
) -> Seating | None:
    """Round ``r`` of the whole field's ``plan`` for the players
    ``present`` after the rounds ``played``: the plan's round itself when
    nobody is missing, else the round of the fewest repeated pairs for them
    counting both the pairs that met in the rounds played and those the
    plan seats after round r (a one-round search, seeded by the plan's seed
    and r, so a round followed this way is found again), with byes and
    tables of 3 or 5 to those the rounds played and planned give fewest.
    In a complete design (28 x 9) the pairs left are the plan round's own,
    so its tables less the missing players come back, re-formed into the
    table plan of the players present; with tables of 5 the missing
    player's table mates join other tables, which repeats pairs
    (:func:`seat_round` weighs them against planning from the history).
    None when they cannot be seated."""
    present = sorted(present)
    if len(present) == len(plan[r].players()):
        return plan[r]
    search_seed = random.Random(f"cuori-follow:{plan_seed}:{r}").randrange(2**31)
    # a quarter of the budget: a round without a repeat is found at once where there is one
    options = replace(options, clubs=_club_of(present, clubs), effort=options.effort / 4)
    later = plan[r + 1 :]
    try:
        seating = _generate(
            present,
            1,
            played,
            BALANCED,
            search_seed,
            options,
            seat_seed=seat_seed,
            planned_after=later,
        )[0]
    except SeatingError:
        return None
    return seating


def _generate(
    players: list[PlayerId],
    rounds: int,
    history: Sequence[Seating],
    method: str,
    seed: int,
    options: _Options,
    *,
    ranks: Mapping[PlayerId, int] | None = None,
    seat_seed: int | None = None,
    seat_history: Sequence[Seating] | None = None,
    planned_after: Sequence[Seating] = (),
) -> list[Seating]:
    """Plan ``rounds`` rounds for ``players`` (sorted) after ``history`` and
    turn the schedule into :class:`Seating` objects.  ``seat_history``:
    the rounds actually played when ``history`` is empty because the whole
    tournament is planned from round 1 and followed; the plan's first rounds
    are then those rounds, and the seats are balanced against the played
    ones.  ``planned_after``: rounds a plan seats after these, whose
    meetings count as if already played (age 1) and whose byes and odd
    tables count as if already had, so the rounds planned here leave them
    good (:func:`_followed`)."""
    n = len(players)
    plan = table_plan(n, table_size=options.table_size, odd=options.odd)
    index = {p: i for i, p in enumerate(players)}
    past_ages: dict[tuple[int, int], list[int]] = {}
    aged = [(1, s) for s in planned_after] + list(enumerate(reversed(history), 1))
    for age, seating in aged:
        for table in seating.tables:
            here = sorted(index[p] for p in table if p in index)
            for i, a in enumerate(here):
                for b in here[i + 1 :]:
                    past_ages.setdefault((a, b), []).append(age)
    byes, odds = fairness_counts([*history, *planned_after], table_size=options.table_size)
    rank_list = None
    if ranks is not None:
        last = max(ranks.values(), default=-1) + 1
        rank_list = tuple(ranks.get(p, last) for p in players)
    problem = seating_search.SearchProblem(
        n=n,
        sizes=plan.sizes,
        rounds=rounds,
        table_size=options.table_size,
        byes=plan.byes,
        past_ages=past_ages,
        past_byes=tuple(byes.get(p, 0) for p in players),
        past_odd=tuple(odds.get(p, 0) for p in players),
        ranks=rank_list,
        clubs=options.clubs,
        club_weight=options.club_weight if options.clubs and ranks is None else 0,
        seed=seed,
        effort=options.effort,
    )
    if method == RANDOM:
        schedule = seating_search.random_schedule(problem)
    else:
        rng = random.Random(f"cuori-design:{seed}")
        start = None
        if options.constructions and not history and not planned_after and ranks is None:
            start = _design_start(n, rounds, plan, options.table_size, rng)
            if start is None:
                # past the design, its groups seated with a bye a round have started
                # with no more repeats than the search's rounds wherever both apply
                past = _design_and_groups_start(problem, plan, options.table_size, rng)
                if past is None:
                    past = _design_and_search_start(problem, plan, options.table_size, rng)
                start = _fewest_repeats(
                    past, _design_plus_start(problem, plan, options.table_size, rng)
                )
        target = _target(n, rounds, plan, options.table_size, past_ages)
        schedule = seating_search.search(replace(problem, start=start, target=target))
    played = history if seat_history is None else seat_history
    return _seatings(
        players,
        schedule,
        played,
        options.table_size,
        seed if seat_seed is None else seat_seed,
        rank_list,
        plan_includes_played=seat_history is not None,
    )


def _target(
    n: int,
    rounds: int,
    plan: TablePlan,
    table_size: int,
    past_ages: Mapping[tuple[int, int], Sequence[int]],
) -> int:
    """Repeats the planned rounds cannot avoid: the counting bound from
    scratch, or with history the meetings planned beyond the pairs that
    have not met yet (a search that reaches it stops)."""
    if not past_ages:
        return seating_bounds.lower_bound(
            n, rounds, plan.sizes, byes=plan.byes, table_size=table_size
        )
    return seating_bounds.new_repeats_bound(n, rounds, plan.sizes, len(past_ages))


def _relabelled(
    rounds: list[list[list[int]]], n: int, rng: random.Random
) -> seating_search.Schedule:
    """A stored schedule on players 0 .. n - 1, its rounds in their order
    (fair in every prefix), with the players relabelled at random."""
    order = list(range(n))
    rng.shuffle(order)
    return [[[order[p] for p in t] for t in tables] for tables in rounds]


def _design_start(
    n: int, rounds: int, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """A known repeat-free schedule for the field when one has enough rounds
    (``seating_designs``), relabelled and its rounds picked at random:

    - a stored fair schedule with the fewest repeats known
      (``seating_best.BEST_SCHEDULES``: optimal, or the best of a long
      search) for exactly these rounds, its rounds in their order;
    - tables of ``table_size`` only: the design itself;
    - a fair schedule stored in ``seating_designs`` (``FAIR_SCHEDULES``,
      found by the search, with tables of 3 or 5 or byes; ``CYCLIC_BASES``,
      developed from one round over Z_m, with tables of 4 and byes);
    - ``d`` tables of ``table_size - 1`` (tables of 3): a design on
      ``n + d`` players less ``d`` of them that never share a table in the
      rounds used (each of their tables loses one player; players of one
      group of a group divisible design never meet, so no round is lost),
      when the tables of 3 it makes are fair (nobody a second one before
      everybody has one);
    - ``table_size - 1`` byes: a design on ``n + 1`` players less one,
      whose table-mates take the byes (each meets it once: one bye each).
    """
    best = (
        seating_designs.best_schedule(n, rounds, plan.sizes, plan.byes) if table_size == 4 else []
    )
    if best:
        start = _relabelled(best, n, rng)
        return _fewest_repeats(start, _design_repaired_start(n, rounds, plan, table_size, rng))
    stored = seating_designs.fair_schedule(n, plan.sizes, plan.byes) if table_size == 4 else []
    if len(stored) >= rounds:  # fair in every prefix: the first rounds, relabelled
        return _relabelled(stored[:rounds], n, rng)
    return _design_less_start(n, rounds, plan, table_size, rng)


def _design_less_start(
    n: int, rounds: int, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """``rounds`` rounds of the repeat-free design on ``n + d`` players
    less ``d`` of them, for ``d`` tables of ``table_size - 1`` (none: the
    design itself), relabelled, in a fair order (see :func:`_design_start`);
    with ``table_size - 1`` byes a round, the design on ``n + 1`` less one
    player, whose table-mates take the byes (each meets it once, so nobody
    has a second bye).  None when the design has fewer rounds or no fair
    order is found."""
    removed = _players_less(plan, table_size)
    if removed is None:
        return None
    classes, _name = seating_designs.repeat_free_rounds(n + removed, table_size)
    if len(classes) < rounds:
        return None
    strangers = _never_met(classes, n + removed, removed)
    for attempt in range(40 if removed else 1):
        order = list(range(n + removed))  # design point order[i] becomes player i
        rng.shuffle(order)
        if strangers and attempt % 2 == 0:  # players who never meet lose no round
            gone = set(strangers[rng.randrange(len(strangers))])
            order = [p for p in order if p not in gone] + sorted(gone)
        candidates = _rounds_less(classes, order, n, rounds, rng)
        if candidates is None:
            continue
        if plan.byes:  # the removed player's table-mates: left out, on a bye
            candidates = [[t for t in tables if len(t) == table_size] for tables in candidates]
        schedule = _fair_order(candidates, rounds, n, table_size)
        if schedule is not None:
            return schedule
    return None


def _rounds_less(
    classes: seating_search.Schedule, order: list[int], n: int, rounds: int, rng: random.Random
) -> seating_search.Schedule | None:
    """The design's rounds in which no two of the points ``order[n:]``
    share a table, in a random order, with those points removed and point
    ``order[i]`` made player i; None when they are fewer than ``rounds``."""
    gone = set(order[n:])
    usable = [c for c in classes if all(len(gone.intersection(t)) <= 1 for t in c)]
    if len(usable) < rounds:
        return None
    rng.shuffle(usable)
    player = {point: i for i, point in enumerate(order[:n])}
    return [[[player[p] for p in t if p not in gone] for t in c] for c in usable]


def _players_less(plan: TablePlan, table_size: int) -> int | None:
    """How many players a design on more players loses to give this round's
    tables (:func:`_design_less_start`): one per table of ``table_size - 1``,
    or one for ``table_size - 1`` byes (its table-mates); None for other
    tables or byes."""
    odd_tables = [s for s in plan.sizes if s != table_size]
    if any(s != table_size - 1 for s in odd_tables):
        return None
    if plan.byes:
        return 1 if plan.byes == table_size - 1 and not odd_tables else None
    return len(odd_tables)


def _fair_order(
    candidates: seating_search.Schedule, rounds: int, n: int, table_size: int, limit: int = 20_000
) -> seating_search.Schedule | None:
    """``rounds`` of the ``candidates`` (rounds of a repeat-free design) in
    an order that hands the odd-size tables out fairly (:func:`_fair`
    after every round), by backtracking over which candidate comes next
    (at most ``limit`` steps); None when there is none."""
    odd_sets = [[p for t in tables if len(t) != table_size for p in t] for tables in candidates]
    counts = [0] * n
    chosen: list[int] = []
    steps = 0

    def extend() -> bool:
        nonlocal steps
        if len(chosen) == rounds:
            return True
        for i in range(len(candidates)):
            steps += 1
            if i in chosen or steps > limit:
                continue
            for p in odd_sets[i]:
                counts[p] += 1
            if max(counts) - min(counts) <= 1:
                chosen.append(i)
                if extend():
                    return True
                chosen.pop()
            for p in odd_sets[i]:
                counts[p] -= 1
        return False

    if not extend():
        return None
    return [candidates[i] for i in chosen]


def _design_repaired_start(
    n: int, rounds: int, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """For ``d`` tables of ``table_size - 1`` (tables of 3) when the design
    on ``n + d`` players less ``d`` has no fair order: its rounds made fair
    by swaps (:func:`_repaired_order`), the best of a few relabellings.
    Without a group of players who never meet, ``d`` players of one of its
    tables are removed (the round they share is lost, the others keep a
    table of 3 each).  38 players over 12 rounds: the (40, 4, 1) design
    less two players leaves their table-mates c and d without a table of 3
    in every round but the one it loses; 6 repeats after the swaps that
    seat them at one, and the plan keeps 6 (seed 1), where the stored
    schedule gave 17.  Only weighed against a stored schedule (:func:`_design_start`):
    tried wherever the design less ``d`` has no fair order, it matched the
    search from scratch at best (tables of 3, 9 to 64 players over 3 to 12
    rounds, seed 1: 37 x 10 went from 0 repeats to 1) and took up to 1 s
    more (61 players).  None when it does not apply (no tables of 3, byes,
    or too few rounds)."""
    removed = _players_less(plan, table_size)
    if not removed or plan.byes:
        return None
    classes, _name = seating_designs.repeat_free_rounds(n + removed, table_size)
    if len(classes) < rounds:
        return None
    groups = _never_met(classes, n + removed, removed) or [
        tuple(sorted(t)[:removed]) for t in classes[0]
    ]
    best, fewest = None, None
    for _attempt in range(REPAIR_ATTEMPTS):
        order = list(range(n + removed))  # design point order[i] becomes player i
        rng.shuffle(order)
        gone = set(groups[rng.randrange(len(groups))])
        order = [p for p in order if p not in gone] + sorted(gone)
        candidates = _rounds_less(classes, order, n, rounds, rng)
        if candidates is None:
            continue
        schedule, repeats = _repaired_order(candidates, rounds, n, table_size, rng)
        if fewest is None or repeats < fewest:
            best, fewest = schedule, repeats
            if not repeats:
                break
    return best


#: Relabellings tried by :func:`_design_repaired_start` (about 0.01 s each
#: for 38 players).
REPAIR_ATTEMPTS = 20


def _repaired_order(
    candidates: seating_search.Schedule, rounds: int, n: int, table_size: int, rng: random.Random
) -> tuple[seating_search.Schedule, int]:
    """``rounds`` of the ``candidates`` (rounds of a repeat-free design,
    some tables one short) in a fair order (:func:`_fair` after every
    round), made fair by swaps where the design's tables are not: round by
    round, the candidate whose repair creates the fewest repeats is taken
    (counted against the other candidates, taken or not), and its repair
    made.  A repair swaps a player at an odd-size table for one at a full
    table, until the odd tables hold the players with fewest odd tables so
    far (all of them when they fill the odd tables or fewer, only them when
    more), each swap the one that repeats fewest pairs.  Returns the
    schedule and its repeated pairs."""
    meet = [0] * (n * n)
    for tables in candidates:
        for table in tables:
            for a, b in itertools.permutations(table, 2):
                meet[a * n + b] += 1
    counts = [0] * n
    left = list(range(len(candidates)))
    schedule = []
    for _round in range(rounds):
        fewest_odd = min(counts)
        due = {p for p in range(n) if counts[p] == fewest_odd}
        options = []
        for i in left:
            cost, swaps = _repair(candidates[i], due, table_size, meet, n)
            options.append((cost, rng.random(), i, swaps))
        _cost, _tie, i, swaps = min(options)
        tables = [list(t) for t in candidates[i]]
        for x, y in swaps:
            _swap(tables, x, y, meet, n)
        left.remove(i)
        schedule.append([sorted(t) for t in tables])
        for table in tables:
            if len(table) != table_size:
                for p in table:
                    counts[p] += 1
    for i in left:  # what was not taken meets nobody
        for table in candidates[i]:
            for a, b in itertools.permutations(table, 2):
                meet[a * n + b] -= 1
    repeats = sum(m - 1 for m in meet if m > 1) // 2
    return schedule, repeats


def _repair(
    tables: list[list[int]],
    due: set[int],
    table_size: int,
    meet: list[int],
    n: int,
) -> tuple[int, list[tuple[int, int]]]:
    """The swaps (player in, player out) that make one round's odd-size
    tables fair (:func:`_repaired_order`), found greedily, and the repeats
    they add (may be negative); ``meet`` is left as it was."""
    tables = [list(t) for t in tables]
    odd = {p for t in tables if len(t) != table_size for p in t}
    swaps: list[tuple[int, int]] = []
    cost = 0
    while True:
        # a due player in for one not due: with more due players than odd seats
        # it ends when only due players sit there, otherwise when all of them do
        moves = [(x, y) for x in due - odd for y in odd - due]
        if not moves:
            break
        delta, x, y = min((_swap_cost(tables, x, y, meet, n), x, y) for x, y in moves)
        _swap(tables, x, y, meet, n)
        odd.discard(y)
        odd.add(x)
        swaps.append((x, y))
        cost += delta
    for x, y in reversed(swaps):
        _swap(tables, y, x, meet, n)
    return cost, swaps


def _swap_cost(tables: list[list[int]], x: int, y: int, meet: list[int], n: int) -> int:
    """Repeated pairs added by swapping players ``x`` and ``y`` (at two
    tables of one round), ``meet`` counting the round's own meetings."""
    at_x = next(t for t in tables if x in t)
    at_y = next(t for t in tables if y in t)
    cost = 0
    for z in at_y:
        if z != y:
            cost += (meet[x * n + z] >= 1) - (meet[y * n + z] >= 2)
    for z in at_x:
        if z != x:
            cost += (meet[y * n + z] >= 1) - (meet[x * n + z] >= 2)
    return cost


def _swap(tables: list[list[int]], x: int, y: int, meet: list[int], n: int) -> None:
    """Swap players ``x`` and ``y`` between their tables, ``meet`` kept."""
    at_x = next(t for t in tables if x in t)
    at_y = next(t for t in tables if y in t)
    for table, old, new in ((at_x, x, y), (at_y, y, x)):
        for z in table:
            if z != old:
                meet[old * n + z] -= 1
                meet[z * n + old] -= 1
                meet[new * n + z] += 1
                meet[z * n + new] += 1
        table[table.index(old)] = new


def _design_and_search_start(
    problem: seating_search.SearchProblem, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """For more rounds than the known design has: the design's rounds,
    relabelled, then the rounds beyond it planned by the search given the
    design's rounds as their history (a quarter of the budget), as a start
    for the joint search.  32 players over 10 rounds: the transversal
    design's 8 rounds and its groups' round leave each player 4 unmet
    players none of whom may share a table, so the 10th round costs 16
    repeats; the search from scratch finds 23.  With ``d`` tables of
    ``table_size - 1`` (or ``table_size - 1`` byes), the design on ``n + d``
    players less ``d`` (less one) in a fair order
    (:func:`_design_less_start`), the odd tables and byes counted for the
    rounds beyond: 33 players at tables of 3 over 12 rounds, the 11 rounds
    of 36 less a group of 3, then a round whose tables of 3 are groups that
    never met, 18 repeats, where the search from scratch finds 35.  None
    when no design covers at least half of the rounds."""
    n, rounds = problem.n, problem.rounds
    removed = _players_less(plan, table_size)
    if removed is None:
        return None
    classes, _name = seating_designs.repeat_free_rounds(n + removed, table_size)
    if not 2 * len(classes) >= rounds > len(classes) > 1:
        return None
    if removed:
        design = _design_less_start(n, len(classes), plan, table_size, rng)
        if design is None:
            return None
    else:
        _order, design = _shuffled(classes, n, rng)
    return _extended_by_search(problem, plan, table_size, design)


def _shuffled(
    classes: seating_search.Schedule, n: int, rng: random.Random
) -> tuple[list[int], seating_search.Schedule]:
    """A design's rounds with its points relabelled at random (point p is
    player ``order[p]``) and the rounds in a random order; and ``order``."""
    order = list(range(n))
    rng.shuffle(order)
    design = [[sorted(order[p] for p in t) for t in c] for c in classes]
    rng.shuffle(design)
    return order, design


def _fours_only(plan: TablePlan, table_size: int) -> bool:
    """Whether every round is tables of 4 and nothing else (no byes)."""
    return table_size == 4 and not plan.byes and all(s == table_size for s in plan.sizes)


def _fewest_repeats(
    *starts: seating_search.Schedule | None,
) -> seating_search.Schedule | None:
    """The start with the fewest repeated pairs, the first of equals; None
    when there is none.  The joint search keeps most of a start's lead:
    68 x 22, the transversal design TD(4, 17) and its groups with a bye a
    round start at 30 repeats (the plan ends at 14), the design on 64
    players plus 4 at 81 (from it the plan ended at 73); 368 x 122, 252
    (the plan: 252) against 527 from the design on 364 plus 4."""
    best, fewest = None, None
    for start in starts:
        if start is None:
            continue
        repeats = count_repeated_pairs([Seating(tuple(map(tuple, t)), ()) for t in start])
        if fewest is None or repeats < fewest:
            best, fewest = start, repeats
    return best


def _design_and_groups_start(
    problem: seating_search.SearchProblem, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """For tables of 4 only, past the rounds of the design on ``n`` players
    whose groups (the pairs it never seats, :func:`groups_left`) hold
    ``g`` players each, g = 1 or 3 (mod 4): the design's rounds,
    relabelled, then each group seated by a repeat-free schedule on g
    players with 1 or 3 on a bye a round
    (``seating_designs.bye_rounds``), and the players on a bye seated
    together: one of each of four groups (they met in the design: 6
    pairs again), or each of three groups' trio (who never met) with one
    of the fourth group's trio (3 pairs again).  Nothing else repeats:
    356 x 118, TD(4, 89) and 29 rounds of 89 players from the (88, 4, 1)
    design, 174 against 827 (the plans: 163 and 778); 132 x 43 went from
    101 to 8 this way (TD(4, 33) and the 33 x 10 schedule with a bye)
    before its own design was stored.  When the schedule on g players has
    fewer rounds than are left, the search plans the rest (372 x 123: 23
    rounds of 93 from TD(4, 23), 7 more).  With trios the joint search has
    not improved on the start: 188 x 62, TD(4, 47) and type 3^16 less a
    player, 135 (the search's rounds start at 267, and the plan was 236).
    None when it does not apply."""
    n, rounds = problem.n, problem.rounds
    k = table_size
    if not _fours_only(plan, k):
        return None
    classes, _name = seating_designs.repeat_free_rounds(n, k)
    if not 1 < len(classes) < rounds:
        return None
    groups = seating_designs.groups_left(classes, n)
    if not groups or len(groups) % k or any(len(g) != len(groups[0]) for g in groups):
        return None
    g = len(groups[0])
    inner = seating_designs.bye_rounds(g)
    if not inner:
        return None
    extra = rounds - len(classes)
    order, design = _shuffled(classes, n, rng)
    for tables in inner[:extra]:
        seated = [sorted(order[group[p]] for p in t) for group in groups for t in tables]
        byes = [p for p in range(g) if all(p not in t for t in tables)]
        for i in range(0, len(groups), k):  # four groups' players on a bye: 4 or 12
            four = [[order[group[p]] for p in byes] for group in groups[i : i + k]]
            if len(byes) == 1:
                seated.append(sorted(p for bye in four for p in bye))
            else:  # three trios that never met, each with one of the fourth
                seated.extend(sorted(trio + [p]) for trio, p in zip(four, four[3]))
        design.append(seated)
    if len(design) < rounds:  # the schedule on g players is short: the search plans the rest
        return _extended_by_search(problem, plan, table_size, design)
    return design


def _design_plus_start(
    problem: seating_search.SearchProblem, plan: TablePlan, table_size: int, rng: random.Random
) -> seating_search.Schedule | None:
    """For tables of 4 only, when the design on ``n - 4`` players has more
    rounds than any here on ``n``, and the rounds asked for go past the
    ones on ``n`` and reach 88 % of its own: that design's rounds with 4
    more players, each round one of its tables {a, b, c, d} split into
    {a, b, w, x} and {c, d, y, z} (w, x, y, z the new players, in one of
    their three pairings), the table, its split and the pairing picked
    so that the new players meet design players they have not met.  Each
    round repeats the pairs of new players (2 a round, less the 6 first
    meetings; the greedy picks leave a few of a new and a design player
    too) and loses the pairs across its split; the rounds beyond are
    planned by the search as in :func:`_design_and_search_start`.  248
    players over 82 rounds (type
    2^124, no design here): the 81 rounds of the (244, 4, 1) design,
    then one; the plan ends at 317 repeats where the search from scratch
    ends at 1,013.  Below 88 % of the design's rounds the search from
    scratch did better (248 x 70: 37, from this start 45; 104 x 28: 8
    and 10), hence the limit.  None when it does not apply."""
    n, rounds = problem.n, problem.rounds
    k = table_size
    if not _fours_only(plan, k) or n < 2 * k:
        return None
    own, _name = seating_designs.repeat_free_rounds(n, k)
    classes, _name = seating_designs.repeat_free_rounds(n - k, k)
    if len(classes) <= len(own) or rounds <= len(own) or 25 * rounds < 22 * len(classes):
        return None
    order = list(range(n))
    rng.shuffle(order)
    new = order[n - k :]
    pairings = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
    met: dict[int, set[int]] = {p: set() for p in order}  # the new players each has met
    design = []
    for tables in classes[:rounds]:
        seated = [[order[p] for p in t] for t in tables]
        options, fewest = [], None
        for pairing in pairings:
            halves = [[new[i] for i in half] for half in pairing]
            for t, table in enumerate(seated):
                for first in ((0, 1), (0, 2), (0, 3)):
                    one = [table[i] for i in first]
                    two = [p for p in table if p not in one]
                    for sides in ((one, two), (two, one)):
                        # repeats first, then fresh players used: a design player can
                        # meet the other half of its first pairing only, so use those again
                        cost = (
                            sum(
                                len(met[p] & set(half))
                                for side, half in zip(sides, halves)
                                for p in side
                            )
                            + sum(half[1] in met[half[0]] for half in halves),
                            sum(not met[p] for p in table),
                        )
                        if fewest is None or cost < fewest:
                            options, fewest = [], cost
                        if cost == fewest:
                            options.append((t, sides, halves))
        t, sides, halves = options[rng.randrange(len(options))]
        split = [sorted(side + half) for side, half in zip(sides, halves)]
        for side, half in zip(sides, halves):
            for p in side:
                met[p].update(half)
            met[half[0]].add(half[1])
            met[half[1]].add(half[0])
        design.append([sorted(x) for i, x in enumerate(seated) if i != t] + split)
    if rounds <= len(design):
        return design
    return _extended_by_search(problem, plan, table_size, design)


def _extended_by_search(
    problem: seating_search.SearchProblem,
    plan: TablePlan,
    table_size: int,
    design: seating_search.Schedule,
) -> seating_search.Schedule:
    """``design`` (the first rounds) and after it the rounds beyond planned
    by the search given those rounds as their history (a quarter of the
    budget)."""
    n, rounds = problem.n, problem.rounds
    played = [
        Seating(tuple(map(tuple, tables)), tuple(set(range(n)) - {p for t in tables for p in t}))
        for tables in design
    ]
    byes, odd = fairness_counts(played, table_size=table_size)
    extra = rounds - len(design)
    ages: dict[tuple[int, int], list[int]] = {}
    for age, tables in enumerate(reversed(design), 1):
        for table in tables:
            for a in table:
                for b in table:
                    if a < b:
                        ages.setdefault((a, b), []).append(age)
    rest = seating_search.search(
        replace(
            problem,
            rounds=extra,
            past_ages=ages,
            past_odd=tuple(odd.get(p, 0) for p in range(n)),
            past_byes=tuple(byes.get(p, 0) for p in range(n)),
            start=None,
            seed=f"{problem.seed}:after-design",
            effort=problem.effort / 4,
            target=seating_bounds.new_repeats_bound(n, extra, plan.sizes, len(ages)),
        )
    )
    return design + rest


def _never_met(classes: seating_search.Schedule, n: int, size: int) -> list[tuple[int, ...]]:
    """Sets of ``size`` design points no two of which share a table (the
    groups of a group divisible design), at most 64 of them."""
    if size < 2:
        return []
    met = [0] * n
    for tables in classes:
        for table in tables:
            for a in table:
                for b in table:
                    met[a] |= 1 << b
    found: list[tuple[int, ...]] = []
    for first in range(n):
        partners = [q for q in range(first + 1, n) if not met[first] >> q & 1]
        for rest in itertools.combinations(partners, size - 1):
            if all(not met[a] >> b & 1 for a, b in itertools.combinations(rest, 2)):
                found.append((first, *rest))
                if len(found) >= 64:
                    return found
    return found


def _fair(schedule: seating_search.Schedule, n: int, table_size: int) -> bool:
    """Nobody at a second odd-size table while another player has had none."""
    counts = [0] * n
    for tables in schedule:
        for table in tables:
            if len(table) != table_size:
                for p in table:
                    counts[p] += 1
        if max(counts) - min(counts) > 1:
            return False
    return True


def _seatings(
    players: list[PlayerId],
    schedule: seating_search.Schedule,
    played: Sequence[Seating],
    table_size: int,
    seat_seed: int,
    ranks: Sequence[int] | None,
    plan_includes_played: bool = False,
) -> list[Seating]:
    """The schedule's rounds as :class:`Seating` objects: standard tables
    first and tables with a repeated pair last (swiss: by rank), then each
    table's seat order by :meth:`_SeatHistory.order` against the seats of
    the rounds ``played`` and of the earlier planned rounds.  When the
    schedule is a whole tournament's plan being followed, its first
    ``len(played)`` rounds are the ones played: their seats are the played
    ones, and they come back in plan order only to be compared."""
    index = {p: i for i, p in enumerate(players)}
    seats = _SeatHistory(len(players))
    for seating in played:
        seats.add([[index[p] for p in t if p in index] for t in seating.tables])
    skip = len(played) if plan_includes_played else 0
    out = []
    for r, tables in enumerate(schedule):
        seated = {p for t in tables for p in t}
        byes = tuple(players[p] for p in range(len(players)) if p not in seated)
        if r < skip:
            out.append(Seating(tuple(tuple(players[p] for p in t) for t in tables), byes))
            continue
        rng = random.Random(f"cuori-seats:{seat_seed}:{len(played) + r - skip}")
        if ranks is not None:
            tables = sorted(tables, key=lambda t: sorted(ranks[p] for p in t))
        else:  # standard tables first, then those without a repeated pair
            tables = sorted(tables, key=lambda t: (len(t) != table_size, seats.repeats(t), min(t)))
        ordered = [seats.order(table, rng) for table in tables]
        seats.add(ordered)
        out.append(Seating(tuple(tuple(players[p] for p in t) for t in ordered), byes))
    return out


class _SeatHistory:
    """Seats taken so far: per player, how often at each seat (0 = first
    dealer), and per ordered pair how often the second sat on the first's
    left (who receives whose passed cards, and so on round the table)."""

    def __init__(self, n: int) -> None:
        self.seat_count = [[0] * 6 for _ in range(n)]
        self.left_of: dict[tuple[int, int], int] = {}
        self.met: set[tuple[int, int]] = set()

    def repeats(self, table: list[int]) -> int:
        """Pairs at ``table`` that sat together before."""
        return sum((a, b) in self.met for a in table for b in table if a < b)

    def add(self, tables: list[list[int]]) -> None:
        for table in tables:
            self.met.update((a, b) for a in table for b in table if a < b)
            for seat, p in enumerate(table):
                self.seat_count[p][min(seat, 5)] += 1
                left = table[(seat + 1) % len(table)]
                self.left_of[(p, left)] = self.left_of.get((p, left), 0) + 1

    def order(self, table: list[int], rng: random.Random) -> list[int]:
        """The seat order for ``table`` that repeats the fewest seats and
        left neighbours (Hearts passes left, right and across, so a player
        with the same neighbours would pass to the same players again);
        ties are broken at random, so seats vary with the seed."""
        members = sorted(table)
        rng.shuffle(members)
        if len(members) > 6:
            return members
        best, best_cost = members, -1
        for order in itertools.permutations(members):
            cost = sum(self.seat_count[p][seat] for seat, p in enumerate(order))
            cost += sum(
                self.left_of.get((p, order[(seat + 1) % len(order)]), 0)
                for seat, p in enumerate(order)
            )
            if best_cost < 0 or cost < best_cost:
                best, best_cost = list(order), cost
            if cost == 0:
                break
        return best
