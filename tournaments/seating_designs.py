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


def _prime_power_factors(q: int) -> list[int]:
    """q as a product of powers of distinct primes, e.g. 28 -> [4, 7]."""
    factors, p = [], 2
    while q > 1:
        if p * p > q:
            factors.append(q)
            break
        if q % p == 0:
            power = 1
            while q % p == 0:
                q //= p
                power *= p
            factors.append(power)
        p += 1
    return factors


def _ring(q: int, k: int) -> tuple[Any, Any, list[int]] | None:
    """Addition and multiplication on 0 .. q-1 of the direct product of the
    fields GF(q_i) over the prime-power factors q_i of q (element x has the
    mixed-radix digits x_i), when every q_i >= k has a field here, and k
    elements whose differences are units (the one with every digit g, for
    g < k: each digit differs), which is all a transversal design needs
    (MacNeish 1922: k - 1 mutually orthogonal Latin squares of order q).
    None otherwise."""
    factors = _prime_power_factors(q)
    fields = [_field(f) for f in factors]
    if any(f < k for f in factors) or any(ops is None for ops in fields):
        return None
    if len(factors) == 1:
        add1, mul1 = fields[0]  # type: ignore[misc]
        return add1, mul1, list(range(k))

    def digits(x: int) -> list[int]:
        out = []
        for f in factors:
            x, d = divmod(x, f)
            out.append(d)
        return out

    def number(ds: list[int]) -> int:
        x = 0
        for f, d in zip(reversed(factors), reversed(ds)):
            x = x * f + d
        return x

    def lift(i: int) -> Any:
        return lambda a, b: number(
            [ops[i](x, y) for ops, x, y in zip(fields, digits(a), digits(b))]  # type: ignore[index]
        )

    add = [[lift(0)(a, b) for b in range(q)] for a in range(q)]
    mul = [[lift(1)(a, b) for b in range(q)] for a in range(q)]
    units = [number([g] * len(factors)) for g in range(k)]
    return (lambda a, b: add[a][b]), (lambda a, b: mul[a][b]), units


