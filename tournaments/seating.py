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
- ``balanced`` (the default): minimise repeated opponents.  Seating is the
  social golfer problem with a cost.  A pair of players that already shared
  a table costs ``m * sum(w(age))`` to seat together again, where ``m`` is
  how often they met and ``w(age) = U + U // age`` (age 1 = last round), so
  recent meetings cost more than old ones and each repeat escalates.  With
  no history and a field that fits a known perfect schedule (4**k players:
  the affine space AG(k, 4); k * q players at tables of k, q a prime power:
  a transversal design) that schedule is used, relabelled at random.
  Otherwise a greedy construction (bitsets of past opponents) is improved
  by a tabu search over swaps of two players between tables of one round
  (after Dotu and Van Hentenryck 2005: when few repeats are left it weighs
  every move of every player in a repeated pair), with a seeded RNG and an
  iteration budget; it stops early at zero cost.  Several rounds can be
  planned jointly (:func:`plan_rounds`), which is how :func:`seat_round`
  looks ahead so that an early round does not make a later one impossible;
- ``swiss``: from round 2, players ranked by the standings are seated in
  bands of similar rank: the search starts from tables of consecutive ranks
  and adds, per table, the sum over pairs of their rank distance, weighted
  so that one repeated pair always outweighs any rank distance; repeats are
  still minimised inside and across bands;
- ``manual``: :func:`swap_players` and :func:`move_player` return the new
  seating and the repeats the change creates (:func:`find_repeats`).

Player counts that are not a multiple of the table size (``ODD_POLICIES``):
tables of 5 or of 3, the fewest such tables, or byes.  Who sits at the odd
tables and who gets the byes is decided before the search, by fairness:
players with the fewest past byes (odd tables) go first, so nobody gets a
second one while another player has none, where the numbers allow it.

Same players, same history, same seed -> same seating: players are handled
in sorted order and all randomness comes from ``random.Random(seed)``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .seating_designs import affine_parallel_classes, transversal_rounds

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

