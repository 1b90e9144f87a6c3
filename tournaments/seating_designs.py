"""Known repeat-free schedules (resolvable designs) the seating search starts from.

Pure functions over player numbers 0..n-1: each returns rounds, each round a
list of tables, each table a sorted list of players, such that no two
players share a table twice (the social golfer problem, solved exactly for
these counts).  :func:`repeat_free_rounds` picks the one for a field.

References: the affine and projective geometries and unitals are in the
Handbook of Combinatorial Designs (Colbourn and Dinitz, 2nd ed., 2007:
VII.2 finite geometry, II.7 resolvable designs); Miller, Valkov and Abel
(Symmetry 18(2):269, 2026) tabulate which design gives the most rounds for
each field of the social golfer problem.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

# GF(4) = {0, 1, x, x+1} as 0..3; addition is XOR.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def affine_parallel_classes(k: int) -> list[list[list[int]]]:
    """The parallel classes of lines of the affine space AG(k, 4).

    Points are 0 .. 4**k - 1 (k base-4 digits, each a GF(4) element); every
    class partitions the points into lines of 4, and any two points share
    exactly one line, so the (4**k - 1) / 3 classes are rounds of tables of 4
    in which nobody meets anyone twice (16 players: 5 rounds; 64: 21).
    """
    n = 4**k

    def scale(t: int, d: int) -> int:
        out = 0
        for i in range(k):
            out |= _GF4_MUL[t][(d >> (2 * i)) & 3] << (2 * i)
        return out

    classes = []
    for d in range(1, n):
        top = (d.bit_length() - 1) // 2
        if (d >> (2 * top)) & 3 != 1:  # one direction per line through 0
            continue
        multiples = [scale(t, d) for t in range(4)]
        seen = [False] * n
        lines = []
        for p in range(n):
            if not seen[p]:
                line = [p ^ m for m in multiples]
                for q in line:
                    seen[q] = True
                lines.append(sorted(line))
        classes.append(lines)
    return classes


#: Primitive polynomials for GF(2**e), e = 2..7 (bit i = coefficient of x**i).
_GF2_POLY = {2: 0b111, 3: 0b1011, 4: 0b10011, 5: 0b100101, 6: 0b1000011, 7: 0b10000011}


def _is_prime(q: int) -> bool:
    return q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1))


def _odd_prime_power_field(p: int, e: int) -> tuple[Any, Any]:
    """GF(p**e), p an odd prime, e = 2 or 3: elements are the base-p digits
    of 0 .. p**e - 1 (digit i = coefficient of x**i); products are reduced
    modulo the first monic polynomial of degree e with no root in GF(p),
    irreducible since e <= 3.  Tables built once."""
    q = p**e
    for low in itertools.product(range(p), repeat=e):  # coefficients of x**0 .. x**(e-1)
        modulus = (*low, 1)
        if all(sum(c * x**i for i, c in enumerate(modulus)) % p for x in range(p)):
            break

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(e)]

    def product(a: int, b: int) -> int:
        poly = [0] * (2 * e - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                poly[i + j] += x * y
        for top in range(2 * e - 2, e - 1, -1):  # x**e = -(lower terms of the modulus)
            c, poly[top] = poly[top], 0
            for i in range(e):
                poly[top - e + i] -= c * modulus[i]
        return sum((c % p) * p**i for i, c in enumerate(poly[:e]))

    times = [[product(a, b) for b in range(q)] for a in range(q)]
    plus = [
        [
            sum(((x + y) % p) * p**i for i, (x, y) in enumerate(zip(digits(a), digits(b))))
            for b in range(q)
        ]
        for a in range(q)
    ]
    return (lambda a, b: plus[a][b]), (lambda a, b: times[a][b])


def _field(q: int) -> tuple[Any, Any] | None:
    """Addition and multiplication of GF(q) on 0 .. q-1 for a prime q,
    q = 2**e (e <= 7) or q = p**2, p**3 (p an odd prime); None for other
    orders."""
    if _is_prime(q):
        return (lambda a, b: (a + b) % q), (lambda a, b: a * b % q)
    for e in (2, 3):
        p = round(q ** (1 / e))
        if p % 2 and p**e == q and _is_prime(p):
            return _odd_prime_power_field(p, e)
    e = q.bit_length() - 1
    if q == 1 << e and e in _GF2_POLY:
        poly = _GF2_POLY[e]

        def mul(a: int, b: int) -> int:
            out = 0
            while b:
                if b & 1:
                    out ^= a
                b >>= 1
                a <<= 1
                if a >> e:
                    a ^= poly
            return out

        return (lambda a, b: a ^ b), mul
    return None


def transversal_rounds(q: int, k: int) -> list[list[list[int]]]:
    """q rounds of q tables of k for k * q players, nobody meeting anyone
    twice, for a prime power q >= k (20 players: 5 rounds; 32: 8; 28: 7).

    Player (x, g), x in GF(q), g < k, is numbered ``g * q + x``.  With
    distinct field elements m_g, round j seats table t at
    {(t + m_g * j, g) : g < k}: players (x, g) and (y, h) meet only in the
    round j with (m_h - m_g) * j = y - x (a resolvable transversal design
    from the field's multiplication table).  Returns [] if GF(q) is not
    supported.
    """
    ops = _field(q)
    if ops is None or k > q:
        return []
    add, mul = ops
    return [
        [sorted(g * q + add(t, mul(g, j)) for g in range(k)) for t in range(q)] for j in range(q)
    ]


def resolve(n: int, blocks: list[tuple[int, ...]], rounds: int) -> list[list[list[int]]]:
    """Split ``blocks`` (a 2-design on points 0..n-1) into ``rounds``
    parallel classes (each a partition of the points), by exact-cover
    backtracking: each class is filled from its lowest uncovered point.
    Deterministic; returns [] when no resolution exists.  Fast for the
    designs used here (the unital: 143 nodes; PG(3, 3): about 10**5).
    """
    through: list[list[int]] = [[] for _ in range(n)]
    masks = []
    for i, block in enumerate(blocks):
        mask = 0
        for p in block:
            through[p].append(i)
            mask |= 1 << p
        masks.append(mask)
    everyone = (1 << n) - 1
    used = [False] * len(blocks)
    classes: list[list[int]] = []
    current: list[int] = []

    def fill(covered: int) -> bool:
        if covered == everyone:
            classes.append(list(current))
            saved = list(current)
            current.clear()
            if len(classes) == rounds or fill(0):
                return True
            classes.pop()
            current.extend(saved)
            return False
        point = (~covered & (covered + 1)).bit_length() - 1  # lowest uncovered
        for i in through[point]:
            if used[i] or masks[i] & covered:
                continue
            used[i] = True
            current.append(i)
            if fill(covered | masks[i]):
                return True
            used[i] = False
            current.pop()
        return False

    if not fill(0):
        return []
    return [[sorted(blocks[i]) for i in chosen] for chosen in classes]


def _gf9() -> tuple[Any, Any]:
    """GF(9) = GF(3)[i] / (i**2 + 1) on 0..8 (a + 3b for a + b i)."""

    def add(x: int, y: int) -> int:
        return (x % 3 + y % 3) % 3 + 3 * ((x // 3 + y // 3) % 3)

    def mul(x: int, y: int) -> int:
        a, b, c, d = x % 3, x // 3, y % 3, y // 3
        return (a * c - b * d) % 3 + 3 * ((a * d + b * c) % 3)

    return add, mul


def _projective_points(q: int, dimension: int) -> list[tuple[int, ...]]:
    """Points of PG(dimension, q) as vectors whose first nonzero entry is 1."""
    return [
        v
        for v in itertools.product(range(q), repeat=dimension + 1)
        if any(v) and next(c for c in v if c) == 1
    ]


@cache
def hermitian_unital_classes() -> list[list[list[int]]]:
    """9 rounds of 7 tables of 4 for 28 players, nobody meeting twice.

    The Hermitian unital of order 3: the 28 points of PG(2, 9) with
    x**4 + y**4 + z**4 = 0 (x**4 = x * x**3, the norm to GF(3)); its blocks
    are its intersections with the secant lines (4 points each, 63 blocks),
    a 2-(28, 4, 1) design, resolved into 9 parallel classes by
    :func:`resolve` (Handbook of Combinatorial Designs, VII.2.6 unitals).
    """
    add, mul = _gf9()

    def power(x: int, e: int) -> int:
        out = 1
        for _ in range(e):
            out = mul(out, x)
        return out

    def dot(u: tuple[int, ...], v: tuple[int, ...]) -> int:
        out = 0
        for a, b in zip(u, v):
            out = add(out, mul(a, b))
        return out

    points = _projective_points(9, 2)
    unital = [v for v in points if add(add(power(v[0], 4), power(v[1], 4)), power(v[2], 4)) == 0]
    index = {v: i for i, v in enumerate(unital)}
    blocks = sorted(
        {
            block
            for line in points
            if len(block := tuple(sorted(index[v] for v in unital if dot(line, v) == 0))) == 4
        }
    )
    return resolve(len(unital), blocks, 9)


@cache
def projective_packing_classes() -> list[list[list[int]]]:
    """13 rounds of 10 tables of 4 for 40 players, nobody meeting twice.

    The 40 points and 130 lines of PG(3, 3) form a 2-(40, 4, 1) design; a
    packing (a partition of the lines into 13 spreads, which Denniston,
    "Some packings of projective spaces", 1972, shows exists) is a
    resolution, found by :func:`resolve` (about 0.5 s, cached).
    """
    points = _projective_points(3, 3)
    index = {v: i for i, v in enumerate(points)}

    def normal(v: tuple[int, ...]) -> tuple[int, ...]:
        first = next(c for c in v if c)
        return tuple(c * first % 3 for c in v)  # 1 and 2 are their own inverses mod 3

    lines = sorted(
        {
            tuple(
                sorted(
                    {
                        index[normal(tuple((x * a + y * b) % 3 for a, b in zip(u, v)))]
                        for x in range(3)
                        for y in range(3)
                        if (x, y) != (0, 0)
                    }
                )
            )
            for u, v in itertools.combinations(points, 2)
        }
    )
    return resolve(len(points), lines, 13)


def _difference_triples(m: int) -> list[tuple[int, ...]]:
    """Triples of Z_m whose 6 differences are all different (m = 7: the
    translates of {0, 1, 3} and {0, 2, 3})."""
    return [
        t
        for t in itertools.combinations(range(m), 3)
        if len({(a - b) % m for a in t for b in t if a != b}) == 6
    ]


@cache
def cyclic_24_classes() -> list[list[list[int]]]:
    """7 rounds of 6 tables of 4 for 24 players, nobody meeting twice (the
    6-4-7 social golfer schedule; a resolvable 4-GDD of type 3^8: each
    player meets the 21 players outside its group of 3).

    Players (x, layer) for x in Z_7, layer 0..2, numbered ``7 * layer + x``,
    and three fixed players 21, 22, 23; round r is a base round shifted by
    x -> x + r.  The base round: fixed player k with (a_k, 0), (b_k, 1),
    (c_k, 2); then a difference triple T_i of layer i with one point q of
    the next layer, for i = 0, 1, 2.  Each layer's within differences come
    once from T_i, and the parameters are chosen (a small exhaustive search,
    instant) so that the 6 differences between any two layers are 1..6,
    each once.  The groups are {(x, 0), (x, 1), (x, 2)} and {21, 22, 23}.
    (Our 1-rotational construction, in the spirit of the starter blocks of
    Miller, Valkov and Abel 2026; the schedule's existence is in Harvey's
    social golfer table.)
    """
    m = 7

    def options() -> Any:
        for triple in _difference_triples(m):
            rest = [x for x in range(m) if x not in triple]
            for q in rest:
                for fixed in itertools.permutations(x for x in rest if x != q):
                    yield triple, q, fixed

    def all_differences(values: list[int]) -> bool:
        return sorted(v % m for v in values) == list(range(1, m))

    layers = list(options())
    for t0, q0, a in layers:
        for t1, q1, b in layers:
            if not all_differences([b[k] - a[k] for k in range(3)] + [q1 - t for t in t0]):
                continue
            for t2, q2, c in layers:
                if all_differences([c[k] - b[k] for k in range(3)] + [q2 - t for t in t1]) and (
                    all_differences([c[k] - a[k] for k in range(3)] + [t - q0 for t in t2])
                ):
                    return [
                        [
                            sorted(table)
                            for table in (
                                *(
                                    [
                                        21 + k,
                                        (a[k] + r) % m,
                                        m + (b[k] + r) % m,
                                        2 * m + (c[k] + r) % m,
                                    ]
                                    for k in range(3)
                                ),
                                [(t + r) % m for t in t0] + [m + (q1 + r) % m],
                                [m + (t + r) % m for t in t1] + [2 * m + (q2 + r) % m],
                                [2 * m + (t + r) % m for t in t2] + [(q0 + r) % m],
                            )
                        ]
                        for r in range(m)
                    ]
    return []


#: The 8-4-10 social golfer schedule as three base rounds over Z_4 x Z_4,
#: each with the translates that carry it to its other rounds
#: (:func:`golfer_32_classes`).
_GOLFER_32_BASES = (
    (
        "0 1 4 16 | 2 3 6 18 | 8 9 12 24 | 10 11 14 26 | 5 27 29 30 | 7 25 28 31 | "
        "13 19 21 22 | 15 17 20 23",
        ((0, 0), (0, 1), (1, 0), (1, 1)),
    ),
    (
        "0 9 15 29 | 2 7 12 16 | 3 5 10 23 | 6 8 13 26 | 1 22 27 31 | 4 18 25 30 | "
        "11 17 21 28 | 14 19 20 24",
        ((0, 0), (0, 1), (0, 2), (0, 3)),
    ),
    (
        "0 8 23 31 | 2 10 21 29 | 4 12 19 27 | 6 14 17 25 | 1 11 18 24 | 3 9 16 26 | "
        "5 15 22 28 | 7 13 20 30",
        ((0, 0), (0, 1)),
    ),
)


@cache
def golfer_32_classes() -> list[list[list[int]]]:
    """10 rounds of 8 tables of 4 for 32 players, nobody meeting twice (the
    8-4-10 social golfer schedule, first found by Aguado in 2004; a
    resolvable 4-GDD of type 2^16: each player meets 30 of the 31 others).

    Players (a, b, layer) for a, b in Z_4 and layer 0 or 1, numbered
    ``16 * layer + 4 * a + b``; the group Z_4 x Z_4 acts by translation
    (a + g, b + h, layer), the same on both layers, and (a, b, layer) never
    meets (a, b + 2, layer).  The rounds fall into three orbits of 4, 4 and
    2 rounds: each base round of :data:`_GOLFER_32_BASES` is invariant under
    a subgroup (of order 4, 4 and 8: <(2, 0), (0, 2)>, <(1, 3)>,
    <(1, 0), (0, 2)>) and its translates by representatives of the cosets
    give the other rounds.  Found for Cuori with a CP-SAT model whose
    unknowns are the orbits of tables under each round's subgroup (the
    Kramer-Mesner method: every orbit of pairs under the group covered once,
    the group's missing pairs never); the tests check every pair.
    """
    rounds = []
    for line, translates in _GOLFER_32_BASES:
        base = _tables(line)
        for g, h in translates:
            rounds.append([sorted(_translate_4x4(p, g, h) for p in table) for table in base])
    return rounds


def _translate_4x4(p: int, g: int, h: int) -> int:
    """Player ``p`` = (a, b, layer), numbered ``16 * layer + 4 * a + b``,
    moved to (a + g, b + h, layer) over Z_4 x Z_4."""
    layer, rest = divmod(p, 16)
    a, b = divmod(rest, 4)
    return 16 * layer + 4 * ((a + g) % 4) + (b + h) % 4


def develop(base: list[list[int]], m: int, cyclic: int, rounds: int) -> list[list[list[int]]]:
    """``rounds`` rounds developed from one ``base`` round over Z_m.

    base: tables of player numbers; players 0 .. cyclic - 1 are the points
    (x, layer) numbered ``layer * m + x`` (``cyclic`` a multiple of m), the
    others fixed points.  Round r moves (x, layer) to (x + r mod m, layer)
    and keeps the fixed points (the difference method: Handbook of
    Combinatorial Designs, 2nd ed., VI.16).  Players in no table of the base
    round have a bye, in every round, shifted likewise.  Raises ValueError
    when ``cyclic`` is not a multiple of ``m`` or rounds exceed ``m``.
    """
    if m <= 0 or cyclic % m or not 0 <= rounds <= m:
        raise ValueError(f"cannot develop {rounds} rounds over Z_{m} with {cyclic} points")
    return [
        [sorted(shifted(p, r, m, cyclic) for p in table) for table in base] for r in range(rounds)
    ]


def shifted(p: int, r: int, m: int, cyclic: int) -> int:
    """Point ``p`` moved by ``r`` over Z_m (:func:`develop`): (x, layer),
    numbered ``layer * m + x``, to (x + r mod m, layer); points ``cyclic``
    and up are fixed.  ``r`` may be negative."""
    return p if p >= cyclic else (p // m) * m + (p % m + r) % m


#: Fair repeat-free schedules with odd-size tables that no construction
#: here gives, found by Cuori's tabu search (``seating_search``, one of a
#: few seeds) and kept as data: per (players, one round's table sizes),
#: the rounds, each as tables of players separated by "|".  Every prefix
#: hands the odd tables out fairly (nobody a second before everybody has
#: one); the tests check both that and that nobody meets twice.
FAIR_SCHEDULES_SOURCE = (
    "fair repeat-free schedule found by Cuori's tabu search (seating_designs.FAIR_SCHEDULES)"
)
FAIR_SCHEDULES: dict[tuple[int, tuple[int, ...]], tuple[str, ...]] = {
    # 30 players, 5 tables of 4 and 2 of 5, 6 rounds (plan_rounds seed 2)
    (30, (4, 4, 4, 4, 4, 5, 5)): (
        "0 14 16 17 | 1 13 19 26 | 2 3 5 12 | 4 7 9 22 | 6 11 20 21 | "
        "8 10 23 24 25 | 15 18 27 28 29",
        "0 19 24 27 | 1 7 10 15 | 2 8 17 29 | 3 6 18 23 | 9 11 25 28 | "
        "4 12 16 20 26 | 5 13 14 21 22",
        "4 10 14 27 | 5 15 16 23 | 8 20 22 28 | 12 13 25 29 | 18 21 24 26 | "
        "0 1 2 6 9 | 3 7 11 17 19",
        "0 7 18 20 | 2 22 23 27 | 5 9 19 29 | 6 10 17 26 | 8 11 13 16 | "
        "1 12 14 24 28 | 3 4 15 21 25",
        "0 10 21 28 | 1 4 11 18 | 2 14 25 26 | 3 16 24 29 | 12 15 19 22 | "
        "5 6 7 8 27 | 9 13 17 20 23",
        "1 20 25 27 | 3 8 9 14 | 4 5 17 28 | 6 13 15 24 | 7 12 21 23 | "
        "0 11 22 26 29 | 2 10 16 18 19",
    ),
}


#: Repeat-free schedules developed from one base round over Z_m
#: (:func:`develop`), found with a constraint model over the base round
#: (``bench/seating_cyclic.py``, OR-Tools CP-SAT) and kept as data: per
#: (players, one round's table sizes, byes a round), the modulus m, the
#: rounds, the base round (tables separated by "|"; players in none have
#: the bye) and what it is.  Players ``n - n % m`` and up are the fixed
#: points.  Every prefix is fair (odd tables and byes spread by at most one
#: after each round); the tests check that and that nobody meets twice.
CYCLIC_BASES: dict[tuple[int, tuple[int, ...], int], tuple[int, int, str, str]] = {
    # 36 players, 11 rounds (the most: 11 * 3 = 33 of 35 others): groups
    # {x, 11 + x, 22 + x} and {33, 34, 35} never meet; shape of the base
    # round: 3 tables of a fixed point and one point per layer, 3 of three
    # points of a layer and one of the next, 3 of two layers' pairs
    # (seating_cyclic.py 36x11 --cyclic 11 --fixed 3 --zero --cover column
    # --shape 1111,1111,1111,3100,0310,1030,2200,0220,2020: 26 s)
    (36, (4,) * 9, 0): (
        11,
        11,
        "9 18 32 34 | 10 20 29 35 | 7 21 31 33 | 1 3 4 19 | 12 14 15 30 | 8 23 25 26 | "
        "0 5 13 17 | 11 16 24 28 | 2 6 22 27",
        "resolvable 4-GDD of type 3^12 over Z_11 (base round found with CP-SAT, "
        "bench/seating_cyclic.py)",
    ),
    # 38 players, 9 tables of 4 and 2 byes a round, 12 rounds: the byes
    # (7 and 31 in the base round) go to 24 different players
    # (seating_cyclic.py 38x12 --odd byes --cyclic 12 --fixed 2 --zero --shape
    # 1111,1111,0130,0220,1120,1300,2110,2200,3010,1010: 1 s)
    (38, (4,) * 9, 2): (
        12,
        12,
        "2 12 32 37 | 11 23 28 36 | 19 29 30 34 | 18 20 24 27 | 8 21 33 35 | 3 14 17 22 | "
        "4 5 13 26 | 0 10 15 16 | 1 6 9 25",
        "repeat-free schedule over Z_12 with byes (base round found with CP-SAT, "
        "bench/seating_cyclic.py)",
    ),
}


#: Fair schedules with the fewest repeated pairs where repeats cannot be
#: avoided and Cuori's tabu search falls short of the optimum, kept as
#: data: per (players, rounds, one round's table sizes, sorted), the
#: rounds in order (every prefix fair), tables separated by "|".  The
#: optimum is proved by ``bench/seating_exact_fair.py`` (recorded in
#: ``seating_bounds._EXACT_FAIR``); the tests count the repeats.
BEST_SCHEDULES: dict[tuple[int, int, tuple[int, ...]], tuple[str, ...]] = {
    # 13 players, a table of 5 and 2 of 4, 4 rounds: 22 repeated pairs
    # (the search finds 22 or 23 by seed; none has 21)
    (13, 4, (4, 4, 5)): (
        "0 1 2 3 4 | 5 6 7 8 | 9 10 11 12",
        "5 6 7 9 10 | 0 1 2 11 | 3 4 8 12",
        "0 5 8 11 12 | 1 2 6 7 | 3 4 9 10",
        "1 2 8 9 10 | 0 6 7 12 | 3 4 5 11",
    ),
    # 18 players, 2 tables of 5 and 2 of 4, 4 rounds: 19 repeated pairs
    # (the search finds 20; none has 18: bench/seating_exact_fair.py, 40 s)
    (18, 4, (4, 4, 5, 5)): (
        "0 1 2 3 4 | 5 6 7 8 9 | 10 11 12 13 | 14 15 16 17",
        "0 10 11 14 15 | 5 12 13 16 17 | 1 2 6 7 | 3 4 8 9",
        "1 2 8 9 10 | 3 6 11 16 17 | 0 7 12 13 | 4 5 14 15",
        "3 4 7 10 16 | 6 12 13 14 15 | 0 8 9 17 | 1 2 5 11",
    ),
}


def best_schedule(n: int, rounds: int, sizes: tuple[int, ...]) -> list[list[list[int]]]:
    """The stored optimal fair schedule (:data:`BEST_SCHEDULES`) for ``n``
    players over exactly ``rounds`` rounds at tables of ``sizes``, or []."""
    lines = BEST_SCHEDULES.get((n, rounds, tuple(sorted(sizes))), ())
    return [_tables(line) for line in lines]


def _tables(line: str) -> list[list[int]]:
    return [[int(p) for p in table.split()] for table in line.split("|")]


def cyclic_schedule(n: int, sizes: tuple[int, ...], byes: int = 0) -> list[list[list[int]]]:
    """The stored cyclic repeat-free schedule (:data:`CYCLIC_BASES`) for
    ``n`` players at tables of ``sizes`` with ``byes`` byes each round,
    developed over all its rounds, or []."""
    stored = CYCLIC_BASES.get((n, tuple(sorted(sizes)), byes))
    if stored is None:
        return []
    m, rounds, base, _source = stored
    return develop(_tables(base), m, n - n % m, rounds)


def stored_rounds(n: int, sizes: tuple[int, ...], byes: int = 0) -> tuple[int, str] | None:
    """How many rounds the stored schedule for this field has (the one
    :func:`fair_schedule` gives) and its source, or None when none is
    stored."""
    key = (n, tuple(sorted(sizes)))
    if not byes and key in FAIR_SCHEDULES:
        return len(FAIR_SCHEDULES[key]), FAIR_SCHEDULES_SOURCE
    stored = CYCLIC_BASES.get((*key, byes))
    return None if stored is None else (stored[1], stored[3])


def fair_schedule(n: int, sizes: tuple[int, ...], byes: int = 0) -> list[list[list[int]]]:
    """The stored fair repeat-free schedule for ``n`` players at tables of
    ``sizes`` (and ``byes`` byes) each round, or []: one of
    :data:`FAIR_SCHEDULES` (no byes) or of :data:`CYCLIC_BASES`."""
    rounds = () if byes else FAIR_SCHEDULES.get((n, tuple(sorted(sizes))), ())
    if rounds:
        return [_tables(line) for line in rounds]
    return cyclic_schedule(n, sizes, byes)


def repeat_free_rounds(n: int, table_size: int = 4) -> tuple[list[list[list[int]]], str]:
    """The known repeat-free schedule with the most rounds for ``n``
    players at tables of ``table_size`` only, and its name; ([], "") when
    none is built in.  Affine spaces (4**k players), the 4-GDD over Z_7
    (24), the unital (28), the PG(3, 3) packing (40), the stored cyclic
    schedules (:data:`CYCLIC_BASES`), transversal designs (k * q players, q
    a prime power, q rounds), followed by rounds that seat each group of
    the transversal design apart when its q players have a design of their
    own (128 players: 32 + 10 rounds).  32 players: the 8-4-10 schedule
    over Z_4 x Z_4 (10 rounds; the transversal design and its groups give
    8 + 1)."""
    best: tuple[list[list[list[int]]], str] = ([], "")

    def offer(classes: list[list[list[int]]], name: str) -> None:
        nonlocal best
        if len(classes) > len(best[0]):
            best = (classes, name)

    if n % table_size == 0 and n:
        offer([[list(range(i, i + table_size)) for i in range(0, n, table_size)]], "one round")
    if table_size == 4:
        bits = n.bit_length() - 1
        if n >= 16 and n == 1 << bits and bits % 2 == 0:
            offer(affine_parallel_classes(bits // 2), f"affine space AG({bits // 2}, 4)")
        if n == 28:
            offer(hermitian_unital_classes(), "Hermitian unital of order 3")
        if n == 40:
            offer(projective_packing_classes(), "packing of PG(3, 3)")
        if n == 24:
            offer(cyclic_24_classes(), "resolvable 4-GDD of type 3^8 over Z_7")
        if n == 32:
            offer(golfer_32_classes(), "resolvable 4-GDD of type 2^16 over Z_4 x Z_4")
        stored = stored_rounds(n, (4,) * (n // 4)) if n % 4 == 0 else None
        if stored is not None:
            offer(cyclic_schedule(n, (4,) * (n // 4)), stored[1])
    q = n // table_size
    if n % table_size == 0 and q >= table_size:
        rounds = transversal_rounds(q, table_size)
        if rounds:
            offer(rounds, f"transversal design TD({table_size}, {q})")
            inner, inner_name = repeat_free_rounds(q, table_size)
            if inner:
                # the TD's groups (players g*q .. g*q + q - 1) never met: seat each by a design on q
                extra = [
                    [[g * q + p for p in table] for g in range(table_size) for table in tables]
                    for tables in inner
                ]
                offer(
                    rounds + extra,
                    f"transversal design TD({table_size}, {q}) and its groups by {inner_name}",
                )
    return best
