"""The balanced seating search: a tabu search over swaps of two players.

Pure Python over plain data (no Django).  Players are indices ``0..n-1``;
a *schedule* is a list of rounds, each a list of tables, each a list of
players.  :func:`search` takes a :class:`SearchProblem` and returns the
best schedule found.

What is minimised, in this order (one integer cost, see :class:`CostModel`):

1. repeated pairs: a pair that shares a table ``m`` times over the history
   and the planned rounds counts ``m - 1`` (``seating.count_repeated_pairs``);
2. among equal repeat counts: repeats spread over many pairs rather than
   one pair meeting three times, old meetings repeated before recent ones,
   and players of one club kept apart (the organizer's club weight);
3. for swiss only (first planned round): the sum, over tables, of the rank
   distances of every pair at the table.

Fairness is a constraint, not a cost: who gets a bye or a table of odd
size in each round (*statuses*) is handed out before the search by
:func:`fair_statuses` (fewest past byes / odd tables first), and the search
only makes swaps that keep it (:meth:`TabuSearch.may_swap`).

The search is Dotu and Van Hentenryck's tabu search for the social golfer
problem ("Scheduling social golfers locally", CPAIOR 2005): the
neighbourhood is every swap of a player in a repeated pair with a player
at another table of the same round (over a random sample of the repeated
pairs when there are many); the best non-tabu swap is made (tabu: the
player may not go back to the table it left for a few iterations, unless
that beats the best schedule); when stuck it restarts from the best
schedule with a few random swaps.  It starts from the rounds planned one
at a time (:func:`sequential_schedule`, each round by the same search
given the rounds before it), each round first filled greedily in the
spirit of Triska and Musliu ("An effective greedy heuristic for the social
golfer problem", Annals of OR 194, 2012): each player goes to a table
holding nobody it has met, when there is one.  All randomness comes from
one ``random.Random`` seeded by the caller, and the budget is counted in
swap evaluations, not seconds: same input, same schedule, on any machine
(``EVALUATIONS_PER_EFFORT``: about 1 to 2 s of CPython 3.11 on one core
of this machine).

The same search is written in C (``_seating_core.c``, compiled by ``pip
install``): :func:`search` runs it whenever it is built, except for swiss
(which weighs ranks), with a hundred times the evaluations in the same
time (``NATIVE_EVALUATIONS_PER_EFFORT``), a longer tabu tenure, and one
restart move in four an *exchange of statuses*: two players, one at a
table of 3 or 5 (or on a bye) and one not, swap in one round and back in
another where it is the other way round, so their counts stay fair (a
single swap cannot move an odd table when every count is fixed: 18
players, two tables of 3, 6 rounds went from 9-15 repeats by seed to 6).  Its
randomness is its own (xoshiro256**, seeded from the same ``Random``), so
a plan is the same on every machine where the C search is built; where it
is not, the Python search plans (valid and fair, with more repeats).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from .seating_bounds import new_repeats_bound

try:  # the search's core in C, built by `pip install` (tournaments/_seating_core.c)
    from . import _seating_core
except ImportError:  # pragma: no cover - no C compiler when installed
    _seating_core = None  # type: ignore[assignment]

Schedule = list[list[list[int]]]  # rounds -> tables -> players (0..n-1)

#: Status of a player in a planned round.
STANDARD, ODD, BYE = 0, 1, 2

#: Swap evaluations per unit of ``effort`` for the Python search (1 to 2 s
#: of one core here; the search stops far earlier when it reaches the
#: lower bound on repeats).
EVALUATIONS_PER_EFFORT = 1_500_000
#: The same for the C search (``_seating_core``), which makes the same
#: moves about a hundred times faster.
NATIVE_EVALUATIONS_PER_EFFORT = 150_000_000
#: Whether the C search is built (else :func:`search` runs the Python one).
NATIVE = _seating_core is not None
#: Restarts from the best schedule (after a stall) per unit of effort, C
#: search (the Python one: 40): small fields stop there, long before the
#: budget is spent.
NATIVE_RESTARTS_PER_EFFORT = 4000
#: Tabu tenure of the C search: a player may not go back to the table it
#: left for 1 to this many steps, drawn at random (the Python search: 4;
#: 20 left 4 % fewer repeats over the fields of bench/seating.py above
#: their bound, at the same budget).
NATIVE_TABU_TENURE = 20


@dataclass(frozen=True)
class SearchProblem:
    """What to plan.

    n: players, numbered 0..n-1.
    sizes: table sizes of each planned round (the same every round),
        standard tables first; ``byes`` players sit out each round.
    table_size: the standard size; any other size is an *odd* table.
    past_ages: for each pair (a, b), a < b, that met in the history, the
        ages of those meetings (1 = the last round played).
    past_byes, past_odd: per player, byes and odd-size tables so far.
    rounds: how many rounds to plan (>= 1).
    ranks: per player, 0-based standings position (swiss), or None; rank
        distances count in the first planned round only.
    clubs, club_weight: per player its club ("" = none); each meeting of
        two players of one club costs ``club_weight`` spread units (less
        than a repeat, whatever the weight).
    target: a lower bound on the repeated pairs the planned rounds add
        (``seating_bounds``); once reached the search only polishes the
        rest of the cost, and stops at the first stall.
    start: a schedule to start from (a known design), or None for the
        greedy start; it must agree with the fair statuses if given.
    seed: seeds the random choices; effort: scales the budget.
    """

    n: int
    sizes: tuple[int, ...]
    rounds: int
    table_size: int = 4
    byes: int = 0
    past_ages: Mapping[tuple[int, int], Sequence[int]] = field(default_factory=dict)
    past_byes: Sequence[int] = ()
    past_odd: Sequence[int] = ()
    ranks: Sequence[int] | None = None
    clubs: Sequence[str] | None = None
    club_weight: int = 0
    target: int = 0
    start: Schedule | None = None
    seed: int | str = 0
    effort: float = 1.0


# --------------------------------------------------------------------------
# Fairness: who gets the byes and the odd tables


def fair_statuses(problem: SearchProblem, rng: random.Random) -> list[list[int]]:
    """Per planned round, each player's status (STANDARD, ODD or BYE).

    Byes go to the players with the fewest byes so far, then odd-size
    seats to those with the fewest odd tables so far, so that nobody gets
    a second one while another player has none, where the numbers allow.
    Ties are broken by best rank (swiss, so the leaders keep standard
    tables) or at random.
    """
    n, odd_seats = problem.n, sum(s for s in problem.sizes if s != problem.table_size)
    byes = list(problem.past_byes) or [0] * n
    odds = list(problem.past_odd) or [0] * n
    statuses = []
    for _ in range(problem.rounds):
        if problem.ranks is not None:
            tie: list[float] = [-r for r in problem.ranks]
        else:
            tie = [rng.random() for _ in range(n)]
        status = [STANDARD] * n
        order = sorted(range(n), key=lambda p: (byes[p], tie[p]))
        for p in order[: problem.byes]:
            status[p] = BYE
            byes[p] += 1
        rest = sorted(order[problem.byes :], key=lambda p: (odds[p], tie[p]))
        for p in rest[:odd_seats]:
            status[p] = ODD
            odds[p] += 1
        statuses.append(status)
    return statuses


def greedy_schedule(
    problem: SearchProblem, statuses: Sequence[Sequence[int]], rng: random.Random
) -> Schedule:
    """A start: round by round, each status group (``statuses``, from
    :func:`fair_statuses`) seated greedily (:func:`greedy_tables`) against
    the history and the rounds before; swiss seats consecutive ranks
    instead."""
    n = problem.n
    standard = [s for s in problem.sizes if s == problem.table_size]
    odd = [s for s in problem.sizes if s != problem.table_size]
    met = [0] * n  # bit masks of players met (history and planned so far)
    for a, b in problem.past_ages:
        met[a] |= 1 << b
        met[b] |= 1 << a
    schedule = []
    for status in statuses:
        tables: list[list[int]] = []
        for wanted, sizes in ((STANDARD, standard), (ODD, odd)):
            group = [p for p in range(n) if status[p] == wanted]
            if problem.ranks is not None:
                ranks = problem.ranks
                group.sort(key=lambda p: (ranks[p], p))
                cut = 0
                for size in sizes:
                    tables.append(group[cut : cut + size])
                    cut += size
            else:
                tables.extend(greedy_tables(group, sizes, met, rng))
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        met[a] |= 1 << b
        schedule.append(tables)
    return schedule


def greedy_tables(
    group: list[int], sizes: list[int], met: list[int], rng: random.Random
) -> list[list[int]]:
    """Seat ``group`` (in random order) at tables of ``sizes``: each
    player goes to the first open table, from a random one, holding
    nobody it has met (``met``: per player a bit mask), else to the open
    table holding the fewest."""
    order = list(group)
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    masks = [0] * len(sizes)
    open_tables = list(range(len(sizes)))
    for p in order:
        first = rng.randrange(len(open_tables))
        best, fewest = -1, -1
        for j in range(len(open_tables)):
            t = open_tables[(first + j) % len(open_tables)]
            clash = (masks[t] & met[p]).bit_count()
            if clash == 0:
                best = t
                break
            if fewest < 0 or clash < fewest:
                best, fewest = t, clash
        tables[best].append(p)
        masks[best] |= 1 << p
        if len(tables[best]) == sizes[best]:
            open_tables.remove(best)
    return tables


# --------------------------------------------------------------------------
# The cost


@dataclass(frozen=True)
class CostModel:
    """Integer weights of the cost (see the module docstring).

    repeat: one repeated pair; spread: added per earlier meeting beyond the
    first (a third meeting costs more than a second); recency: for a pair
    that met ``a`` rounds ago, ``recency // a`` on each further meeting.
    Rank distances (swiss) are counted in units of 1: ``repeat`` outweighs
    any rank-distance change a swap can make.
    """

    repeat: int
    spread: int
    recency: int
    club: int

    @classmethod
    def for_field(cls, n: int, largest_table: int, rounds: int, club_weight: int = 0) -> CostModel:
        rank_unit = 4 * largest_table**2 * max(n, 1)  # > any swap's rank-distance change
        # one repeat outweighs what a swap can change in the other terms
        repeat = rank_unit * (8 * (rounds + 2) + 4 * largest_table * club_weight)
        return cls(repeat=repeat, spread=rank_unit, recency=rank_unit, club=rank_unit * club_weight)

    def meeting_cost(self, meeting: int, recency: int) -> int:
        """Cost of a pair's ``meeting``-th meeting (1 = the first: free)."""
        if meeting <= 1:
            return 0
        return self.repeat + self.spread * (meeting - 2) + recency


