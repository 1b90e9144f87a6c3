"""How few repeated pairs a schedule can have: lower bounds and known figures.

Pure functions over counts (no Django, no players).  A field is ``n``
players over ``rounds`` rounds at tables of ``sizes`` (one round's table
sizes, the same every round) with ``byes`` players sitting out each round.
*Repeated pairs* are counted as ``seating.count_repeated_pairs`` does: a
pair that shares a table ``m`` times counts ``m - 1``.

Every schedule has ``repeats = meetings - distinct pairs met``, where
``meetings`` is fixed by the sizes (``rounds * sum(C(size, 2))``).  The
bound (:func:`lower_bound`) is the largest of four counting arguments:

- *pairs*: at most ``C(n, 2)`` distinct pairs exist;
- *players*: a player meets at most ``n - 1`` distinct others, whatever
  its seats add up to (with fairness, odd tables and byes spread evenly),
  and players who must meet everybody leave the others no partner to miss
  (:func:`most_distinct_pairs`);
- *two rounds*: a table of ``k`` players meets the ``g`` tables of any
  other round, so when ``k > g`` some of its players sat together before
  (pigeonhole); summed over pairs of rounds this forces ``sum C(m, 2)``
  up, and the cheapest way to pay it in repeats is pairs meeting every
  round.  (This is how 12 players at 3 tables cannot play even 2 rounds
  without a repeat; players on a bye in one of the two rounds are groups
  of one.)  With tables of 3 or 5, fairness (nobody a second
  odd table before everybody has had one) keeps the odd tables of two
  rounds of one pass apart, which forces more: the bound holds for fair
  schedules, the only ones Cuori makes;
- *fair round pairs*: with tables of 3 or 5, fairness hands the odd seats
  out in passes (each player's j-th odd table in the j-th pass), which
  limits how many players sit at odd tables in both of two rounds; given
  that overlap, the players that go from one kind of table of a round to
  one kind of another round are spread over their tables, and two in one
  table of each met twice.  Repeats are at least the weight of a heaviest
  spanning tree of the rounds weighted by those forced coincidences (a
  pair meeting in m rounds pays m - 1 repeats, and a tree has at most
  m - 1 edges among those rounds).  For 9 players (tables of 4 and 5) over
  2 rounds it gives the 12 repeats fairness forces: round 2's table of 5
  holds the 4 players of round 1's table of 4.

:func:`lower_bound` raises that with what is known of fewer rounds: the
first rounds of a (fair) schedule are a (fair) schedule, so their exact
optimum, plus the pairs the last round must seat together again, bounds
the whole (18 players at tables of 5 over 5 rounds: 19 proved for 4
rounds, and 2 more); 20 players at tables of 4 have no repeat-free 6th
round (and an exhaustive search finds none with 2 repeats or fewer), nor have
19 with a table of 3 (the 20th joins it every round).

:func:`quality` adds the figure from the literature where there is one:
the repeat-free schedules of the social golfer problem (Harvey's table,
CSPLib prob010; Miller, Valkov and Abel, "Combinatorial solutions to the
social golfer problem and the social golfer problem with adjacent group
sizes", Symmetry 18(2):269, 2026), optima that the bound proves (a plan
reaching the bound is optimal), and optima proved by exhaustive search
(``bench/seating_exact.py``) or a constraint model over the fair schedules
(``bench/seating_cpsat.py``, OR-Tools CP-SAT).  The repeat-free schedules
with adjacent group sizes in the literature are not fair in Cuori's sense
(some players sit at a table of 3 or 5 in round after round), so for
fields with odd tables the figure here is the fair one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

from . import seating_designs

# Repeat-free schedules known for n players at tables of 4 only: the most
# rounds, and the source.  Each is a resolvable design (built in
# seating_designs where marked) or a resolvable group divisible design.
_REPEAT_FREE_4 = {
    16: (5, "affine plane AG(2, 4), a resolvable 2-(16, 4, 1) design (built)"),
    20: (
        5,
        (
            "resolvable transversal design TD(4, 5) from GF(5) (built); no 6th round "
            "(Harvey's social golfer table, CSPLib prob010)"
        ),
    ),
    24: (
        7,
        (
            "resolvable 4-GDD of type 3^8 (Harvey's social golfer table, CSPLib prob010: "
            "6-4-7); built over Z_7"
        ),
    ),
    28: (9, "Hermitian unital of order 3, a resolvable 2-(28, 4, 1) design (built)"),
    32: (
        10,
        (
            "resolvable 4-GDD of type 2^16 (Aguado 2004, CSPLib prob010 8-4-10); "
            "built over Z_4 x Z_4"
        ),
    ),
    40: (
        13,
        (
            "packing of PG(3, 3) into 13 spreads (Denniston 1972), a resolvable "
            "2-(40, 4, 1) design (built)"
        ),
    ),
    64: (21, "affine space AG(3, 4), a resolvable 2-(64, 4, 1) design (built)"),
    128: (
        42,
        (
            "transversal design TD(4, 32) from GF(32), its groups seated by the 8-4-10 "
            "schedule (built)"
        ),
    ),
}

#: Fields of tables of 4 with no repeat-free schedule beyond a number of
#: rounds that the counting bound allows: players -> (the most rounds, source).
_NO_REPEAT_FREE_4 = {
    20: (
        5,
        (
            "no resolvable 4-GDD of type 2^10 (20 players over 6 rounds; Harvey's social "
            "golfer table, CSPLib prob010: 5-4-6 has no solution)"
        ),
    ),
}

#: Exact optima (fewest repeated pairs, tables of 4 only) above the
#: counting bound, proved by exhaustive search (``bench/seating_exact.py``:
#: round 1 fixed, round 2 up to relabelling, rounds 3 and 4 all 5,775
#: seatings; the counting bound is already exact for 2, 3 and 5 rounds).
_EXACT_4 = {
    (12, 4): (13, "exhaustive search over all schedules (bench/seating_exact.py)"),
}

#: Exact optima of fair schedules with odd-size tables (no byes), keyed by
#: (players, rounds, one round's table sizes, sorted): proved with OR-Tools
#: CP-SAT (``bench/seating_cpsat.py``: the solver's lower bound met its
#: best schedule) or by exhaustive search (``bench/seating_exact_fair.py``:
#: no schedule within one less).  Without fairness the fields with tables
#: of 3 have repeat-free schedules (one player at a table of 3 every
#: round); fairly, they do not.
_EXHAUSTIVE_FAIR = "exhaustive search over all fair schedules (bench/seating_exact_fair.py)"
_CPSAT_FAIR = "CP-SAT proof over all fair schedules (bench/seating_cpsat.py)"
_EXACT_FAIR = {
    (10, 3, (3, 3, 4)): (8, _CPSAT_FAIR),
    (13, 4, (3, 3, 3, 4)): (6, _CPSAT_FAIR),
    (14, 5, (3, 3, 4, 4)): (6, _CPSAT_FAIR),
    (9, 4, (4, 5)): (32, _CPSAT_FAIR),
    (10, 4, (3, 3, 4)): (11, _CPSAT_FAIR),
    (11, 4, (3, 4, 4)): (12, _CPSAT_FAIR),
    (13, 5, (3, 3, 3, 4)): (7, _CPSAT_FAIR),
    (13, 3, (4, 4, 5)): (16, _EXHAUSTIVE_FAIR),
    (13, 4, (4, 4, 5)): (22, _EXHAUSTIVE_FAIR),
    (15, 4, (5, 5, 5)): (23, _EXHAUSTIVE_FAIR),
    (17, 5, (4, 4, 4, 5)): (22, _EXHAUSTIVE_FAIR),
    (18, 4, (4, 4, 5, 5)): (19, _EXHAUSTIVE_FAIR),
    (21, 5, (4, 4, 4, 4, 5)): (12, _EXHAUSTIVE_FAIR),
    (23, 3, (4, 4, 5, 5, 5)): (10, _EXHAUSTIVE_FAIR),
    (9, 3, (4, 5)): (20, _EXHAUSTIVE_FAIR),
    (10, 3, (5, 5)): (18, _EXHAUSTIVE_FAIR),
    (14, 4, (4, 5, 5)): (21, _EXHAUSTIVE_FAIR),
    (17, 3, (4, 4, 4, 5)): (12, _EXHAUSTIVE_FAIR),
    (17, 4, (4, 4, 4, 5)): (17, _EXHAUSTIVE_FAIR),
    (18, 3, (4, 4, 5, 5)): (12, _EXHAUSTIVE_FAIR),
    (21, 3, (4, 4, 4, 4, 5)): (6, _EXHAUSTIVE_FAIR),
    (23, 4, (4, 4, 5, 5, 5)): (12, _EXHAUSTIVE_FAIR),
    (22, 5, (4, 4, 4, 5, 5)): (14, _EXHAUSTIVE_FAIR),
    (10, 5, (3, 3, 4)): (17, _EXHAUSTIVE_FAIR),
    (13, 3, (3, 3, 3, 4)): (6, _EXHAUSTIVE_FAIR),
    (21, 4, (4, 4, 4, 4, 5)): (12, _EXHAUSTIVE_FAIR),
    # the first three rounds in any order (one pass of the tables of 3,
    # --q 3): none repeat-free in 0.1 s (though 18 x 5 is), none with 4
    # repeats or fewer in 319 s (5.4 billion nodes, with the forward
    # check), none with 5 in 4,774 s (44 billion nodes)
    (18, 6, (3, 3, 4, 4, 4)): (6, _EXHAUSTIVE_FAIR),
    # none with 12 repeats or fewer (1,364 s, 54 billion nodes), 13 (1,364 s,
    # 15 billion nodes, pruned by the pairs bound) or 14 (--q 3, the 28
    # round-2 classes each searched in two halves: 4,186 s of CPU and 54
    # billion nodes, 3,047 s of it in class 1): the optimum is the plan's 15
    (13, 6, (3, 3, 3, 4)): (15, _EXHAUSTIVE_FAIR),
}


#: Lower bounds above the counting bound that an exhaustive search proved
#: without reaching the plan's figure (no optimum known), keyed like
#: :data:`_EXACT_FAIR` (tables of 4 only too): ``bench/seating_exact_fair.py
#: --budget B-1`` ended with no fair schedule of ``B - 1`` repeats or fewer.
_SEARCHED_FAIR = {
    # none with 6 repeats or fewer in 95 s (4.3 billion nodes), none with 7 in
    # 670 s (33 billion nodes), none with 8 in 8,851 s (280 billion nodes, in
    # two runs: round-2 class 0, then --classes 1:10); the plan has 10
    (17, 6, (3, 3, 3, 4, 4)): (9, _EXHAUSTIVE_FAIR),
    # tables of 4 only (every schedule fair): none with 4 repeats or fewer in
    # 2,266 s (31 billion nodes, --q 6 and the forward check; 3 took 223 s,
    # and 2 or fewer 1,248 s before them; none repeat-free is the 5-4-6
    # social golfer result); the plan has 6, as has the best published one
    (20, 6, (4, 4, 4, 4, 4)): (5, _EXHAUSTIVE_FAIR),
    # budgets raised one at a time from the bound of 15: none with 19 repeats
    # or fewer in 592 s (12 billion nodes; 18 took 86 s), none with 20 in
    # 1,072 s (--q 4, split in two: 10.3 billion nodes), none with 21 in
    # 3,678 s (--q 4, split in two: 43 billion nodes, 3,167 s of it in the
    # first of 349 round-2 classes); the plan has 24
    (19, 5, (4, 5, 5, 5)): (22, _EXHAUSTIVE_FAIR),
    # likewise from 21 (19 proved for 4 rounds and the pairs round 5 must
    # seat again): none with 23 or fewer in 1,036 s (31 billion nodes), none
    # with 24 in 4,455 s (72 billion nodes); the plan has 28
    (18, 5, (4, 4, 5, 5)): (25, _EXHAUSTIVE_FAIR),
}


@dataclass(frozen=True)
class Quality:
    """What a plan can be compared with.

    bound: no schedule of this field has fewer repeated pairs;
    exact: True when ``bound`` is known to be reached (an optimum);
    best_known: the fewest repeats of a published (or proved) schedule,
    None when the literature has no figure; source: where it comes from.
    """

    bound: int
    exact: bool
    best_known: int | None
    source: str


def meetings_per_round(sizes: tuple[int, ...]) -> int:
    """Pairs seated together in one round: ``sum C(size, 2)``."""
    return sum(comb(s, 2) for s in sizes)


def new_repeats_bound(n: int, rounds: int, sizes: tuple[int, ...], pairs_met: int) -> int:
    """Repeated pairs that ``rounds`` more rounds must add when
    ``pairs_met`` distinct pairs of the ``n`` players already met: the
    meetings beyond the pairs still unmet."""
    return max(0, rounds * meetings_per_round(sizes) - (comb(n, 2) - pairs_met))


def _player_degrees(
    n: int, rounds: int, sizes: tuple[int, ...], byes: int, table_size: int
) -> list[int]:
    """Per player, how many others it sits with over ``rounds`` rounds (with
    multiplicity), odd tables and byes handed out evenly (fairness)."""
    odd = [s for s in sizes if s != table_size]
    odd_seats = sum(odd) * rounds
    bye_seats = byes * rounds
    degrees = []
    for p in range(n):
        byes_p = bye_seats // n + (p < bye_seats % n)
        odd_p = odd_seats // n + (p < odd_seats % n)
        odd_size = odd[0] if odd else table_size
        standard_p = rounds - byes_p - odd_p
        degrees.append(standard_p * (table_size - 1) + odd_p * (odd_size - 1))
    return degrees


def most_distinct_pairs(caps: list[int]) -> int:
    """Most pairs a field can meet when player ``i`` meets at most
    ``caps[i]`` distinct others (each cap in ``0..len(caps) - 1``): the most
    edges of a simple graph with those degree caps, bounded as in the
    Erdős–Gallai inequalities (Erdős and Gallai, 1960).  For the ``k``
    players with the largest caps (a set S), at most ``C(k, 2)`` pairs lie
    inside S, and each player j outside meets at most ``min(caps[j], k)``
    of S, so the pairs are at most ``C(k, 2) + (sum_j caps[j] + sum_j
    min(caps[j], k)) / 2`` over j outside S; the least over k (k = 0 is
    half the caps' sum).  19 players over 7 rounds with 3 byes a round:
    17 with one bye meet 18 others, so everybody; the 2 with two byes could
    meet only 15, yet they meet those 17: at most 166 of the 168 meetings
    are distinct pairs."""
    caps = sorted(caps, reverse=True)
    suffix = [0] * (len(caps) + 1)  # suffix[i]: sum(caps[i:])
    for i in range(len(caps) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + caps[i]
    most = suffix[0] // 2
    below = len(caps)  # caps[:below] are >= k, the rest below k (caps descending)
    for k in range(1, len(caps) + 1):
        while below and caps[below - 1] < k:
            below -= 1
        capped = max(below, k)  # from k on, caps[k:capped] count k each, the rest in full
        at_most = comb(k, 2) + (suffix[k] + k * (capped - k) + suffix[capped]) // 2
        most = min(most, at_most)
    return most


def _two_round_coincidences(sizes: tuple[int, ...], byes: int) -> int:
    """Least ``sum C(x, 2)`` over a table's split among another round's
    tables, summed over a round's tables (pairs that met in both rounds).
    With byes, the other round's ``byes`` players on a bye are groups of
    one: at best each takes a seat where it saves the most (``spread`` is
    convex, so one at a time, greedily, is best)."""
    g = len(sizes)
    left = list(sizes)
    for _ in range(byes):
        t = max(range(len(left)), key=lambda t: spread(left[t], g) - spread(left[t] - 1, g))
        left[t] -= 1
    return sum(spread(k, g) for k in left)


def _fair_two_round_coincidences(sizes: tuple[int, ...], table_size: int) -> int:
    """Like :func:`_two_round_coincidences` for two rounds whose odd-size
    tables must hold different players (fairness: nobody a second odd
    table before everybody has had one): each odd table of one round is
    filled from the other round's standard tables only, and the cells of
    the two odd parts are distinct."""
    standard = sum(1 for s in sizes if s == table_size)
    if standard == 0:
        return 0
    total = 0
    for k in sizes:
        if k != table_size:
            small, extra = divmod(k, standard)
            total += extra * comb(small + 1, 2) + (standard - extra) * comb(small, 2)
    return 2 * total  # the odd tables of each of the two rounds


def _fair_round_pairs(n: int, rounds: int, odd_seats: int) -> int:
    """Pairs of rounds whose odd tables fairness forces apart: both rounds'
    odd seats fall in one pass through the field (seats are handed out in
    passes of ``n``: nobody gets a second before everybody has one)."""
    if not odd_seats:
        return 0
    level = [((r * odd_seats) // n, ((r + 1) * odd_seats - 1) // n) for r in range(rounds)]
    return sum(
        1
        for r in range(rounds)
        for s in range(r + 1, rounds)
        if level[r][0] == level[r][1] == level[s][0] == level[s][1]
    )


def _odd_passes(r: int, odd_seats: int, n: int) -> dict[int, int]:
    """How many players get their ``j + 1``-th odd table in round ``r``
    (0-based), per ``j``: with fairness the odd seats are handed out in
    passes of ``n`` (round r takes seats ``r * odd_seats`` to
    ``(r + 1) * odd_seats - 1``, pass j is seats ``j * n`` to
    ``(j + 1) * n - 1``; after each round the counts are the floor or the
    ceiling of the mean, so exactly that many players reach count j + 1)."""
    parts: dict[int, int] = {}
    for seat_pass in range(r * odd_seats // n, ((r + 1) * odd_seats - 1) // n + 1):
        low, high = max(r * odd_seats, seat_pass * n), min((r + 1) * odd_seats, (seat_pass + 1) * n)
        if high > low:
            parts[seat_pass] = high - low
    return parts


def spread(players: int, cells: int) -> int:
    """Least ``sum C(x, 2)`` over ``cells`` cells holding ``players``."""
    if players <= 0:
        return 0
    if cells <= 0:
        return comb(players, 2)
    small, extra = divmod(players, cells)
    return extra * comb(small + 1, 2) + (cells - extra) * comb(small, 2)


def _fair_pair_coincidences(
    n: int, r: int, s: int, standard: int, odd_tables: int, odd_seats: int
) -> int:
    """Least number of pairs that share a table in both rounds ``r`` and
    ``s`` of a fair schedule (tables of one odd size, no byes).

    A player at an odd table in both rounds reaches a new count in each,
    so it comes from different passes (:func:`_odd_passes`): at most
    ``odd_seats - max_j(a_j + b_j - odd_seats)`` players (Hall's condition
    on the passes a_j of round r and b_j of round s), and at least
    ``2 * odd_seats - n``, are at odd tables in both.  Given that overlap,
    the players moving from one kind of table (standard or odd) of round r
    to one kind of round s are spread over those tables' cells, and two
    players in one cell (one table of r, one table of s) are a pair that
    met in both; the least total over the overlaps allowed is returned."""
    a, b = _odd_passes(r, odd_seats, n), _odd_passes(s, odd_seats, n)
    most = odd_seats - max(0, *(a[j] + b.get(j, 0) - odd_seats for j in a))
    least = max(0, 2 * odd_seats - n)
    best = None
    for both in range(least, most + 1):
        one = odd_seats - both  # odd in r only, and odd in s only
        cost = (
            spread(both, odd_tables * odd_tables)
            + 2 * spread(one, odd_tables * standard)
            + spread(n - 2 * odd_seats + both, standard * standard)
        )
        best = cost if best is None else min(best, cost)
    return best or 0


def _fair_forest_bound(n: int, rounds: int, sizes: tuple[int, ...], table_size: int) -> int:
    """Repeats forced by fairness through pairs of rounds: with ``w(r, s)``
    pairs sharing a table in both rounds r and s
    (:func:`_fair_pair_coincidences`), the weight of a heaviest spanning
    tree of the rounds is a lower bound on the repeats (a pair meeting in
    a set M of rounds pays ``|M| - 1`` repeats and is counted by at most
    ``|M| - 1`` edges of a tree inside M), and so is the sum over all
    pairs of rounds converted as :func:`_repeats_for_coincidences` does."""
    odd = [k for k in sizes if k != table_size]
    if not odd or rounds < 2:
        return 0
    standard, odd_seats = len(sizes) - len(odd), sum(odd)
    weights = sorted(
        (
            (_fair_pair_coincidences(n, r, s, standard, len(odd), odd_seats), r, s)
            for r in range(rounds)
            for s in range(r + 1, rounds)
        ),
        reverse=True,
    )
    root = list(range(rounds))

    def find(r: int) -> int:
        while root[r] != r:
            root[r] = root[root[r]]
            r = root[r]
        return r

    total = 0
    for weight, r, s in weights:  # Kruskal
        if find(r) != find(s):
            root[find(r)] = find(s)
            total += weight
    # or all pairs of rounds at once, paid the cheapest way (pairs meeting
    # in every round: m - 1 repeats for C(m, 2) coincidences)
    return max(total, _repeats_for_coincidences(sum(w for w, _r, _s in weights), rounds))


def _repeats_for_coincidences(coincidences: int, rounds: int) -> int:
    """Fewest repeats giving ``sum C(m, 2) >= coincidences``: a pair meeting
    ``m`` times pays ``m - 1`` repeats for ``C(m, 2)``, cheapest at m = rounds."""
    if coincidences <= 0 or rounds < 2:
        return 0
    full = comb(rounds, 2)
    repeats = (coincidences // full) * (rounds - 1)
    rest = coincidences % full
    m = 1
    while comb(m, 2) < rest:
        m += 1
    return repeats + (m - 1 if rest else 0)


def lower_bound(
    n: int, rounds: int, sizes: tuple[int, ...], *, byes: int = 0, table_size: int = 4
) -> int:
    """No schedule of ``n`` players over ``rounds`` rounds at tables of
    ``sizes`` (and ``byes`` byes a round) has fewer repeated pairs than
    this (>= 0): the largest of

    - :func:`counting_bound`, and the exact figure known for a small field;
    - *one round less*: the first ``rounds - 1`` rounds are a schedule of
      the field (fair when the whole is), so they repeat at least their
      bound, and the last round adds the pairs it seats together that met
      in any one earlier round (:func:`_last_round_repeats`);
    - what is known of exactly some number of rounds (:func:`_known`): a
      proved optimum, no repeat-free schedule (20 players over 6 rounds),
      tables of 3 completed to tables of 4.

    So 18 players (tables of 5) over 5 rounds repeat at least the 19
    pairs proved for 4 rounds.  Raises nothing; ``rounds < 1`` gives 0."""
    if rounds < 1:
        return 0
    sizes = tuple(sorted(sizes))
    # The chain starts where more than counting is known (:func:`_known`):
    # before that, each round's best predecessor is an edge of a spanning
    # tree of the rounds, which the counting bound already weighs (the full
    # chain gives the same figures for 8 to 129 players over 1 to 15
    # rounds, and costs seconds over 200 rounds).
    known = [_known(n, r, sizes, byes, table_size) for r in range(1, rounds + 1)]
    bound = 0
    for r in range(next((r for r, k in enumerate(known, 1) if k), rounds), rounds + 1):
        step = _last_round_repeats(n, r, sizes, byes, table_size) if r > 1 else 0
        bound = max(
            bound + step,
            counting_bound(n, r, sizes, byes=byes, table_size=table_size),
            known[r - 1],
        )
    return bound


def _known(n: int, rounds: int, sizes: tuple[int, ...], byes: int, table_size: int) -> int:
    """Repeats known to be forced for exactly ``rounds`` rounds beyond
    counting (0 when nothing is known): a proved optimum; a bound an
    exhaustive search proved (:data:`_SEARCHED_FAIR`, with byes
    :data:`_SEARCHED_BYES`); 1 where the
    literature proves no repeat-free schedule (:data:`_NO_REPEAT_FREE_4`);
    with ``d`` tables of 3 a round that are handed out in one pass
    (``rounds * 3d <= n``: no player at two of them), ``d`` new players,
    one at each table of 3 every round, make a schedule of tables of 4
    with the same repeats, so its bound holds (19 players over 6 rounds
    repeat as 20 do)."""
    exact = _exact(n, rounds, sizes, byes, table_size)
    if exact is not None:
        return exact[0]
    if table_size != 4:
        return 0
    if byes:
        searched = _SEARCHED_BYES.get((n, rounds, byes)) if set(sizes) == {4} else None
        return 0 if searched is None else searched[0]
    searched = _SEARCHED_FAIR.get((n, rounds, sizes))
    if searched is not None:
        return searched[0]
    if all(s == 4 for s in sizes):
        never = _NO_REPEAT_FREE_4.get(n)
        return 1 if never is not None and rounds > never[0] else 0
    threes = sizes.count(3)
    if all(s in (3, 4) for s in sizes) and rounds * 3 * threes <= n:
        return lower_bound(n + threes, rounds, (4,) * len(sizes))
    return 0


def _last_round_repeats(
    n: int, rounds: int, sizes: tuple[int, ...], byes: int, table_size: int
) -> int:
    """Repeats the last of ``rounds`` rounds adds at least: the pairs it
    seats together that also met in one earlier round (each is a repeat
    the earlier rounds did not count), at least the coincidences of two
    rounds (:func:`_two_round_coincidences`, or with odd tables and no
    byes the fair ones, :func:`_fair_pair_coincidences`), the most over
    the earlier rounds."""
    generic = _two_round_coincidences(sizes, byes)
    odd = [k for k in sizes if k != table_size]
    if byes or not odd:
        return generic
    standard = len(sizes) - len(odd)
    last = rounds - 1
    fair = max(
        _fair_pair_coincidences(n, r, last, standard, len(odd), sum(odd)) for r in range(last)
    )
    return max(generic, fair)


def counting_bound(
    n: int, rounds: int, sizes: tuple[int, ...], *, byes: int = 0, table_size: int = 4
) -> int:
    """The bound the counting arguments of the module docstring give (no
    exact figures): repeated pairs, >= 0."""
    meetings = rounds * meetings_per_round(sizes)
    by_pairs = meetings - comb(n, 2)
    degrees = _player_degrees(n, rounds, sizes, byes, table_size)
    by_players = meetings - most_distinct_pairs([min(n - 1, d) for d in degrees])
    generic = _two_round_coincidences(sizes, byes)
    fair_pairs = (
        0 if byes else _fair_round_pairs(n, rounds, sum(s for s in sizes if s != table_size))
    )
    fair = max(generic, _fair_two_round_coincidences(sizes, table_size))
    by_two_rounds = _repeats_for_coincidences(
        (comb(rounds, 2) - fair_pairs) * generic + fair_pairs * fair, rounds
    )
    by_fair_pairs = 0 if byes else _fair_forest_bound(n, rounds, sizes, table_size)
    return max(0, by_pairs, by_players, by_two_rounds, by_fair_pairs)


#: Exact optima with byes (tables of 4, the byes handed out fairly), keyed
#: by (players, rounds, byes a round): CP-SAT proofs (``bench/seating_cpsat.py``,
#: the byes a table whose players meet nobody) and exhaustive searches
#: (``bench/seating_exact_fair.py --byes``, which agrees on the first two).
_EXACT_BYES = {
    (10, 4, 2): (9, _CPSAT_FAIR),
    (11, 4, 3): (6, _CPSAT_FAIR),
    (9, 4, 1): (14, _EXHAUSTIVE_FAIR),
    (11, 5, 3): (10, _EXHAUSTIVE_FAIR),
    (13, 4, 1): (9, _EXHAUSTIVE_FAIR),
    (14, 4, 2): (5, _EXHAUSTIVE_FAIR),
    (17, 5, 1): (1, _EXHAUSTIVE_FAIR),
    (14, 5, 2): (10, _EXHAUSTIVE_FAIR),
    (13, 5, 1): (15, _EXHAUSTIVE_FAIR),
    # 3 tables of 4 and 3 byes: the 12 players with one bye meet 15 times,
    # so each at least one repeat (6); none with 6 in 877 s (28 billion
    # nodes), none with 7 in 195 s and none with 8 in 1,237 s (1.8 and 11
    # billion nodes, round 3 in one form under the symmetries of rounds 1
    # and 2, and the first five rounds, one bye each, in any order: --q 5);
    # the plan has 9
    (15, 6, 3): (9, _EXHAUSTIVE_FAIR),
}

#: Lower bounds with byes above the counting bound that an exhaustive
#: search proved without reaching the plan's figure, keyed like
#: :data:`_EXACT_BYES`: ``bench/seating_exact_fair.py --byes B --budget
#: K-1`` ended with no fair schedule of ``K - 1`` repeats or fewer.
_SEARCHED_BYES: dict[tuple[int, int, int], tuple[int, str]] = {
    # 4 tables of 4 and 2 byes (the counting bound 3): none with 3 repeats
    # or fewer in 2,290 s (14 billion nodes; the six rounds, one bye each at
    # most, in any order: --q 6, which leaves the 3 round-2 classes with no
    # pair met again); the plan has 5
    (18, 6, 2): (4, _EXHAUSTIVE_FAIR),
}


def _exact(
    n: int, rounds: int, sizes: tuple[int, ...], byes: int, table_size: int
) -> tuple[int, str] | None:
    if table_size != 4:
        return None
    if byes:
        return _EXACT_BYES.get((n, rounds, byes)) if set(sizes) == {4} else None
    if any(s != table_size for s in sizes):
        return _EXACT_FAIR.get((n, rounds, tuple(sorted(sizes))))
    return _EXACT_4.get((n, rounds))


def repeat_free_rounds(
    n: int, sizes: tuple[int, ...], *, byes: int = 0, table_size: int = 4
) -> tuple[int, str] | None:
    """The most rounds a published (or stored: ``seating_designs``)
    repeat-free schedule reaches for this field, or that an existence
    theorem promises (:func:`_published_rounds`), and its source; None when
    there is no figure here.  A schedule built here wins a tie with a
    theorem, so the source names what the plan uses."""
    if table_size != 4:
        return None
    stored = seating_designs.stored_rounds(n, sizes, byes)
    if stored is not None or byes or any(s != 4 for s in sizes):
        return stored
    known = _REPEAT_FREE_4.get(n)
    built = _built_rounds(n)
    if built is not None and (known is None or built[0] > known[0]):
        known = built
    published = _published_rounds(n)
    if published is not None and (known is None or published[0] > known[0]):
        return published
    return known


def _published_rounds(n: int) -> tuple[int, str] | None:
    """The most rounds for ``n`` players at tables of 4 that an existence
    theorem gives without a schedule built here, and its source; None when
    none applies.  A resolvable 4-GDD of type 3^u exists for every
    u = 0 (mod 4), u >= 8 (Ge, Lam, Ling and Shen, "Resolvable maximum
    packings with quadruples", Des. Codes Cryptogr. 35 (2005) 287-302,
    which settles the last two, u = 88 and 124): n = 3u players, u - 1
    rounds, every player meeting all but the two others of its group.
    (Their type 2^u, n = 8 (mod 12), leaves 18 values of u open, which
    the abstract does not list, so it gives nothing here.)"""
    if n % 12 == 0 and n >= 24:
        u = n // 3
        return u - 1, (
            f"a resolvable 4-GDD of type 3^{u} exists (Ge, Lam, Ling and Shen, Des. Codes "
            "Cryptogr. 35, 2005); not built here"
        )
    return None


@cache
def _built_rounds(n: int) -> tuple[int, str] | None:
    """Rounds and name of the repeat-free schedule ``seating_designs``
    builds for ``n`` players at tables of 4 (more than one round), or None."""
    classes, name = seating_designs.repeat_free_rounds(n, 4)
    if len(classes) < 2:
        return None
    return len(classes), name


def quality(
    n: int, rounds: int, sizes: tuple[int, ...], *, byes: int = 0, table_size: int = 4
) -> Quality:
    """The bound and the best known figure for a field (see :class:`Quality`)."""
    bound = lower_bound(n, rounds, sizes, byes=byes, table_size=table_size)
    exact = _exact(n, rounds, sizes, byes, table_size)
    if exact is not None:
        return Quality(bound, True, exact[0], exact[1])
    free = repeat_free_rounds(n, sizes, byes=byes, table_size=table_size)
    if free is not None and rounds <= free[0]:
        return Quality(bound, True, 0, free[1])
    return Quality(bound, False, None, "")