def transversal_rounds(q: int, k: int) -> list[list[list[int]]]:
    """q rounds of q tables of k for k * q players, nobody meeting anyone
    twice, when every prime-power factor of q is at least k (20 players:
    5 rounds; 32: 8; 28: 7; 112: 28, over GF(4) x GF(7)).

    Player (x, g), x in the ring R (GF(q), or the direct product of the
    fields of q's prime-power factors: :func:`_ring`), g < k, is numbered
    ``g * q + x``.  With elements m_g whose differences are units,
    round j seats table t at {(t + m_g * j, g) : g < k}: players (x, g) and
    (y, h) meet only in the round j with (m_h - m_g) * j = y - x (a
    resolvable transversal design, from k mutually orthogonal Latin
    squares).  Returns [] when q has a factor below k or without a field
    here.
    """
    ops = _ring(q, k)
    if ops is None or k > q:
        return []
    add, mul, units = ops
    return [
        [sorted(g * q + add(t, mul(units[g], j)) for g in range(k)) for t in range(q)]
        for j in range(q)
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


def rotational_classes(n: int, line: str | None = None) -> list[list[list[int]]]:
    """The m rounds of the resolvable (n, 4, 1) design for n = 3m + 1, m = 1
    (mod 4) (16, 28, 40, 52, .., 400 players: every pair meets exactly
    once), developed from its base round (:data:`ROTATIONAL_BASES`, or
    ``line`` in that form); [] when none is stored.

    Players (x, layer), x in Z_m, are numbered ``layer * m + x``, and the
    fixed player is 3m.  The base round: {3m, (0, 0), (0, 1), (0, 2)}
    and, for each pair of layers (l, l') and each stored x,y,
    {(x, l), (-x, l), (y, l'), (-y, l')}; round r adds r to every x
    (:func:`develop`).  Why every pair then meets once, and how the base
    rounds were found (exact cover): ``bench/seating_rotational.py``.
    """
    if n % 12 != 4:
        return []
    m = (n - 1) // 3
    line = line if line is not None else ROTATIONAL_BASES.get(m)
    if line is None:
        return []
    base = [[3 * m, 0, m, 2 * m]]
    for (layer, other), part in zip(((0, 1), (0, 2), (1, 2)), line.split("/")):
        for pair in part.split():
            x, y = (int(v) for v in pair.split(","))
            base.append([layer * m + x, layer * m + (m - x), other * m + y, other * m + (m - y)])
    return develop(base, m, 3 * m, m)


ROTATIONAL_SOURCE = (
    "resolvable ({n}, 4, 1) design, 1-rotational over Z_{m} (base round found by exact "
    "cover, bench/seating_rotational.py)"
)

#: Base rounds of the resolvable (3m + 1, 4, 1) designs (:func:`rotational_classes`),
#: per m: for the layers (0, 1), then (0, 2), then (1, 2), the x,y of each
#: table {(x, l), (-x, l), (y, l'), (-y, l')}.  Found by exact cover
#: (``bench/seating_rotational.py``, seed 0); the tests check every pair.
ROTATIONAL_BASES: dict[int, str] = {
    5: "1,2 / 2,1 / 1,2",
    9: "3,4 4,1 / 1,3 2,1 / 2,4 3,2",
    13: "2,5 5,6 6,2 / 1,5 3,2 4,6 / 1,3 3,4 4,1",
    17: "2,1 4,6 6,2 8,3 / 1,4 3,5 5,6 7,3 / 4,8 5,2 7,1 8,7",
    21: "1,4 4,2 5,9 7,6 10,1 / 2,5 3,9 6,2 8,3 9,10 / 3,8 5,4 7,1 8,6 10,7",
    25: "1,4 2,12 3,1 5,11 6,7 12,5 / 4,10 7,9 8,7 9,12 10,3 11,6 / 2,8 3,4 6,2 8,5 9,11 10,1",
    29: (
        "4,10 5,8 6,2 8,9 10,1 11,13 13,6 / 1,12 2,5 3,1 7,8 9,3 12,7 14,6 / 3,4 4,10 5,14 7,11 "
        "11,13 12,9 14,2"
    ),
    33: (
        "1,8 2,6 3,2 4,15 7,13 9,7 13,10 15,3 / 5,14 6,5 8,10 10,13 11,16 12,8 14,2 16,9 / 1,11 "
        "4,1 5,6 9,15 11,7 12,4 14,12 16,3"
    ),
    37: (
        "4,6 5,4 6,13 8,12 9,14 10,16 12,9 16,8 17,5 / 1,2 2,15 3,8 7,11 11,5 13,1 14,16 15,7 "
        "18,9 / 1,18 2,13 3,10 7,3 10,4 11,14 15,6 17,12 18,17"
    ),
    41: (
        "1,2 2,19 4,8 5,20 11,3 12,1 14,9 16,6 17,15 20,14 / 3,10 6,20 7,13 8,4 9,14 10,1 13,11 "
        "15,16 18,15 19,3 / 4,18 5,12 7,6 10,2 11,5 12,9 13,17 16,7 17,19 18,8"
    ),
    45: (
        "4,22 7,9 9,5 10,13 11,19 14,7 15,2 17,8 19,20 20,15 22,11 / 1,7 2,17 3,20 5,4 6,8 8,12 "
        "12,1 13,16 16,11 18,6 21,14 / 1,9 3,18 4,2 6,19 10,13 12,21 14,3 16,15 17,10 18,22 "
        "21,5"
    ),
    49: (
        "1,15 2,1 5,22 6,4 8,20 13,2 14,5 16,10 17,12 20,16 21,3 24,17 / 3,2 4,17 7,23 9,1 "
        "10,24 11,7 12,5 15,12 18,6 19,21 22,16 23,3 / 6,22 7,8 8,15 9,13 11,14 13,19 14,4 "
        "18,20 19,10 21,9 23,18 24,11"
    ),
    53: (
        "2,4 5,21 7,11 8,3 11,18 12,26 14,5 18,15 19,9 22,1 23,22 24,7 26,14 / 1,18 3,26 4,2 "
        "6,19 9,5 10,25 13,8 15,22 16,17 17,9 20,23 21,10 25,16 / 2,3 6,15 8,11 10,12 12,6 "
        "13,20 16,24 17,21 19,7 20,4 23,13 24,1 25,14"
    ),
    57: (
        "1,17 2,4 7,3 8,21 9,12 11,26 13,20 14,5 15,10 16,15 17,28 21,13 22,8 26,9 / 3,7 4,28 "
        "5,25 6,17 10,5 12,6 18,27 19,2 20,21 23,15 24,11 25,18 27,1 28,26 / 1,14 2,10 6,8 7,24 "
        "11,22 14,9 16,19 18,12 19,20 22,3 23,13 24,4 25,16 27,23"
    ),
    61: (
        "4,16 6,24 7,8 8,29 12,7 14,11 15,17 16,12 17,28 18,9 20,6 23,30 24,14 25,19 26,13 / "
        "1,9 2,21 3,27 5,6 9,5 10,3 11,23 13,22 19,14 21,1 22,24 27,2 28,12 29,26 30,13 / 1,25 "
        "2,20 3,17 4,29 5,8 10,11 15,4 18,16 20,10 21,28 22,7 23,15 25,19 26,30 27,18"
    ),
    65: (
        "1,25 2,13 3,11 8,17 9,21 12,16 13,8 15,2 17,10 20,14 22,20 25,22 26,6 27,28 29,7 31,15 "
        "/ 4,8 5,27 6,32 7,21 10,11 11,2 14,6 16,13 18,23 19,29 21,10 23,7 24,1 28,22 30,28 "
        "32,14 / 1,18 3,30 4,19 5,15 9,4 12,24 18,12 19,5 23,26 24,16 26,17 27,20 29,25 30,9 "
        "31,3 32,31"
    ),
    69: (
        "3,22 4,1 8,16 9,29 10,33 12,28 13,4 15,19 16,23 17,5 21,11 24,30 25,26 26,15 29,27 "
        "30,3 31,17 / 1,4 2,21 5,22 6,10 7,31 11,33 14,1 18,8 19,17 20,19 22,29 23,9 27,7 28,20 "
        "32,26 33,24 34,6 / 2,34 6,11 7,5 8,16 9,25 10,3 12,32 13,28 14,15 18,12 20,23 21,30 "
        "24,14 25,2 31,27 32,18 34,13"
    ),
    73: (
        "1,11 5,28 7,22 8,33 13,26 15,16 16,10 18,25 19,1 20,4 21,24 23,14 24,3 27,35 29,27 "
        "30,8 34,20 36,32 / 2,27 3,24 4,11 6,28 9,7 10,16 11,2 12,26 14,9 17,25 22,10 25,29 "
        "26,23 28,8 31,14 32,31 33,22 35,5 / 2,32 5,33 6,30 7,6 9,20 12,35 13,1 15,12 17,15 "
        "18,13 19,3 21,4 23,17 29,36 30,34 31,21 34,19 36,18"
    ),
    77: (
        "1,38 4,28 5,10 9,22 12,32 13,21 14,7 15,1 20,3 21,31 23,12 24,2 25,23 31,19 32,4 33,14 "
        "34,25 35,36 38,35 / 2,19 3,31 6,17 7,9 8,21 10,2 11,29 16,11 17,24 18,14 19,34 22,13 "
        "26,25 27,30 28,18 29,23 30,8 36,22 37,7 / 5,26 6,35 8,10 9,4 11,36 13,20 15,38 16,12 "
        "17,33 18,1 20,6 24,15 26,16 27,5 29,37 30,27 33,32 34,28 37,3"
    ),
    81: (
        "1,11 2,22 5,34 6,12 7,15 9,36 10,7 14,9 15,19 17,16 19,30 21,14 26,39 29,27 30,21 "
        "31,10 32,6 34,3 36,17 40,26 / 3,13 4,34 8,32 11,12 12,3 13,33 16,5 18,24 20,25 22,9 "
        "23,40 24,38 25,27 27,1 28,20 33,36 35,39 37,10 38,6 39,17 / 1,37 2,4 4,29 5,16 8,18 "
        "13,31 18,23 20,8 23,19 24,7 25,2 28,21 29,28 31,15 32,35 33,14 35,26 37,22 38,30 40,11"
    ),
    85: (
        "3,10 4,30 7,24 8,41 12,16 13,22 14,15 16,26 19,11 23,17 25,39 26,37 30,35 31,6 32,14 "
        "34,32 36,33 37,25 38,23 40,13 41,3 / 1,10 2,12 5,32 6,35 9,26 10,22 11,27 15,8 17,42 "
        "18,15 20,41 21,13 22,24 24,30 27,40 28,29 29,34 33,37 35,5 39,3 42,23 / 1,2 2,4 4,17 "
        "5,20 7,39 8,36 9,25 12,21 18,11 19,7 20,28 21,1 27,31 28,38 29,18 31,14 34,16 36,6 "
        "38,33 40,9 42,19"
    ),
    89: (
        "1,7 5,24 7,30 10,1 14,26 15,29 16,23 18,35 19,3 21,41 25,43 26,2 29,25 30,33 32,27 "
        "33,18 34,9 36,5 37,39 38,4 39,40 44,12 / 2,31 3,22 4,14 6,30 8,15 9,18 11,43 12,9 "
        "13,39 17,13 20,28 22,17 23,35 24,4 27,40 28,12 31,16 35,37 40,6 41,3 42,41 43,32 / "
        "6,23 8,1 10,2 11,24 13,27 14,29 15,36 16,21 17,44 19,38 20,10 21,5 22,26 28,25 31,11 "
        "32,34 34,33 36,42 37,19 38,7 42,8 44,20"
    ),
    93: (
        "4,21 5,6 6,44 7,12 12,20 13,22 14,32 17,4 18,16 21,28 22,34 23,46 24,2 26,36 27,33 "
        "28,25 29,13 31,35 33,19 34,14 39,24 45,9 46,18 / 1,19 2,7 3,44 8,43 9,36 10,33 11,18 "
        "15,11 16,24 19,2 20,8 25,9 30,31 32,46 35,25 36,38 37,26 38,16 40,15 41,28 42,45 43,6 "
        "44,13 / 1,39 3,1 5,41 7,23 8,27 10,4 11,37 15,10 17,32 23,14 26,3 27,35 29,30 30,42 "
        "31,20 37,17 38,5 39,22 40,12 41,34 42,29 43,40 45,21"
    ),
    97: (
        "1,36 3,15 5,6 6,28 8,33 14,40 16,37 17,11 19,10 20,22 22,25 24,8 25,39 29,2 32,19 "
        "34,27 37,45 41,17 42,32 43,24 44,4 45,7 47,30 48,44 / 2,30 4,20 7,42 9,21 10,16 11,28 "
        "12,11 13,9 15,4 18,39 21,26 23,14 26,46 27,37 28,25 30,15 31,23 33,35 35,1 36,5 38,45 "
        "39,12 40,2 46,33 / 1,18 3,6 5,47 9,31 12,36 13,48 14,32 16,10 18,41 20,40 21,29 23,8 "
        "26,13 29,24 31,3 34,7 35,19 38,34 41,27 42,43 43,22 46,44 47,17 48,38"
    ),
    101: (
        "4,10 6,26 7,46 8,48 9,17 10,25 13,12 14,45 16,6 17,50 18,5 21,9 22,41 24,20 25,30 "
        "26,15 28,37 29,8 33,16 35,42 36,38 41,13 43,40 44,28 47,4 / 1,2 2,15 3,33 5,45 11,23 "
        "12,32 15,10 19,28 20,4 23,30 27,19 30,44 31,29 32,50 34,1 37,41 38,7 39,13 40,18 42,31 "
        "45,35 46,40 48,11 49,20 50,12 / 1,21 2,46 3,26 7,47 11,5 14,38 18,8 19,6 21,39 22,37 "
        "23,16 24,43 27,24 29,17 31,42 32,36 33,25 34,3 35,34 36,9 39,48 43,22 44,27 47,49 "
        "49,14"
    ),
    105: (
        "1,33 7,17 8,13 9,28 11,39 12,15 13,12 14,45 16,36 17,31 18,44 20,16 21,8 23,40 26,32 "
        "29,37 32,50 37,4 39,1 40,49 44,46 45,38 47,2 49,5 50,20 52,41 / 2,10 3,40 4,24 5,47 "
        "6,41 10,34 15,31 19,12 22,16 24,1 25,51 27,30 28,13 30,25 31,42 33,3 34,20 35,36 36,9 "
        "38,28 41,8 42,23 43,45 46,50 48,35 51,33 / 3,48 6,4 7,39 9,52 10,15 11,19 14,2 18,21 "
        "19,37 21,6 22,11 23,27 24,17 25,46 26,43 27,26 29,38 30,44 34,14 35,7 42,5 43,49 47,18 "
        "48,22 51,32 52,29"
    ),
    109: (
        "1,50 2,9 3,39 6,23 7,46 8,7 12,10 15,48 18,26 20,34 23,14 24,28 28,3 29,52 32,37 33,15 "
        "36,2 39,27 41,47 44,20 45,32 46,43 47,21 49,33 50,40 52,22 53,6 / 4,21 5,32 9,54 10,45 "
        "11,15 13,34 14,2 16,36 17,22 19,11 21,40 22,12 25,48 26,50 27,26 30,28 31,18 34,37 "
        "35,46 37,43 38,6 40,47 42,27 43,52 48,30 51,8 54,13 / 1,17 4,38 5,25 8,29 11,24 12,20 "
        "13,16 16,1 17,41 18,51 19,44 24,33 25,3 29,19 30,23 31,5 35,31 36,35 38,7 41,14 42,53 "
        "44,42 45,4 49,10 51,39 53,9 54,49"
    ),
    113: (
        "1,49 2,22 5,16 6,10 7,44 8,25 10,13 12,18 13,12 19,37 20,8 25,33 26,48 27,14 28,26 "
        "32,39 34,43 36,51 37,27 39,34 40,21 41,3 42,11 45,2 47,20 49,35 51,17 55,23 / 3,21 "
        "4,29 9,37 11,18 14,54 15,23 16,15 17,38 18,32 21,36 22,10 23,3 24,19 29,7 30,53 31,40 "
        "33,16 35,24 38,22 43,33 44,50 46,5 48,52 50,11 52,17 53,26 54,56 56,9 / 1,55 4,30 5,47 "
        "6,25 7,48 9,4 15,13 19,43 24,45 28,12 29,14 30,34 31,2 32,42 36,27 38,8 40,46 41,49 "
        "42,35 45,31 46,1 47,44 50,51 52,41 53,28 54,6 55,20 56,39"
    ),
    117: (
        "2,18 3,48 4,31 5,38 8,21 9,41 14,25 15,53 18,40 19,34 20,37 22,47 24,6 25,19 26,57 "
        "32,23 33,43 34,55 39,15 40,54 41,5 42,49 44,36 48,29 49,7 53,52 54,58 56,9 58,56 / 1,2 "
        "6,13 7,47 10,16 11,53 12,36 13,8 16,7 17,1 21,57 23,35 27,29 28,38 29,18 30,55 31,51 "
        "35,39 36,21 37,4 38,52 43,9 45,17 46,54 47,25 50,37 51,22 52,15 55,24 57,11 / 1,30 "
        "2,26 3,45 4,5 8,41 10,27 11,46 12,58 13,19 14,40 16,14 17,3 20,33 22,56 24,42 26,10 "
        "27,34 28,31 30,49 32,44 33,12 35,20 39,28 42,32 44,48 45,50 46,6 50,23 51,43"
    ),
    121: (
        "4,33 5,44 6,36 8,46 9,50 11,54 13,57 15,32 16,5 17,43 19,4 20,26 23,35 27,9 28,3 29,37 "
        "30,58 34,14 35,59 38,19 39,29 40,49 46,6 48,51 50,55 53,18 54,53 55,21 56,52 58,56 / "
        "1,8 2,1 3,59 7,18 10,39 12,36 14,20 18,26 21,43 22,24 24,45 25,2 26,16 31,49 32,58 "
        "33,48 36,22 37,54 41,13 42,3 43,10 44,6 45,29 47,4 49,12 51,15 52,56 57,52 59,27 60,41 "
        "/ 1,25 2,5 7,51 8,9 10,33 11,53 12,34 13,21 15,40 16,37 17,30 20,47 22,7 23,28 24,57 "
        "25,35 27,55 28,44 30,32 31,19 34,14 38,42 39,50 40,46 41,11 42,60 45,31 47,38 48,17 "
        "60,23"
    ),
    125: (
        "2,46 5,61 6,27 7,54 10,5 11,51 14,3 15,43 16,13 18,55 20,2 22,14 24,22 26,1 27,11 "
        "30,42 31,45 32,19 36,35 40,30 42,49 45,15 48,57 49,53 51,6 54,28 55,31 56,50 57,26 "
        "58,17 61,29 / 1,62 3,9 4,23 8,18 9,43 12,8 13,30 17,19 19,51 21,39 23,54 25,20 28,53 "
        "29,6 33,17 34,58 35,14 37,34 38,31 39,40 41,1 43,52 44,15 46,5 47,10 50,61 52,60 53,25 "
        "59,44 60,7 62,24 / 4,46 7,32 8,57 9,13 10,27 12,2 16,28 18,33 20,49 21,47 23,50 24,11 "
        "25,59 32,4 33,26 34,37 36,12 37,35 38,29 39,55 40,45 41,22 44,38 47,48 48,56 52,41 "
        "56,36 58,3 59,21 60,42 62,16"
    ),
    129: (
        "2,4 3,29 5,64 9,6 10,40 11,53 12,55 13,58 14,34 17,8 18,39 19,35 20,43 24,25 26,2 "
        "27,56 30,22 34,17 36,3 37,51 40,36 41,48 43,12 47,9 48,59 50,45 52,33 53,41 54,7 56,46 "
        "62,49 64,28 / 1,24 4,10 6,38 7,9 8,62 15,4 16,45 21,51 22,13 23,43 25,37 28,32 29,12 "
        "31,18 32,47 33,15 35,56 38,39 39,63 42,14 44,52 45,6 46,1 49,54 51,44 55,19 57,35 "
        "58,61 59,17 60,29 61,3 63,20 / 1,30 5,28 10,53 11,58 13,48 14,31 15,22 16,8 18,36 "
        "19,25 20,42 21,60 23,34 24,64 26,27 27,23 30,16 31,11 32,2 37,40 38,33 42,55 44,59 "
        "47,57 50,41 52,50 54,26 57,21 60,5 61,49 62,46 63,7"
    ),
    133: (
        "2,4 4,30 5,9 6,48 8,49 9,64 16,6 17,10 18,27 19,50 22,61 25,26 26,44 29,52 30,17 31,36 "
        "33,16 35,11 37,21 39,58 40,65 41,3 44,33 47,18 48,45 49,12 50,62 51,8 55,7 56,24 60,40 "
        "63,55 64,34 / 1,61 3,22 7,15 10,45 11,54 12,46 13,43 14,47 15,24 20,9 21,33 23,18 "
        "24,64 27,25 28,8 32,35 34,17 36,40 38,31 42,63 43,5 45,51 46,28 52,65 53,27 54,30 "
        "57,26 58,12 59,32 61,62 62,39 65,21 66,52 / 1,29 2,13 5,57 13,37 14,23 15,48 19,7 "
        "20,14 22,58 23,16 25,66 28,36 29,6 31,34 32,42 35,53 37,50 38,19 39,56 41,20 42,2 "
        "43,41 46,60 47,4 51,3 53,49 54,59 56,55 57,10 59,1 60,44 63,38 66,11"
    ),
}


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
    schedules (:data:`CYCLIC_BASES`), the 1-rotational resolvable designs
    (every n = 4 (mod 12) up to 400: (n - 1) / 3 rounds,
    :func:`rotational_classes`), transversal designs (k * q players, every
    prime-power factor of q at least k, q rounds), followed by rounds that
    seat each group of the transversal design apart when its q players
    have a design of their own (128 players: 32 + 10 rounds; 144: 36 +
    11).  32 players: the 8-4-10 schedule over Z_4 x Z_4 (10 rounds; the
    transversal design and its groups give 8 + 1)."""
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
        if n % 12 == 4 and (n - 1) // 3 in ROTATIONAL_BASES:
            offer(rotational_classes(n), ROTATIONAL_SOURCE.format(n=n, m=(n - 1) // 3))
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