# --------------------------------------------------------------------------
# The search


class TabuSearch:
    """State of one search: the schedule, per-pair meeting counts and costs.

    Arrays indexed by ``a * n + b`` (both orders kept equal):
    ``meetings`` (history + planned), ``next_cost`` (what one more meeting
    would cost) and ``last_cost`` (what the latest meeting costs, saved by
    separating the pair).  ``table_of[r][p]`` is the player's table index
    in planned round ``r`` (-1 for a bye); ``statuses[r][p]`` its status.
    """

    def __init__(self, problem: SearchProblem) -> None:
        self.problem = problem
        self.n = n = problem.n
        self.rng = random.Random(f"cuori-seating:{problem.seed}")
        self.costs = CostModel.for_field(n, max(problem.sizes), problem.rounds, problem.club_weight)
        self.ranks = list(problem.ranks) if problem.ranks is not None else None
        self.past = [0] * (n * n)
        self.recency = [0] * (n * n)
        self.club = [0] * (n * n)  # cost of any meeting of the pair (same club)
        clubs = problem.clubs
        if clubs is not None and self.costs.club:
            for a in range(n):
                for b in range(n):
                    if a != b and clubs[a] and clubs[a] == clubs[b]:
                        self.club[a * n + b] = self.costs.club
        for (a, b), ages in problem.past_ages.items():
            bonus = sum(self.costs.recency // age for age in ages)
            for key in (a * n + b, b * n + a):
                self.past[key] = len(ages)
                self.recency[key] = bonus
        self.statuses = fair_statuses(problem, self.rng)
        self.evaluations = 0
        self.budget = int(problem.effort * EVALUATIONS_PER_EFFORT)
        if problem.start is not None:
            start = problem.start
        elif problem.rounds > 1 and problem.ranks is None:
            start = sequential_schedule(problem, self.budget // 4)
            self.evaluations = self.budget // 4
        else:
            start = self.greedy_schedule()
        self.load(start)

    # -- initial schedule ---------------------------------------------------

    def greedy_schedule(self) -> Schedule:
        """Round by round, each status group filled greedily
        (:func:`greedy_schedule`)."""
        return greedy_schedule(self.problem, self.statuses, self.rng)

    # -- state --------------------------------------------------------------

    def load(self, schedule: Schedule) -> None:
        """Make ``schedule`` the current one and recompute every count."""
        n = self.n
        self.tables = [[list(t) for t in tables] for tables in schedule]
        self.table_of = []
        for r, tables in enumerate(self.tables):
            where = [-1] * n
            for t, table in enumerate(tables):
                for p in table:
                    where[p] = t
            self.table_of.append(where)
            self.statuses[r] = [
                BYE
                if where[p] < 0
                else ODD
                if len(tables[where[p]]) != self.problem.table_size
                else STANDARD
                for p in range(n)
            ]
        self.meetings = list(self.past)
        for tables in self.tables:
            for table in tables:
                for a in table:
                    for b in table:
                        if a != b:
                            self.meetings[a * n + b] += 1
        self.next_cost = [0] * (n * n)
        self.last_cost = [0] * (n * n)
        for key in range(n * n):
            if self.meetings[key] or self.club[key]:
                self._price(key)
        # pair keys a*n+b (a < b) that cost something in a planned round:
        # repeated pairs, and players of one club seated together
        self.conflicts: list[int] = []
        self.conflict_index: dict[int, int] = {}
        for tables in self.tables:
            for table in tables:
                for a in table:
                    for b in table:
                        if a < b:
                            self._track(a * n + b)
        self._fairness_counts()
        self.cost = self.total_cost()
        self.repeat_count = self.count_repeats()

    def _price(self, key: int) -> None:
        count, recency, costs, club = (
            self.meetings[key],
            self.recency[key],
            self.costs,
            self.club[key],
        )
        self.next_cost[key] = costs.meeting_cost(count + 1, recency) + club
        self.last_cost[key] = costs.meeting_cost(count, recency) + club

    def _track(self, key: int) -> None:
        """Keep ``conflicts`` in step with the pair's count (key: a < b)."""
        n = self.n
        a, b = divmod(key, n)
        repeated = (self.meetings[key] >= 2 or self.club[key] > 0) and any(
            where[a] == where[b] >= 0 for where in self.table_of
        )
        if repeated and key not in self.conflict_index:
            self.conflict_index[key] = len(self.conflicts)
            self.conflicts.append(key)
        elif not repeated and key in self.conflict_index:
            i = self.conflict_index.pop(key)
            last = self.conflicts.pop()
            if last != key:
                self.conflicts[i] = last
                self.conflict_index[last] = i

    def _meet(self, a: int, b: int, change: int) -> None:
        n = self.n
        before = self.meetings[a * n + b]
        self.repeat_count += (before >= 1) if change > 0 else -(before >= 2)
        for key in (a * n + b, b * n + a):
            self.meetings[key] += change
            self._price(key)
        self._track(a * n + b if a < b else b * n + a)

    def _fairness_counts(self) -> None:
        """``counted[kind][r][p]``: byes (kind 0) and odd-size tables (kind
        1) of player p after planned round r, history included;
        ``histogram[kind][r]``: how many players have each count;
        ``allowed[kind][r]``: the largest spread (most - fewest) a move may
        leave after round r: 1, or the spread of the fair statuses when the
        history (late players) makes 1 impossible."""
        n, rounds = self.n, len(self.tables)
        self.fair_trades: dict[tuple[int, int, int, int], bool] = {}
        self.counted: list[list[list[int]]] = []
        self.histogram: list[list[dict[int, int]]] = []
        self.allowed: list[list[int]] = []
        for kind, past in ((BYE, self.problem.past_byes), (ODD, self.problem.past_odd)):
            counts = list(past) or [0] * n
            per_round, histograms, allowed = [], [], []
            for r in range(rounds):
                status = self.statuses[r]
                counts = [c + (status[p] == kind) for p, c in enumerate(counts)]
                per_round.append(counts)
                histogram: dict[int, int] = {}
                for c in counts:
                    histogram[c] = histogram.get(c, 0) + 1
                histograms.append(histogram)
                allowed.append(max(1, max(histogram) - min(histogram)))
            self.counted.append(per_round)
            self.histogram.append(histograms)
            self.allowed.append(allowed)

    def may_swap(self, r: int, a: int, b: int) -> bool:
        """Whether swapping a and b in planned round r keeps fairness: the
        same status, or, for a bye or an odd table traded for a standard
        seat, no spread of counts after r grows past the allowed one."""
        status = self.statuses[r]
        if status[a] == status[b]:
            return True
        for kind, gives, takes in ((BYE, a, b), (ODD, a, b), (BYE, b, a), (ODD, b, a)):
            if status[gives] == kind and not self._fair_trade(kind, r, gives, takes):
                return False
        return True

    def _fair_trade(self, kind: int, r: int, gives: int, takes: int) -> bool:
        """Whether player ``gives`` may hand its status ``kind`` in round r
        to ``takes``: both counts change by one from round r on.  Answers
        are kept until the counts change (:meth:`_trade`, :meth:`load`)."""
        key = (kind, r, gives, takes)
        known = self.fair_trades.get(key)
        if known is None:
            known = self.fair_trades[key] = self._check_trade(kind, r, gives, takes)
        return known

    def _check_trade(self, kind: int, r: int, gives: int, takes: int) -> bool:
        k = 0 if kind == BYE else 1
        counted, histograms, allowed = self.counted[k], self.histogram[k], self.allowed[k]
        for s in range(r, len(self.tables)):
            counts, histogram = counted[s], histograms[s]
            old_g, old_t = counts[gives], counts[takes]
            if old_g - 1 == old_t:
                continue  # the two counts are only exchanged
            low = min(
                (v for v, c in histogram.items() if c > (v == old_g) + (v == old_t)),
                default=old_t + 1,
            )
            high = max(
                (v for v, c in histogram.items() if c > (v == old_g) + (v == old_t)),
                default=old_t + 1,
            )
            if max(high, old_g - 1, old_t + 1) - min(low, old_g - 1, old_t + 1) > allowed[s]:
                return False
        return True

    def _trade(self, kind: int, r: int, gives: int, takes: int) -> None:
        self.fair_trades.clear()
        k = 0 if kind == BYE else 1
        for s in range(r, len(self.tables)):
            counts, histogram = self.counted[k][s], self.histogram[k][s]
            for p, step in ((gives, -1), (takes, 1)):
                histogram[counts[p]] -= 1
                counts[p] += step
                histogram[counts[p]] = histogram.get(counts[p], 0) + 1

    def total_cost(self) -> int:
        """The cost from scratch (the incremental one must equal it)."""
        n, costs = self.n, self.costs
        cost = 0
        for a in range(n):
            for b in range(a + 1, n):
                key = a * n + b
                for meeting in range(self.past[key] + 1, self.meetings[key] + 1):
                    cost += costs.meeting_cost(meeting, self.recency[key]) + self.club[key]
        if self.ranks is not None:
            cost += sum(self.rank_distance(t) for t in self.tables[0])
        return cost

    def repeats(self) -> int:
        """Repeated pairs the planned rounds add to the history (kept up to
        date swap by swap; :meth:`count_repeats` counts them afresh)."""
        return self.repeat_count

    def count_repeats(self) -> int:
        """Repeated pairs the planned rounds add, counted from scratch."""
        n = self.n
        total = 0
        for a in range(n):
            for b in range(a + 1, n):
                key = a * n + b
                total += max(0, self.meetings[key] - 1) - max(0, self.past[key] - 1)
        return total

    def rank_distance(self, table: list[int]) -> int:
        """Sum over pairs at the table of their rank distance."""
        ranks = self.ranks
        assert ranks is not None
        values = sorted(ranks[p] for p in table)
        size = len(values)
        return sum((2 * i - size + 1) * v for i, v in enumerate(values))

    # -- moves ----------------------------------------------------------------

    def swap(self, r: int, a: int, b: int, delta: int) -> None:
        """Swap players a and b (seated or on a bye) in planned round r."""
        where, tables = self.table_of[r], self.tables[r]
        ta, tb = where[a], where[b]
        mates_a = [x for x in tables[ta] if x != a] if ta >= 0 else []
        mates_b = [y for y in tables[tb] if y != b] if tb >= 0 else []
        if ta >= 0:
            table = tables[ta]
            table[table.index(a)] = b
        if tb >= 0:
            table = tables[tb]
            table[table.index(b)] = a
        where[a], where[b] = tb, ta
        for x in mates_a:
            self._meet(a, x, -1)
            self._meet(b, x, +1)
        for y in mates_b:
            self._meet(b, y, -1)
            self._meet(a, y, +1)
        status = self.statuses[r]
        if status[a] != status[b]:
            for gives, takes in ((a, b), (b, a)):
                if status[gives] != STANDARD:
                    self._trade(status[gives], r, gives, takes)
            status[a], status[b] = status[b], status[a]
        self.cost += delta

    def best_swaps(self, r: int, a: int) -> tuple[int, list[int]]:
        """The best allowed swap partners of ``a`` in planned round ``r``
        and their cost change (ties: all of them); tabu swaps are skipped
        unless they would beat the best schedule."""
        n, next_cost, last_cost = self.n, self.next_cost, self.last_cost
        where, tables, status = self.table_of[r], self.tables[r], self.statuses[r]
        ta = where[a]
        mates_a = [x for x in tables[ta] if x != a] if ta >= 0 else []
        an = a * n
        leave_a = sum(last_cost[an + x] for x in mates_a)
        ranks = self.ranks if r == 0 else None
        window = len(tables)
        if ranks is not None:
            rank_a = ranks[a]
            ranks_a = [ranks[x] for x in mates_a]
            leave_a += sum(abs(rank_a - x) for x in ranks_a)
            window = 6  # tables start in rank order: far ones only widen spreads
        status_a = status[a]
        tabu, now, aspiration = self.tabu, self.iteration, self.best_cost - self.cost
        best_delta, best = 0, []
        groups: list[tuple[int, list[int]]] = [
            (tb, tables[tb])
            for tb in range(max(0, ta - window), min(len(tables), ta + window + 1))
            if tb != ta
        ]
        if self.problem.byes and ta >= 0:
            groups.append((-1, [p for p in range(n) if where[p] < 0]))
        evaluations = 0
        for tb, group in groups:
            seated = tb >= 0
            join_b = sum(next_cost[an + y] for y in group) if seated else 0
            if ranks is not None and seated:
                join_b += sum(abs(rank_a - ranks[y]) for y in group)
            tabu_a = tabu.get((r, a, tb), -1) > now
            for b in group:
                evaluations += 1
                bn = b * n
                delta = -leave_a
                for x in mates_a:
                    delta += next_cost[bn + x]
                if seated:
                    delta += join_b - next_cost[an + b]
                    for y in group:
                        if y != b:
                            delta -= last_cost[bn + y]
                if ranks is not None:
                    rank_b = ranks[b]
                    for x in ranks_a:
                        delta += abs(rank_b - x)
                    if seated:
                        delta -= abs(rank_a - rank_b)
                        for y in group:
                            if y != b:
                                delta -= abs(rank_b - ranks[y])
                if best and delta > best_delta:
                    continue
                if (tabu_a or tabu.get((r, b, ta), -1) > now) and delta >= aspiration:
                    continue
                if status[b] != status_a:
                    evaluations += 1  # the fairness check (cached)
                    if not self.may_swap(r, a, b):
                        continue
                if not best or delta < best_delta:
                    best_delta, best = delta, [b]
                elif delta == best_delta:
                    best.append(b)
        self.evaluations += evaluations
        return best_delta, best

    def best_conflict_swap(self, sample: int) -> tuple[int, int, int, int] | None:
        """Dotu and Van Hentenryck's neighbourhood: the best swap over every
        player of a repeated pair, in each round where the pair meets (ties
        broken at random), over all repeated pairs or, when there are more
        than ``sample``, that many drawn at random.  Returns (round, a, b,
        delta) or None."""
        n = self.n
        seen: set[tuple[int, int]] = set()
        best_delta, best = 0, []
        conflicts = self.conflicts
        if len(conflicts) > sample:
            conflicts = self.rng.sample(conflicts, sample)
        for key in conflicts:
            pair = divmod(key, n)
            for r, where in enumerate(self.table_of):
                if where[pair[0]] != where[pair[1]] or where[pair[0]] < 0:
                    continue
                for a in pair:
                    if (r, a) in seen:
                        continue
                    seen.add((r, a))
                    delta, partners = self.best_swaps(r, a)
                    if not partners:
                        continue
                    if not best or delta < best_delta:
                        best_delta, best = delta, [(r, a, b) for b in partners]
                    elif delta == best_delta:
                        best.extend((r, a, b) for b in partners)
        if not best:
            return None
        r, a, b = best[self.rng.randrange(len(best))]
        return r, a, b, best_delta

    def random_conflict_swap(self) -> tuple[int, int, int, int] | None:
        """For large fields: a random player of a random repeated pair (or,
        for swiss with no repeat left, of a table wider than its size) and
        its best swap."""
        rng, n = self.rng, self.n
        if self.conflicts:
            a, b = divmod(self.conflicts[rng.randrange(len(self.conflicts))], n)
            rounds = [r for r, where in enumerate(self.table_of) if where[a] == where[b] >= 0]
            r, p = rounds[rng.randrange(len(rounds))], (a if rng.random() < 0.5 else b)
        elif self.ranks is not None:
            ranks = self.ranks
            wide = [
                t
                for t in self.tables[0]
                if max(ranks[p] for p in t) - min(ranks[p] for p in t) > len(t) - 1
            ]
            if not wide:
                return None
            table = wide[rng.randrange(len(wide))]
            r, p = 0, table[rng.randrange(len(table))]
        else:
            return None
        delta, partners = self.best_swaps(r, p)
        if not partners:
            return r, p, -1, 0
        return r, p, partners[rng.randrange(len(partners))], delta

    def shake(self, swaps: int) -> None:
        """A few random allowed swaps in rounds of repeated pairs."""
        rng, n = self.rng, self.n
        for _ in range(swaps):
            if self.conflicts:
                a, b = divmod(self.conflicts[rng.randrange(len(self.conflicts))], n)
                rounds = [r for r, where in enumerate(self.table_of) if where[a] == where[b] >= 0]
                r, p = rounds[rng.randrange(len(rounds))], a
            else:
                r, p = rng.randrange(len(self.tables)), rng.randrange(n)
            where = self.table_of[r]
            options = [q for q in range(n) if where[q] != where[p] and self.may_swap(r, p, q)]
            self.evaluations += n
            if options:
                self.swap(r, p, options[rng.randrange(len(options))], 0)
        self.cost = self.total_cost()

    # -- the loop ---------------------------------------------------------------

    def run(self) -> Schedule:
        """Search until the target is met, the budget is spent, or many
        restarts in a row found nothing better; returns the best schedule."""
        problem, rng, n = self.problem, self.rng, self.n
        swiss = self.ranks is not None
        self.tabu: dict[tuple[int, int, int], int] = {}
        self.best_cost = self.cost
        best = self.snapshot()
        best_repeats = self.repeats()
        stall_limit = max(200, 10 * n)
        max_restarts = max(3, int(problem.effort * 40))
        swiss_patience = int(problem.effort * (100 + 2 * len(self.tables[0])))
        sample = max(3, 256 // n)  # repeated pairs weighed per step
        self.iteration = last_gain = restarts = 0
        while self.evaluations < self.budget:
            if best_repeats <= problem.target and not swiss:
                # no fewer repeats exist: polish the rest (spread, recency,
                # clubs) until a stall, unless nothing is left to polish
                if self.best_cost <= best_repeats * self.costs.repeat:
                    break
                if self.iteration - last_gain > stall_limit:
                    break
            self.iteration += 1
            now = self.iteration
            if not swiss and self.conflicts:
                move = self.best_conflict_swap(sample)
            else:
                move = self.random_conflict_swap()
            if move is None:
                if not swiss and self.conflicts:
                    self.tabu.clear()
                    self.shake(1)
                    continue
                break
            r, a, b, delta = move
            if swiss:
                if now - last_gain > swiss_patience:
                    break
                if not self.conflicts and delta >= 0:
                    continue  # rank polishing takes improving moves only
            if b < 0:
                continue
            ta, tb = self.table_of[r][a], self.table_of[r][b]
            self.swap(r, a, b, delta)
            tenure = 1 + rng.randrange(4)
            self.tabu[(r, a, ta)] = now + tenure
            self.tabu[(r, b, tb)] = now + tenure
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                best = self.snapshot()
                best_repeats = self.repeats()
                last_gain = now
                restarts = 0
            elif now - last_gain > stall_limit and not swiss and best_repeats > problem.target:
                restarts += 1
                if restarts > max_restarts:
                    break
                self.load(best)
                self.tabu.clear()
                self.shake(2 + rng.randrange(3 + n // 16))
                last_gain = now
        return best

    def snapshot(self) -> Schedule:
        return [[list(t) for t in tables] for tables in self.tables]


def sequential_schedule(problem: SearchProblem, evaluations: int) -> Schedule:
    """A start for the joint search: the rounds planned one at a time, each
    by its own short search given the rounds before it (as if seated round
    by round), the evaluations shared equally.  Far better than a greedy
    start when repeats cannot be avoided (45 players x 12 rounds: 20
    repeats instead of 110 before the joint search starts)."""
    n = problem.n
    ages = {pair: list(a) for pair, a in problem.past_ages.items()}
    byes = list(problem.past_byes) or [0] * n
    odds = list(problem.past_odd) or [0] * n
    per_round = max(1, evaluations // problem.rounds)
    per_effort = _evaluations_per_effort(problem)
    schedule: Schedule = []
    for r in range(problem.rounds):
        one = replace(
            problem,
            rounds=1,
            past_ages=ages,
            past_byes=tuple(byes),
            past_odd=tuple(odds),
            start=None,
            seed=f"{problem.seed}:{r}",
            effort=per_round / per_effort,
            target=new_repeats_bound(n, 1, problem.sizes, len(ages)),
        )
        tables = search(one)[0]
        schedule.append(tables)
        ages = {pair: [age + 1 for age in a] for pair, a in ages.items()}
        seated = set()
        for table in tables:
            seated.update(table)
            odd = len(table) != problem.table_size
            for a in table:
                odds[a] += odd
                for b in table:
                    if a < b:
                        ages.setdefault((a, b), []).append(1)
        for p in range(n):
            byes[p] += p not in seated
    return schedule


def search(problem: SearchProblem) -> Schedule:
    """Plan ``problem.rounds`` rounds: the best schedule the tabu search
    finds within its budget (see the module docstring).  The tables of
    each round come back in the search's order; byes are the players at no
    table.  The C search runs it when built (swiss, which weighs ranks,
    always in Python)."""
    if NATIVE and problem.ranks is None:
        return native_search(problem)
    return TabuSearch(problem).run()


def _evaluations_per_effort(problem: SearchProblem) -> int:
    native = NATIVE and problem.ranks is None
    return NATIVE_EVALUATIONS_PER_EFFORT if native else EVALUATIONS_PER_EFFORT


def native_search(problem: SearchProblem) -> Schedule:
    """:class:`TabuSearch` in C: the best schedule of :func:`native_run`."""
    return native_run(problem).schedule


@dataclass(frozen=True)
class NativeResult:
    """What the C search returns: the best ``schedule`` (rounds -> tables
    -> players, tables in the start's order), the swap ``evaluations``
    spent (the budget, or fewer when it stopped early), and the best
    schedule's ``repeats`` (repeated pairs added to the history) and
    ``cost`` (:class:`CostModel` units, as :meth:`TabuSearch.total_cost`)."""

    schedule: Schedule
    evaluations: int
    repeats: int
    cost: int


def _where(start: Schedule, n: int, rounds: int) -> array:
    """Per round and player (``r * n + p``) the player's table index in
    ``start``, -1 for a bye.  Raises ValueError when ``start`` has another
    number of rounds, a player outside 0..n-1 or a player seated twice in
    a round (the byes and table sizes are checked in C)."""
    if len(start) != rounds:
        raise ValueError(f"the start has {len(start)} rounds, not {rounds}")
    where = array("i", [-1]) * (rounds * n)
    for r, tables in enumerate(start):
        for t, table in enumerate(tables):
            for p in table:
                if not 0 <= p < n or where[r * n + p] != -1:
                    raise ValueError(f"the start seats player {p} wrongly in round {r + 1}")
                where[r * n + p] = t
    return where


def native_run(problem: SearchProblem) -> NativeResult:
    """:class:`TabuSearch` in C (``_seating_core.search``): the same start
    (given, planned round by round, or greedy), the same cost model and
    moves, with :data:`NATIVE_EVALUATIONS_PER_EFFORT` evaluations per unit
    of effort.  Raises RuntimeError when the C search is not built, and
    ValueError for swiss (ranks) or a start that does not fit the problem
    (a player at two tables, the wrong number of byes)."""
    if _seating_core is None:
        raise RuntimeError("the C seating search is not built (no C compiler at install)")
    if problem.ranks is not None:
        raise ValueError("the C search does not weigh ranks (swiss): use TabuSearch")
    n, rounds = problem.n, problem.rounds
    rng = random.Random(f"cuori-seating:{problem.seed}")
    statuses = fair_statuses(problem, rng)
    budget = int(problem.effort * NATIVE_EVALUATIONS_PER_EFFORT)
    if problem.start is not None:
        start = problem.start
    elif rounds > 1:
        start = sequential_schedule(problem, budget // 4)
        budget -= budget // 4
    else:
        start = greedy_schedule(problem, statuses, rng)
    costs = CostModel.for_field(n, max(problem.sizes), rounds, problem.club_weight)
    where = _where(start, n, rounds)
    past = array("i", bytes(4 * n * n))
    recency = array("q", bytes(8 * n * n))
    for (a, b), ages in problem.past_ages.items():
        bonus = sum(costs.recency // age for age in ages)
        past[a * n + b] = past[b * n + a] = len(ages)
        recency[a * n + b] = recency[b * n + a] = bonus
    club = array("q", bytes(8 * n * n))
    if problem.clubs is not None and costs.club:
        members: dict[str, list[int]] = {}
        for p, name in enumerate(problem.clubs):
            if name:
                members.setdefault(name, []).append(p)
        for group in members.values():
            for a in group:
                for b in group:
                    if a != b:
                        club[a * n + b] = costs.club
    params = array(
        "q",
        [
            n,
            rounds,
            len(problem.sizes),
            problem.table_size,
            problem.byes,
            problem.target,
            rng.getrandbits(63),
            budget,
            max(3, int(problem.effort * NATIVE_RESTARTS_PER_EFFORT)),
            max(200, 10 * n),  # stall limit, as TabuSearch.run
            max(3, 256 // n),  # repeated pairs weighed per step, as TabuSearch.run
            NATIVE_TABU_TENURE,
            costs.repeat,
            costs.spread,
        ],
    )
    past_byes = array("i", list(problem.past_byes) or [0] * n)
    past_odd = array("i", list(problem.past_odd) or [0] * n)
    flat, evaluations, repeats, cost = _seating_core.search(
        params, where, past, recency, club, past_byes, past_odd
    )
    players = array("i")
    players.frombytes(flat)
    schedule: Schedule = []
    cut = 0
    for tables in start:
        planned = []
        for table in tables:
            planned.append(list(players[cut : cut + len(table)]))
            cut += len(table)
        schedule.append(planned)
    return NativeResult(schedule, evaluations, repeats, cost)


def random_schedule(problem: SearchProblem) -> Schedule:
    """``problem.rounds`` rounds seated at random, fairness kept (the
    ``random`` method): each status group shuffled into its tables."""
    rng = random.Random(f"cuori-seating:{problem.seed}")
    standard = [s for s in problem.sizes if s == problem.table_size]
    odd = [s for s in problem.sizes if s != problem.table_size]
    schedule = []
    for status in fair_statuses(problem, rng):
        tables = []
        for wanted, sizes in ((STANDARD, standard), (ODD, odd)):
            group = [p for p in range(problem.n) if status[p] == wanted]
            rng.shuffle(group)
            cut = 0
            for size in sizes:
                tables.append(group[cut : cut + size])
                cut += size
        schedule.append(tables)
    return schedule