#: Planning more than this many player-rounds jointly when seating one round
#: is not worth the time (large fields find repeat-free rounds anyway).
LOOKAHEAD_PLAYER_ROUNDS = 1024
#: When (repeated pairs x players) is at most this, the search weighs every
#: possible move of every player in a repeated pair (slower per step, far
#: better near zero repeats: 20 x 5 from scratch in 0.1 s instead of many).
WIDE_NEIGHBOURHOOD = 1024


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
            odd=odd, choices=", ".join(ODD_POLICIES),
        )
    if table_size < 2:
        raise SeatingError("bad_table_size", "Tables need at least 2 players.")
    smallest = table_size if odd == BYES else min(table_size, _ODD_SIZE[odd])
    if n < smallest:
        raise SeatingError(
            "too_few_players",
            "%(n)d players cannot fill one table of %(size)d.", n=n, size=smallest,
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
            odd=odd, size=table_size,
        )
    for odd_tables in range(1, n // odd_size + 1):
        rest = n - odd_tables * odd_size
        if rest % table_size == 0:
            return TablePlan((table_size,) * (rest // table_size) + (odd_size,) * odd_tables)
    raise SeatingError(
        "odd_policy_cannot_seat",
        "%(n)d players cannot be seated at tables of %(size)d and %(odd_size)d; "
        "choose another odd-count policy.",
        n=n, size=table_size, odd_size=odd_size,
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
                for b in ordered[i + 1:]:
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
            for b in ordered[i + 1:]:
                if (a, b) in met:
                    found.append(Repeat(t, (a, b), met[(a, b)]))
    return found


def count_repeated_pairs(rounds: Sequence[Seating]) -> int:
    """Repeat instances over a schedule: a pair that shared a table ``m``
    times counts ``m - 1`` (0 for a schedule where nobody meets twice)."""
    return sum(m - 1 for m in meetings(rounds).values())


def rank_spread(seating: Seating, ranks: Mapping[PlayerId, int]) -> float:
    """Average over tables of (worst rank - best rank) at the table."""
    spreads = [
        max(ranks[p] for p in t) - min(ranks[p] for p in t) for t in seating.tables
    ]
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
                table=i + 1, count=len(tables[i]),
            )
    after = Seating(tuple(tuple(t) for t in tables if t), tuple(byes))
    return ManualChange(after, _created(seating, after, history))


# --------------------------------------------------------------------------
# Generating seatings


def seat_round(
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
) -> Seating:
    """Seat the next round.

    players: the active players (withdrawn ones left out, late ones in);
    history: past rounds, oldest first; seed: this round's seed (seat order,
    search); ranks: standings positions for ``swiss`` (without ranks or
    before any round was played, swiss seats as balanced).

    Balanced look-ahead: rounds_left counts the rounds still to play
    including this one; they are planned jointly (up to
    ``LOOKAHEAD_PLAYER_ROUNDS`` player-rounds) and the first is returned, so
    an early round does not make a later one impossible.  With plan_seed (a
    seed fixed for the whole tournament) the whole tournament is planned
    from its first round and followed for as long as the rounds played match
    it (same players, no manual changes): that reaches the known perfect
    schedules (16 x 5, 20 x 5, 32 x 8, ...) round by round.

    effort scales the search's iteration budget.  Raises
    :class:`SeatingError` (see :func:`table_plan`; unknown method; a player
    listed twice).
    """
    players = _check_players(players)
    common = {"table_size": table_size, "odd": odd, "effort": effort}
    if method == SWISS and ranks is not None and history:
        return _Planner(
            players, 1, history=history, method=SWISS, seed=seed, ranks=ranks,
            flexible=True, **common,
        ).run()[0]
    if method == SWISS:
        method = BALANCED
    horizon = 1
    total = len(history) + rounds_left
    if method == BALANCED and _perfect_conceivable(len(players), total, table_size, odd):
        horizon = max(1, min(rounds_left, LOOKAHEAD_PLAYER_ROUNDS // max(1, len(players))))
        if plan_seed is not None and horizon == rounds_left:
            done = len(history)
            plan = _Planner(
                players, done + rounds_left, history=(), method=method, seed=plan_seed,
                seat_seed=seed, seat_round=done, **common,
            ).run()
            if all(_same_tables(plan[r], history[r]) for r in range(done)):
                return plan[done]
    return _Planner(
        players, horizon, history=history, method=method, seed=seed, flexible=True, **common
    ).run()[0]


def _perfect_conceivable(n: int, rounds: int, table_size: int, odd: str) -> bool:
    """Whether ``rounds`` rounds without a repeat are not ruled out by
    counting: a player at the largest table meets ``size - 1`` new players
    per round.  When they are ruled out, planning rounds jointly does not
    pay: seating round by round gives fewer repeats."""
    try:
        largest = max(table_plan(n, table_size=table_size, odd=odd).sizes)
    except SeatingError:
        return False
    return (largest - 1) * rounds <= n - 1


def _same_tables(a: Seating, b: Seating) -> bool:
    """Same tables and byes, seat order aside."""
    return {frozenset(t) for t in a.tables} == {frozenset(t) for t in b.tables} and set(
        a.byes
    ) == set(b.byes)


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
) -> list[Seating]:
    """Plan ``rounds`` rounds for a fixed field, jointly minimising repeats
    (``balanced``; round by round when counting shows repeats cannot be
    avoided) or shuffling (``random``).  ``swiss`` needs standings
    that do not exist yet and raises :class:`SeatingError`.
    ``constructions=False`` skips the known perfect schedules (to measure
    the search alone)."""
    players = _check_players(players)
    if rounds < 1:
        raise SeatingError("bad_rounds", "Plan at least one round.")
    if method == SWISS:
        raise SeatingError(
            "swiss_needs_standings",
            "Swiss seating needs the standings of each round; plan with balanced or random.",
        )
    if method == BALANCED and not _perfect_conceivable(
        len(players), len(history) + rounds, table_size, odd
    ):
        # repeats are unavoidable: the fewest come from seating round by round
        plan: list[Seating] = []
        for r in range(rounds):
            plan.append(seat_round(
                players, history=[*history, *plan], seed=seed * 1009 + r,
                table_size=table_size, odd=odd, effort=effort,
            ))
        return plan
    return _Planner(
        players, rounds, history=history, method=method, seed=seed,
        table_size=table_size, odd=odd, effort=effort, constructions=constructions,
    ).run()


def _check_players(players: Iterable[PlayerId]) -> list[PlayerId]:
    ordered = sorted(players)
    for a, b in itertools.pairwise(ordered):
        if a == b:
            raise SeatingError("duplicate_player", "Player %(player)s is listed twice.", player=a)
    return ordered


# --------------------------------------------------------------------------
# The search


class _Planner:
    """Joint local search over ``rounds`` new rounds (internal).

    Players are indices 0..n-1 into the sorted player list.  Each round has
    tables (lists of indices) and ``where[r][p]`` (table index, -1 = bye).
    Byes and odd-size tables are handed out up front by fairness; the search
    swaps players between tables of the same size, and, in the first round
    when ``flexible``, also between sizes when both players are tied for an
    odd table (so fairness holds either way).

    ``gp[p*n+q]`` is the marginal cost of seating p with q once more in some
    round: history cost ``g`` + UNIT * meetings in the planned rounds.
    Removing a meeting saves ``gp - UNIT``; a pair is *bad* when it sits
    together in a planned round and ``gp > UNIT`` (a repeat).  For swiss the
    cost adds, per table, the sum over pairs of the rank distance.
    """

    def __init__(
        self,
        players: list[PlayerId],
        rounds: int,
        *,
        history: Sequence[Seating],
        method: str,
        seed: int,
        table_size: int,
        odd: str,
        effort: float,
        ranks: Mapping[PlayerId, int] | None = None,
        flexible: bool = False,
        seat_seed: int | None = None,
        seat_round: int = 0,
        constructions: bool = True,
    ) -> None:
        if method not in GENERATING_METHODS:
            raise SeatingError(
                "bad_method", "Unknown seating method %(method)s: use one of %(choices)s.",
                method=method, choices=", ".join(GENERATING_METHODS),
            )
        self.players = players
        self.n = n = len(players)
        self.plan = table_plan(n, table_size=table_size, odd=odd)
        self.rounds = rounds
        self.method = method
        self.seed = seed
        self.seat_seed = seed if seat_seed is None else seat_seed
        self.seat_round = seat_round
        self.table_size = table_size
        self.effort = effort
        self.flexible = flexible
        self.constructions = constructions
        self.rng = random.Random(f"cuori-seating:{seed}")
        index = {p: i for i, p in enumerate(players)}
        # One repeat outweighs any rank-distance change a swap can make.
        big = max(self.plan.sizes) ** 2
        self.unit = unit = 4 * big * max(n, 1)
        self.g: dict[int, int] = {}
        met_ages: dict[int, list[int]] = {}
        age = len(history)
        for seating in history:
            for table in seating.tables:
                here = [index[p] for p in table if p in index]
                for i, a in enumerate(here):
                    for b in here[i + 1:]:
                        met_ages.setdefault(a * n + b if a < b else b * n + a, []).append(age)
            age -= 1
        for key, ages in met_ages.items():
            cost = len(ages) * sum(unit + unit // a for a in ages)
            a, b = divmod(key, n)
            self.g[key] = self.g[b * n + a] = cost
        byes, odds = fairness_counts(history, table_size=table_size)
        self.bye_count = [byes.get(p, 0) for p in players]
        self.odd_count = [odds.get(p, 0) for p in players]
        self.rank: list[int] | None = None
        if ranks is not None:
            last = max(ranks.values(), default=-1) + 1
            self.rank = [ranks.get(p, last) for p in players]
        self.may_switch = [False] * n

    # -- set-up ------------------------------------------------------------

    def _classes(self) -> list[tuple[list[int], list[int], list[int]]]:
        """Per round: (byes, players for odd tables, players for standard
        tables), fewest past byes / odd tables first; ties broken by lowest
        rank for swiss, else at random."""
        n, plan, rng = self.n, self.plan, self.rng
        odd_seats = sum(s for s in plan.sizes if s != self.table_size)
        byes, odds = list(self.bye_count), list(self.odd_count)
        out = []
        for r in range(self.rounds):
            if self.rank is not None:
                tie = [-x for x in self.rank]
            else:
                tie = [rng.random() for _ in range(n)]
            order = sorted(range(n), key=lambda p: (byes[p], tie[p]))
            bye_players = sorted(order[: plan.byes])
            for p in bye_players:
                byes[p] += 1
            rest = order[plan.byes:]
            rest.sort(key=lambda p: (odds[p], tie[p]))
            odd_players = sorted(rest[:odd_seats])
            if r == 0 and self.flexible and odd_seats:
                threshold = odds[rest[odd_seats - 1]]
                for p in rest:
                    self.may_switch[p] = odds[p] == threshold
            for p in odd_players:
                odds[p] += 1
            out.append((bye_players, odd_players, sorted(rest[odd_seats:])))
        return out

    def _initial(self) -> list[list[list[int]]]:
        plan, rng = self.plan, self.rng
        classes = self._classes()
        std = [s for s in plan.sizes if s == self.table_size]
        odd = [s for s in plan.sizes if s != self.table_size]
        known = self._known() if self.constructions else None
        if known is not None:
            return known
        # masks of players each one should not meet again
        avoid = [0] * self.n
        for key in self.g:
            a, b = divmod(key, self.n)
            avoid[a] |= 1 << b
        rounds = []
        for _bye, odd_players, std_players in classes:
            tables: list[list[int]] = []
            for group, sizes in ((std_players, std), (odd_players, odd)):
                if self.method == BALANCED:
                    tables.extend(self._greedy(group, sizes, avoid))
                    continue
                group = list(group)
                if self.rank is not None:  # swiss: consecutive ranks
                    group.sort(key=lambda p: (self.rank[p], p))  # type: ignore[index]
                else:
                    rng.shuffle(group)
                start = 0
                for size in sizes:
                    tables.append(group[start:start + size])
                    start += size
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1:]:
                        avoid[a] |= 1 << b
                        avoid[b] |= 1 << a
            rounds.append(tables)
        return rounds

    def _greedy(self, group: list[int], sizes: list[int], avoid: list[int]) -> list[list[int]]:
        """First fit from a random table: each player (in random order) goes
        to an open table holding nobody it should avoid, else to the open
        table with the fewest such players."""
        rng = self.rng
        order = list(group)
        rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in sizes]
        masks = [0] * len(sizes)
        open_ = list(range(len(sizes)))
        for p in order:
            start = rng.randrange(len(open_))
            best, best_hits = -1, -1
            for j in range(len(open_)):
                t = open_[(start + j) % len(open_)]
                hits = masks[t] & avoid[p]
                if not hits:
                    best = t
                    break
                count = hits.bit_count()
                if best_hits < 0 or count < best_hits:
                    best, best_hits = t, count
            tables[best].append(p)
            masks[best] |= 1 << p
            if len(tables[best]) == sizes[best]:
                open_.remove(best)
        return tables

    def _known(self) -> list[list[list[int]]] | None:
        """A known perfect schedule, relabelled at random, when one applies:
        balanced, no history among the players, one table size and no byes,
        and either 4**k players at tables of 4
        (:func:`affine_parallel_classes`) or k * q players at tables of k for
        a prime power q >= k (:func:`transversal_rounds`), for few enough
        rounds."""
        n, k = self.n, self.table_size
        if self.method != BALANCED or self.g or len(set(self.plan.sizes)) > 1 or self.plan.byes:
            return None
        bits = n.bit_length() - 1
        classes: list[list[list[int]]] = []
        if k == 4 and n >= 16 and n == 1 << bits and bits % 2 == 0:
            classes = affine_parallel_classes(bits // 2)  # (n - 1) / 3 rounds
        if len(classes) < self.rounds and n % k == 0:
            classes = transversal_rounds(n // k, k)  # n / k rounds
        if len(classes) < self.rounds:
            return None
        label = list(range(n))
        self.rng.shuffle(label)
        self.rng.shuffle(classes)
        return [[[label[p] for p in line] for line in lines] for lines in classes[: self.rounds]]

    # -- bookkeeping -------------------------------------------------------

    def _load(self, rounds: list[list[list[int]]]) -> None:
        n = self.n
        self.tables = [[list(t) for t in tables] for tables in rounds]
        self.where = []
        for tables in self.tables:
            where = [-1] * n
            for t, table in enumerate(tables):
                for p in table:
                    where[p] = t
            self.where.append(where)
        self.gp = dict(self.g)
        self.bad: list[int] = []
        self.bad_at: dict[int, int] = {}
        for tables in self.tables:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1:]:
                        self._inc(a, b)
        self.cost = self._total()

    def _total(self) -> int:
        """The cost from scratch: each pair meeting m times in the planned
        rounds costs m * g + UNIT * m * (m - 1) / 2, plus swiss distances."""
        n, unit = self.n, self.unit
        cost = 0
        for key, value in self.gp.items():
            a, b = divmod(key, n)
            if a < b:
                base = self.g.get(key, 0)
                m = (value - base) // unit
                cost += m * base + unit * m * (m - 1) // 2
        if self.rank is not None:
            cost += sum(self._distance(t) for t in self.tables[0])
        return cost

    def _distance(self, table: list[int]) -> int:
        """Sum over pairs at the table of their rank distance."""
        values = sorted(self.rank[p] for p in table)  # type: ignore[index]
        size = len(values)
        return sum((2 * i - size + 1) * v for i, v in enumerate(values))

    def _mark(self, a: int, b: int, value: int) -> None:
        """Keep ``bad`` in step with the pair's new ``gp`` value."""
        key = a * self.n + b if a < b else b * self.n + a
        bad = value > self.unit and value > self.g.get(key, 0)
        if bad and key not in self.bad_at:
            self.bad_at[key] = len(self.bad)
            self.bad.append(key)
        elif not bad and key in self.bad_at:
            i = self.bad_at.pop(key)
            last = self.bad.pop()
            if last != key:
                self.bad[i] = last
                self.bad_at[last] = i

    def _inc(self, a: int, b: int) -> None:
        gp, n = self.gp, self.n
        value = gp.get(a * n + b, 0) + self.unit
        gp[a * n + b] = gp[b * n + a] = value
        self._mark(a, b, value)

    def _dec(self, a: int, b: int) -> None:
        gp, n = self.gp, self.n
        value = gp[a * n + b] - self.unit
        if value:
            gp[a * n + b] = gp[b * n + a] = value
        else:
            del gp[a * n + b], gp[b * n + a]
        self._mark(a, b, value)

    def _swap(self, r: int, a: int, b: int, delta: int) -> None:
        where, tables = self.where[r], self.tables[r]
        ta, tb = where[a], where[b]
        A, B = tables[ta], tables[tb]
        for x in A:
            if x != a:
                self._dec(a, x)
                self._inc(b, x)
        for y in B:
            if y != b:
                self._dec(b, y)
                self._inc(a, y)
        A[A.index(a)] = b
        B[B.index(b)] = a
        where[a], where[b] = tb, ta
        self.cost += delta

    # -- search ------------------------------------------------------------

    def _candidates(self, r: int, a: int) -> tuple[int, list[int]]:
        """Best swap partners for ``a`` in round ``r`` (ties) and their
        delta; tabu moves are skipped unless they beat the best cost."""
        n, gp, unit = self.n, self.gp, self.unit
        where, tables = self.where[r], self.tables[r]
        ta = where[a]
        A = tables[ta]
        size = len(A)
        others_a = [x for x in A if x != a]
        out_a = sum(gp.get(a * n + x, 0) - unit for x in others_a)
        switch = self.may_switch if r == 0 and self.may_switch[a] else None
        rank = self.rank
        window = len(tables)
        if rank is not None:
            ra = rank[a]
            ranks_a = [rank[x] for x in others_a]
            out_a += sum(abs(ra - x) for x in ranks_a)
            window = 6  # tables started in rank order: far ones only widen spreads
        tabu, it, best_cost, cost = self.tabu, self.iteration, self.best_cost, self.cost
        best_delta = 0
        best: list[int] = []
        an = a * n
        for tb in range(max(0, ta - window), min(len(tables), ta + window + 1)):
            B = tables[tb]
            if tb == ta:
                continue
            if len(B) != size and switch is None:
                continue
            into_b = 0
            for y in B:
                into_b += gp.get(an + y, 0)
            if rank is not None:
                into_b += sum(abs(ra - rank[y]) for y in B)
            tabu_a = tabu.get((r, a, tb), -1) > it
            for b in B:
                if switch is not None and len(B) != size and not switch[b]:
                    continue
                bn = b * n
                d = into_b - gp.get(an + b, 0) - out_a
                for x in others_a:
                    d += gp.get(bn + x, 0)
                for y in B:
                    if y != b:
                        d -= gp.get(bn + y, 0) - unit
                if rank is not None:
                    rb = rank[b]
                    d -= abs(ra - rb)
                    for x in ranks_a:
                        d += abs(rb - x)
                    for y in B:
                        if y != b:
                            d -= abs(rb - rank[y])
                if (tabu_a or tabu.get((r, b, ta), -1) > it) and cost + d >= best_cost:
                    continue
                if not best or d < best_delta:
                    best_delta, best = d, [b]
                elif d == best_delta:
                    best.append(b)
        return best_delta, best

    def _best_over_conflicts(self) -> tuple[tuple[int, int], int, list[int]]:
        """The best swap over every player in a repeated pair, in every
        round of the repeat (Dotu and Van Hentenryck's neighbourhood); ties
        broken at random."""
        n = self.n
        seen = set()
        best_delta = 0
        best: list[tuple[tuple[int, int], int]] = []
        for key in self.bad:
            a, b = divmod(key, n)
            for r, where in enumerate(self.where):
                if where[a] != where[b] or where[a] == -1:
                    continue
                for p in (a, b):
                    if (r, p) in seen:
                        continue
                    seen.add((r, p))
                    delta, partners = self._candidates(r, p)
                    if not partners:
                        continue
                    if not best or delta < best_delta:
                        best_delta, best = delta, [((r, p), q) for q in partners]
                    elif delta == best_delta:
                        best.extend(((r, p), q) for q in partners)
        if not best:
            return self._pick() or (0, 0), 0, []
        picked, partner = best[self.rng.randrange(len(best))]
        return picked, best_delta, [partner]

    def _pick(self) -> tuple[int, int] | None:
        """A player in a repeated pair and the round of the repeat; for
        swiss with no repeats left, any player at a table wider than its
        size; None when there is nothing to improve."""
        rng, n = self.rng, self.n
        if self.bad:
            key = self.bad[rng.randrange(len(self.bad))]
            a, b = divmod(key, n)
            rounds = [r for r, where in enumerate(self.where) if where[a] == where[b] != -1]
            r = rounds[rng.randrange(len(rounds))]
            return r, (a if rng.random() < 0.5 else b)
        if self.rank is not None:
            rank = self.rank
            wide = [
                t for t in self.tables[0]
                if max(rank[p] for p in t) - min(rank[p] for p in t) > len(t) - 1
            ]
            if wide:
                table = wide[rng.randrange(len(wide))]
                return 0, table[rng.randrange(len(table))]
        return None

    def _snapshot(self) -> list[list[list[int]]]:
        return [[list(t) for t in tables] for tables in self.tables]

    def run(self) -> list[Seating]:
        self._load(self._initial())
        if self.method != RANDOM:
            self._search()
        return self._result()

    def _search(self) -> None:
        """Tabu search (after Dotu and Van Hentenryck, "Scheduling social
        golfers locally", 2005): move a player in a repeated pair to the
        best swap in its round; restart from the best schedule, shaken, when
        stuck; stop at zero repeats, after ten restarts in a row that found
        nothing better, or when the iteration budget is spent (all scaled by
        effort; iterations, not seconds, so the result does not depend on
        the machine)."""
        rng = self.rng
        n = self.n
        budget = int(self.effort * (30000 + 20 * n * self.rounds))
        stall_limit = max(100, 10 * n)
        max_restarts = int(self.effort * 10)
        fruitless = 0
        swiss_patience = int(self.effort * (100 + 2 * len(self.tables[0])))
        self.tabu: dict[tuple[int, int, int], int] = {}
        self.best_cost = self.cost
        best = self._snapshot()
        last_gain = 0
        self.iteration = 0
        while self.iteration < budget:
            self.iteration += 1
            it = self.iteration
            if self.rank is None and 0 < len(self.bad) * n <= WIDE_NEIGHBOURHOOD:
                picked, delta, partners = self._best_over_conflicts()
            else:
                picked = self._pick()
                if picked is None:
                    break
                delta, partners = self._candidates(*picked)
            r, a = picked
            if self.rank is not None:
                if it - last_gain > swiss_patience:
                    break
                if not self.bad and delta >= 0:
                    continue  # spread polishing takes improving moves only
            if not partners:
                continue
            b = partners[rng.randrange(len(partners))]
            ta, tb = self.where[r][a], self.where[r][b]
            self._swap(r, a, b, delta)
            tenure = 1 + rng.randrange(4)
            self.tabu[(r, a, ta)] = it + tenure
            self.tabu[(r, b, tb)] = it + tenure
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                best = self._snapshot()
                last_gain = it
                fruitless = 0
            elif it - last_gain > stall_limit and self.rank is None:
                # restart from the best schedule, shaken by a few random swaps;
                # give up after many restarts without a better schedule
                fruitless += 1
                if fruitless > max_restarts:
                    break
                self._load(best)
                self.tabu.clear()
                for _ in range(1 + rng.randrange(3)):
                    self._random_swap()
                last_gain = it
        self._load(best)

    def _random_swap(self) -> None:
        rng = self.rng
        picked = self._pick()
        if picked is None:
            return
        r, a = picked
        where = self.where[r]
        size = len(self.tables[r][where[a]])
        options = [
            b for b in range(self.n)
            if where[b] >= 0 and where[b] != where[a] and len(self.tables[r][where[b]]) == size
        ]
        if options:
            self._swap(r, a, options[rng.randrange(len(options))], 0)
            self.cost = self._total()

    def _result(self) -> list[Seating]:
        players, k = self.players, self.table_size
        out = []
        for r, tables in enumerate(self.tables):
            seat_rng = random.Random(f"cuori-seats:{self.seat_seed}:{self.seat_round + r}")
            if self.rank is not None:
                rank = self.rank
                tables = sorted(tables, key=lambda t: sorted(rank[p] for p in t))
            else:
                tables = sorted(tables, key=lambda t: (len(t) != k, min(t)))
            seated = []
            for table in tables:
                order = sorted(table)
                seat_rng.shuffle(order)
                seated.append(tuple(players[p] for p in order))
            byes = tuple(players[p] for p in range(self.n) if self.where[r][p] == -1)
            out.append(Seating(tuple(seated), byes))
        return out
