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

from tournaments.seating_best import BEST_SCHEDULES

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
    squares).  Orders with a prime-power factor below k take a stored
    difference matrix instead, times a field's where it must
    (:func:`_difference_matrix_rounds`: 15, 21, 39, 84 = 21 x 4, ...), or
    else Wilson's construction from smaller transversal designs
    (:func:`_wilson_rounds`: 24, 33, 51, 57, ...).  Either way round 0
    seats table t at {g * q + t : g < k}.  Returns [] when q has none of
    them (6, 10, 12, 14, 18, 22, ... for k = 4).
    """
    ops = _ring(q, k)
    if k > q:
        return []
    if ops is None:
        return _difference_matrix_rounds(q, k) or _wilson_rounds(q, k)
    add, mul, units = ops
    return [
        [sorted(g * q + add(t, mul(units[g], j)) for g in range(k)) for t in range(q)]
        for j in range(q)
    ]


#: (q, 4, 1) difference matrices over Z_q for orders q that have no
#: transversal design from fields (:func:`_ring`: a prime-power factor
#: below 4), found with CP-SAT (``bench/seating_difference_matrices.py Q``,
#: one worker, seed 1; the columns fixed by c -> -c): per q, rows 2 and 3;
#: row 0 is all 0 and row 1 is 0, 1, .., q - 1 (any difference matrix
#: takes that form).  For any two rows, the differences of their entries
#: column by column are every element of Z_q once (the difference method:
#: Handbook of Combinatorial Designs, 2nd ed., III.17); the tests check it.
DIFFERENCE_MATRICES: dict[int, tuple[str, str]] = {
    15: (  # 0.3 s
        "0 10 13 6 3 7 11 14 1 4 8 12 9 2 5",
        "0 11 10 14 13 3 9 8 7 6 12 2 1 5 4",
    ),
    21: (  # 1 s
        "0 16 4 20 14 8 19 12 15 18 11 10 3 6 9 2 13 7 1 17 5",
        "0 20 13 18 11 9 14 6 5 4 19 2 17 16 15 7 12 10 3 8 1",
    ),
    39: (  # 7 s
        "0 32 16 18 27 34 38 10 36 14 28 24 6 9 26 35 17 8 20 2 37 19 31 22 4 13 30 33 15 11 "
        "25 3 29 1 5 12 21 23 7",
        "0 34 29 8 11 15 37 21 32 20 14 9 33 26 17 38 35 16 27 36 3 12 23 4 1 22 13 6 30 25 "
        "19 7 18 2 24 28 31 10 5",
    ),
}


def difference_matrix(q: int) -> list[list[int]]:
    """The stored (q, 4, 1) difference matrix over Z_q
    (:data:`DIFFERENCE_MATRICES`): 4 rows of q entries in 0 .. q - 1; []
    when none is stored."""
    if q not in DIFFERENCE_MATRICES:
        return []
    return [[0] * q, list(range(q))] + [
        [int(x) for x in row.split()] for row in DIFFERENCE_MATRICES[q]
    ]


def _difference_rows(q: int) -> tuple[list[list[int]], Any] | None:
    """Four rows of a (q, 4, 1) difference matrix over an abelian group on
    0 .. q - 1, each with 0 in column 0, and the group's addition: a stored
    one over Z_s (:func:`difference_matrix`) when s = q, or times the rows
    m_g c of :func:`_ring` (r) for q = s r (the direct product of
    difference matrices is one: element x s-part x // r, r-part x % r);
    None when there is neither."""
    if q in DIFFERENCE_MATRICES:
        return difference_matrix(q), lambda a, b: (a + b) % q
    for s in sorted(DIFFERENCE_MATRICES):
        r, rest = divmod(q, s)
        ops = _ring(r, 4) if not rest else None
        if ops is None:
            continue
        stored = difference_matrix(s)
        add_r, mul_r, units = ops

        def add(a: int, b: int, s: int = s, r: int = r, add_r: Any = add_r) -> int:
            return (a // r + b // r) % s * r + add_r(a % r, b % r)

        rows = [
            [row[c // r] * r + mul_r(units[g], c % r) for c in range(q)]
            for g, row in enumerate(stored)
        ]
        return rows, add
    return None


def _difference_matrix_rounds(q: int, k: int) -> list[list[list[int]]]:
    """:func:`transversal_rounds` from a (q, 4, 1) difference matrix D
    (:func:`_difference_rows`), k <= 4: round c seats table t at
    {g * q + D[g][c] + t : g < k}, so two players of groups g and h meet in
    the one round whose column has their difference, and round 0 seats
    table t at {g * q + t}, as the rounds from a field do.  [] when there
    is no such matrix here or k > 4."""
    found = _difference_rows(q) if k <= 4 else None
    if found is None:
        return []
    rows, add = found
    return [
        [sorted(g * q + add(rows[g][c], t) for g in range(k)) for t in range(q)] for c in range(q)
    ]


def _transversal_blocks(q: int, k: int) -> list[tuple[int, ...]]:
    """The q * q blocks of a transversal design TD(k, q), each a tuple of
    k points in 0 .. q - 1, point i from group i: the resolvable TD(k - 1,
    q) of :func:`transversal_rounds` with each round's number as group
    k - 1 (a round seats every player once, so the point of round j meets
    each of them in one block).  [] when there is none here; q = 1 is the
    one block of zeros."""
    if q == 1:
        return [(0,) * k]
    rounds = transversal_rounds(q, k - 1)
    return [
        tuple(p % q for p in table) + (j,)  # a table holds group g's player g * q + x
        for j, tables in enumerate(rounds)
        for table in tables
    ]


def wilson_split(q: int, k: int) -> tuple[int, int, int] | None:
    """(m, t, u) with q = m t + u, 0 <= u <= t, for which :func:`wilson_blocks`
    has every ingredient: TD(k + 1, t) from fields (:func:`_ring`), TD(k, m),
    TD(k, m + 1) and TD(k, u) (u = 0 and u = 1 need none) from
    :func:`transversal_rounds`; the largest t first.  None when no split of
    q has them all here."""
    for t in range(q // 2, 1, -1):
        if _ring(t, k) is None:  # TD(k + 1, t) from fields only: no recursion in k
            continue
        for m in range(2, q // t + 1):
            u = q - m * t
            if u > t or not (_has_blocks(m, k) and _has_blocks(m + 1, k)):
                continue
            if u <= 1 or _has_blocks(u, k):
                return m, t, u
    return None


def wilson_blocks(q: int, k: int) -> list[tuple[int, ...]]:
    """A transversal design TD(k, q) by Wilson's construction (Wilson,
    "Concerning the number of mutually orthogonal Latin squares", Discrete
    Math. 9, 1974; Handbook of Combinatorial Designs, 2nd ed., III.3):
    with q = m t + u (:func:`wilson_split`), a TD(k + 1, t) whose last
    group keeps u of its t points, each point of the first k groups made m
    and each kept point one.  Blocks are tuples of k points in 0 .. q - 1,
    point i from group i; point b m + j is the j-th copy of point b, point
    m t + x the kept point x.

    - A block through a dropped point becomes the blocks of a TD(k, m) on
      the copies of its k points;
    - a block through kept point x, those of a TD(k, m + 1) on the copies
      and x in each group, less its block of x alone;
    - and a TD(k, u) on the kept points gives those blocks of x alone
      once, x meeting x' != x there.

    Two points of different groups meet once: in the ingredient of the
    one block of TD(k + 1, t) on their originals, or in TD(k, u).
    [] when no split has every ingredient here."""
    split = wilson_split(q, k)
    if split is None:
        return []
    m, t, u = split
    mt = m * t
    small, plus = _transversal_blocks(m, k), _transversal_blocks(m + 1, k)
    # the TD(k, m + 1) with its block of x alone last, its point m in every group
    last = plus[0]
    plus = [
        tuple(m if c == last[i] else c - (c > last[i]) for i, c in enumerate(block))
        for block in plus[1:]
    ]
    blocks = []
    for big in _transversal_blocks(t, k + 1):
        *points, x = big
        if x >= u:
            blocks.extend(tuple(b * m + c for b, c in zip(points, block)) for block in small)
        else:
            blocks.extend(
                tuple(mt + x if c == m else b * m + c for b, c in zip(points, block))
                for block in plus
            )
    if u:
        blocks.extend(tuple(mt + x for x in block) for block in _transversal_blocks(u, k))
    return blocks


def transversal_name(q: int, k: int) -> str:
    """ "TD(k, q)" for a schedule's name, with "(Wilson 1974)"
    when :func:`transversal_rounds` makes it so (no field nor stored
    matrix has it)."""
    wilson = k <= q and _ring(q, k) is None and (k > 4 or _difference_rows(q) is None)
    return f"TD({k}, {q})" + (" (Wilson 1974)" if wilson else "")


def _has_blocks(q: int, k: int) -> bool:
    """Whether :func:`_transversal_blocks` (q, k) has a TD(k, q)."""
    return q == 1 or _has_transversal(q, k - 1)


def _wilson_rounds(q: int, k: int) -> list[list[list[int]]]:
    """:func:`transversal_rounds` from Wilson's TD(k + 1, q)
    (:func:`wilson_blocks`): round x seats the blocks through point x of
    the last group, less that point (they meet every other point once), and
    each group's points are renumbered so that round 0 is the diagonal
    (table t at {g * q + t : g < k}).  51 = 4 * 11 + 7: TD(6, 11),
    TD(5, 4), TD(5, 5) and TD(5, 7).  [] when there is none."""
    blocks = wilson_blocks(q, k + 1)
    if not blocks:
        return []
    by_round: list[list[tuple[int, ...]]] = [[] for _ in range(q)]
    for block in blocks:
        by_round[block[k]].append(block[:k])
    by_round[0].sort()
    # group g's point in round 0's table t is renamed t
    name = [[0] * q for _ in range(k)]
    for t, block in enumerate(by_round[0]):
        for g, p in enumerate(block):
            name[g][p] = t
    return [
        sorted(sorted(g * q + name[g][p] for g, p in enumerate(block)) for block in tables)
        for tables in by_round
    ]


def groups_left(classes: list[list[list[int]]], n: int) -> list[list[int]] | None:
    """The groups a repeat-free schedule leaves: when the pairs of its ``n``
    players that never meet split them into cliques of one size g (a
    resolvable k-GDD of type g^(n / g); g = 1 when everybody meets
    everybody), those cliques, sorted; None otherwise.

    classes: rounds of tables of players 0 .. n - 1, nobody meeting twice.
    """
    unmet = [set(range(n)) - {p} for p in range(n)]
    for tables in classes:
        for table in tables:
            for p in table:
                unmet[p].difference_update(table)
    groups = sorted({tuple(sorted(unmet[p] | {p})) for p in range(n)})
    size = len(groups[0]) if groups else 0
    if sum(len(g) for g in groups) != n or any(len(g) != size for g in groups):
        return None
    return [list(g) for g in groups]


def inflated_rounds(
    classes: list[list[list[int]]], n: int, m: int, k: int = 4
) -> list[list[list[int]]]:
    """A repeat-free schedule on ``n`` players at tables of ``k``, each
    player made ``m`` (inflation by a resolvable transversal design: the
    weighting of Wilson's fundamental construction, Wilson, "Constructions
    and uses of pairwise balanced designs", Math. Centre Tracts 55, 1974).

    Player p becomes the players ``p * m + x`` for x < m; each table
    (p_0, .., p_(k-1)) of a round becomes, in each of the m rounds of
    :func:`transversal_rounds` (m, k), that round's tables with group g
    placed on p_g.  So ``len(classes) * m`` rounds; two new players of
    different old players meet once if those met (in that round's
    transversal design), never otherwise, and two of one old player never:
    the old schedule's groups (:func:`groups_left`) grow m times, which is
    what lets a design on their players finish the schedule
    (:func:`repeat_free_rounds`).  Returns [] when there is no transversal
    design TD(k, m) here; raises ValueError when a table is not of k.
    """
    td = transversal_rounds(m, k)
    if not td:
        return []
    rounds = []
    for tables in classes:
        if any(len(table) != k for table in tables):
            raise ValueError(f"inflation needs tables of {k}")
        for td_tables in td:
            rounds.append(
                [
                    sorted(table[q // m] * m + q % m for q in td_table)
                    for table in tables
                    for td_table in td_tables
                ]
            )
    return rounds


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
    13: "2,3 5,1 6,4 / 1,4 3,1 4,3 / 2,6 5,2 6,5",
    17: "1,3 2,5 5,6 7,2 / 3,7 4,5 6,8 8,3 / 1,4 4,2 7,6 8,1",
    21: "3,9 7,6 8,3 9,5 10,8 / 1,4 2,6 4,10 5,7 6,5 / 1,3 2,9 4,1 7,8 10,2",
    25: "1,12 2,1 3,5 5,11 11,4 12,8 / 4,9 6,10 7,1 8,7 9,2 10,12 / 2,4 3,6 6,11 7,8 9,5 10,3",
    29: (
        "2,11 5,7 6,5 7,14 8,2 9,6 14,10 / 1,3 3,10 4,14 10,5 11,12 12,9 13,4 / 1,11 3,6 4,2 "
        "8,7 9,13 12,1 13,8"
    ),
    33: (
        "1,5 2,14 4,1 5,13 6,8 7,6 9,2 16,7 / 3,2 8,14 10,6 11,3 12,9 13,11 14,1 15,8 / 3,15 "
        "4,7 9,10 10,16 11,13 12,4 15,5 16,12"
    ),
    37: (
        "1,9 4,7 5,11 11,12 13,4 14,16 16,3 17,5 18,14 / 2,15 3,13 6,1 7,18 8,10 9,6 10,4 12,16 "
        "15,14 / 1,5 2,7 6,8 8,11 10,17 13,12 15,2 17,9 18,3"
    ),
    41: (
        "1,2 2,19 4,8 5,20 11,3 12,1 14,9 16,6 17,15 20,14 / 3,11 6,3 7,13 8,10 9,16 10,5 13,17 "
        "15,14 18,1 19,9 / 4,12 5,2 7,19 10,20 11,6 12,8 13,15 16,7 17,18 18,4"
    ),
    45: (
        "2,10 3,17 5,6 9,15 12,5 13,3 15,12 16,7 17,2 18,14 19,21 / 1,17 4,21 6,1 7,4 8,16 "
        "10,20 11,15 14,8 20,11 21,22 22,10 / 1,5 4,19 8,9 9,12 11,3 13,6 16,18 18,2 19,14 20,7 "
        "22,13"
    ),
    49: (
        "1,3 4,24 5,12 7,23 10,21 11,14 15,20 17,9 20,7 21,22 23,11 24,15 / 2,24 3,5 6,7 8,20 "
        "9,15 12,22 13,6 14,18 16,19 18,13 19,10 22,11 / 1,16 2,4 4,14 5,2 6,17 8,21 10,9 13,1 "
        "16,12 17,8 18,23 19,3"
    ),
    53: (
        "3,12 4,18 5,23 8,13 9,10 10,14 11,9 12,1 17,24 18,8 21,15 23,7 24,21 / 1,20 2,5 6,11 "
        "7,19 13,7 14,10 15,16 16,2 19,4 20,22 22,6 25,15 26,18 / 2,17 3,24 4,26 5,1 6,3 11,13 "
        "16,23 17,25 19,14 20,8 22,21 25,12 26,9"
    ),
    57: (
        "7,24 8,5 9,1 10,8 11,23 15,6 17,10 19,13 20,21 21,16 22,11 23,19 25,3 26,12 / 1,4 2,25 "
        "3,9 4,18 5,6 6,13 12,16 13,11 14,22 16,1 18,2 24,15 27,17 28,3 / 2,28 4,8 7,10 9,20 "
        "14,23 15,21 17,24 18,26 20,19 22,12 25,27 26,7 27,5 28,14"
    ),
    61: (
        "1,14 3,20 4,3 5,7 7,25 8,16 10,15 12,8 15,24 16,19 20,10 22,11 24,18 25,9 27,13 / 2,12 "
        "6,26 9,21 11,14 13,30 14,7 17,16 18,9 19,23 21,5 23,25 26,11 28,22 29,24 30,8 / 1,28 "
        "2,6 4,13 5,15 6,20 12,1 17,2 21,18 22,27 23,17 26,19 27,3 28,10 29,4 30,29"
    ),
    65: (
        "7,15 8,21 10,14 11,27 13,4 14,12 15,8 17,20 20,25 21,9 22,3 25,26 27,17 30,24 31,16 "
        "32,1 / 1,23 2,3 3,6 4,15 5,21 6,29 9,24 12,2 16,18 18,11 19,25 23,5 24,28 26,14 28,20 "
        "29,9 / 2,12 5,22 6,13 7,16 10,8 11,32 13,26 18,10 19,31 22,19 23,7 28,17 29,4 30,1 "
        "31,30 32,27"
    ),
    69: (
        "2,23 3,10 6,33 9,1 10,25 11,34 14,26 16,12 18,15 19,3 20,11 22,21 23,9 26,24 31,20 "
        "33,16 34,29 / 1,17 4,25 5,9 7,20 8,28 12,7 13,11 15,22 17,6 21,4 24,30 25,34 27,1 "
        "28,29 29,32 30,8 32,2 / 2,12 4,5 5,31 6,10 7,27 8,33 13,26 14,3 17,14 18,24 19,21 "
        "22,15 27,19 28,23 30,18 31,16 32,13"
    ),
    73: (
        "1,30 2,25 4,24 5,12 9,17 12,36 13,19 16,3 18,33 19,15 20,32 26,10 27,16 29,26 30,29 "
        "33,35 34,1 36,27 / 3,17 6,3 7,25 8,16 10,36 11,6 14,24 15,4 17,11 21,22 22,1 23,8 "
        "24,12 25,9 28,32 31,2 32,34 35,13 / 2,7 4,21 5,35 6,26 7,28 8,19 9,10 11,15 13,29 "
        "14,20 18,33 20,30 21,23 22,14 23,5 28,31 31,18 34,27"
    ),
    77: (
        "3,28 6,26 7,36 8,4 9,30 10,1 11,3 13,14 14,12 19,16 21,2 27,17 28,21 29,7 33,38 34,19 "
        "35,5 36,23 38,22 / 1,33 2,19 4,20 5,35 12,6 15,24 16,3 17,9 18,7 20,22 22,26 23,18 "
        "24,4 25,2 26,29 30,37 31,32 32,1 37,25 / 6,27 8,16 9,21 10,28 11,17 13,38 15,12 18,5 "
        "20,15 24,34 25,11 27,10 29,14 31,30 32,23 33,13 34,36 35,31 37,8"
    ),
    81: (
        "1,33 2,25 3,40 5,15 7,12 8,34 9,2 11,7 12,29 19,32 20,28 21,36 22,6 23,22 28,31 29,17 "
        "30,1 33,27 35,21 37,35 / 4,21 6,39 10,30 13,1 14,16 15,8 16,13 17,9 18,36 24,23 25,14 "
        "26,2 27,33 31,18 32,27 34,3 36,26 38,34 39,4 40,25 / 3,6 4,10 5,17 8,7 9,38 10,35 "
        "11,32 13,29 14,37 16,24 18,31 19,12 20,15 23,5 24,20 26,28 30,40 37,11 38,19 39,22"
    ),
    85: (
        "1,28 3,25 13,20 17,9 19,13 21,26 22,38 23,41 26,17 27,12 28,27 29,5 30,11 31,19 32,42 "
        "34,37 36,32 37,35 38,7 41,21 42,6 / 2,28 4,16 5,26 6,40 7,10 8,27 9,5 10,39 11,34 "
        "12,21 14,13 15,9 16,41 18,23 20,12 24,14 25,18 33,15 35,37 39,24 40,29 / 1,7 2,32 3,36 "
        "4,6 8,35 10,1 14,42 15,20 16,2 18,30 22,3 23,8 24,25 29,33 30,17 31,38 33,11 34,31 "
        "36,4 39,22 40,19"
    ),
    89: (
        "2,20 4,36 5,7 10,25 11,44 13,14 14,3 17,42 19,24 20,4 21,30 23,13 25,17 28,41 30,9 "
        "32,26 34,27 35,31 36,39 37,8 39,2 41,22 / 1,35 3,1 6,21 7,2 8,15 9,23 12,42 15,33 16,3 "
        "18,24 22,38 24,34 26,43 27,19 29,8 31,32 33,11 38,27 40,37 42,9 43,18 44,5 / 1,25 5,14 "
        "6,16 10,13 11,44 12,40 15,26 16,31 18,12 19,39 21,28 23,6 28,10 29,17 32,7 33,29 34,20 "
        "35,22 37,36 38,30 40,4 43,41"
    ),
    93: (
        "1,10 2,18 3,45 6,38 8,7 12,42 14,8 15,3 18,5 19,22 26,9 27,23 30,4 31,6 34,13 36,26 "
        "37,1 38,36 39,46 41,12 42,37 44,16 45,21 / 4,46 5,25 7,8 9,13 10,15 11,28 13,31 16,3 "
        "17,24 20,4 21,44 22,14 23,35 24,21 25,36 28,38 29,43 32,1 33,7 35,29 40,6 43,41 46,9 / "
        "2,33 11,27 14,12 15,42 17,39 19,22 20,5 24,45 25,18 27,17 28,19 29,16 30,10 31,20 32,2 "
        "33,37 34,26 35,30 39,40 40,34 41,23 43,11 44,32"
    ),
    97: (
        "1,10 5,17 8,18 9,40 11,44 13,14 14,21 15,9 16,36 19,24 20,16 22,19 23,2 24,8 25,43 "
        "29,31 32,15 35,5 39,20 40,6 41,33 42,27 46,7 48,35 / 2,44 3,18 4,16 6,28 7,31 10,6 "
        "12,21 17,48 18,29 21,20 26,32 27,40 28,25 30,5 31,26 33,41 34,36 36,43 37,8 38,10 "
        "43,17 44,34 45,9 47,33 / 1,2 3,7 4,24 11,46 12,19 13,42 22,45 23,35 25,38 26,1 28,4 "
        "29,27 30,14 32,11 34,15 37,23 38,12 39,22 41,47 42,37 45,30 46,13 47,39 48,3"
    ),
    101: (
        "1,25 2,36 4,31 5,45 8,1 10,23 14,44 15,7 17,35 19,34 22,24 23,22 24,41 25,29 27,4 "
        "28,48 30,14 33,47 34,39 35,6 36,33 37,27 39,50 44,38 49,10 / 3,5 6,18 7,30 9,27 11,40 "
        "12,13 13,2 16,46 18,25 20,1 21,31 26,43 29,45 31,9 32,28 38,29 40,14 41,47 42,39 43,12 "
        "45,3 46,41 47,19 48,15 50,6 / 2,34 3,44 5,10 8,17 9,26 11,7 12,49 13,37 15,42 16,4 "
        "17,50 18,24 19,11 20,33 21,22 26,23 28,35 30,16 32,48 37,8 40,38 42,20 43,32 46,36 "
        "49,21"
    ),
    105: (
        "1,25 2,35 5,43 8,33 10,26 12,44 13,9 18,45 19,10 20,34 21,41 23,16 26,20 29,46 30,15 "
        "31,30 34,21 36,48 38,27 42,40 45,42 46,51 48,38 50,3 51,23 52,18 / 3,27 4,6 6,47 7,11 "
        "9,37 11,49 14,21 15,35 16,5 17,40 22,41 24,2 25,19 27,24 28,43 32,15 33,4 35,8 37,36 "
        "39,26 40,9 41,25 43,29 44,52 47,22 49,44 / 1,30 2,38 4,50 5,17 6,51 7,32 8,3 11,7 "
        "12,20 13,28 14,42 17,16 19,33 22,1 24,14 28,34 29,13 31,48 32,23 36,39 37,10 39,46 "
        "47,45 49,12 50,31 52,18"
    ),
    109: (
        "1,15 2,50 3,31 8,1 10,13 17,21 19,14 20,49 21,42 22,20 26,25 27,10 28,4 30,19 31,37 "
        "35,47 37,2 38,53 43,7 44,22 46,38 47,17 49,5 50,3 52,26 53,43 54,35 / 4,37 5,31 6,21 "
        "7,35 9,29 11,13 12,2 13,12 14,9 15,45 16,38 18,22 23,34 24,15 25,28 29,36 32,48 33,41 "
        "34,17 36,30 39,52 40,6 41,20 42,5 45,14 48,16 51,39 / 6,23 8,53 9,7 11,19 12,11 16,43 "
        "18,49 23,47 24,44 27,24 28,10 29,4 30,51 32,25 33,42 34,40 36,26 39,27 40,54 41,46 "
        "44,33 45,1 46,50 48,8 51,32 52,3 54,18"
    ),
    113: (
        "1,25 2,15 3,36 6,10 7,35 9,14 11,1 12,48 17,49 21,20 22,8 26,37 27,24 28,7 31,12 32,26 "
        "33,51 34,27 36,9 37,17 38,53 40,6 41,32 42,34 43,5 45,43 50,19 53,4 / 4,46 5,28 8,6 "
        "10,41 13,33 14,21 15,45 16,20 18,29 19,10 20,37 23,35 24,8 25,24 29,19 30,15 35,9 39,2 "
        "44,17 46,49 47,7 48,40 49,30 51,23 52,39 54,16 55,34 56,51 / 2,52 3,12 11,44 13,31 "
        "16,50 18,54 21,14 22,48 23,4 28,3 29,27 30,18 31,42 33,5 38,43 39,25 40,56 41,11 42,32 "
        "44,47 45,22 46,38 47,53 50,26 52,1 54,55 55,13 56,36"
    ),
    117: (
        "3,25 5,24 8,38 10,35 11,31 12,4 13,19 14,9 15,52 17,26 19,5 20,53 22,37 27,30 28,41 "
        "29,50 30,47 32,34 35,1 39,8 41,15 44,55 46,7 49,14 50,57 51,39 52,3 53,12 57,56 / 1,48 "
        "2,11 4,12 6,40 7,45 9,46 16,42 18,32 21,14 23,4 24,18 25,7 26,3 31,26 33,23 34,58 "
        "36,15 37,41 38,10 40,55 42,30 43,44 45,28 47,16 48,5 54,43 55,22 56,20 58,56 / 2,8 "
        "6,31 10,49 11,13 13,57 16,38 17,51 18,47 20,6 21,53 22,29 23,54 27,9 28,33 29,1 32,21 "
        "33,34 36,19 40,17 42,27 43,2 44,35 45,37 46,25 48,36 49,52 51,24 54,50 58,39"
    ),
    121: (
        "2,17 3,21 6,20 7,6 8,41 9,1 10,15 12,51 13,24 14,34 15,12 19,60 20,14 24,47 26,55 "
        "28,19 30,2 31,29 37,25 40,36 41,10 42,26 43,13 44,22 46,39 47,30 49,3 50,7 51,16 52,31 "
        "/ 1,48 4,59 5,29 11,42 16,9 17,33 18,22 21,58 22,4 23,34 25,53 27,21 29,46 32,54 33,47 "
        "34,43 35,30 36,49 38,23 39,20 45,24 48,40 53,41 54,16 55,56 56,11 57,25 58,60 59,39 "
        "60,31 / 4,51 5,35 8,17 9,5 11,18 18,2 23,15 27,12 28,50 32,1 33,28 35,36 37,27 38,6 "
        "40,57 42,44 43,55 44,26 45,8 46,19 48,45 49,3 50,37 52,10 53,32 54,13 56,7 57,38 58,52 "
        "59,14"
    ),
    125: (
        "3,46 4,52 5,41 8,29 9,20 10,16 11,12 15,56 18,27 19,44 20,8 23,30 24,6 25,33 28,11 "
        "30,57 32,51 33,48 34,18 37,13 39,25 42,9 47,43 50,55 51,19 52,42 54,14 56,22 58,45 "
        "60,62 62,3 / 1,10 2,17 6,46 7,55 12,22 13,15 14,60 16,29 17,21 21,45 22,54 26,27 27,30 "
        "29,2 31,57 35,49 36,6 38,31 40,18 41,23 43,35 44,11 45,20 46,25 48,42 49,37 53,36 "
        "55,26 57,52 59,16 61,41 / 1,56 2,1 4,39 5,34 7,44 10,48 15,61 17,7 21,32 23,50 24,9 "
        "26,8 28,19 31,33 32,62 34,47 35,13 36,4 37,43 38,24 39,3 40,14 47,28 49,53 50,58 53,12 "
        "54,59 58,51 59,38 60,40 61,5"
    ),
    129: (
        "1,48 2,5 6,51 7,44 8,26 11,35 15,1 20,39 21,50 22,21 26,9 29,33 30,8 31,62 39,11 40,20 "
        "43,53 45,18 46,57 47,7 48,56 49,28 51,46 52,29 53,23 54,10 57,16 58,3 60,54 61,59 "
        "63,24 64,52 / 3,35 4,32 5,49 9,50 10,13 12,33 13,53 14,4 16,41 17,60 18,42 19,52 23,16 "
        "24,7 25,10 27,54 28,36 32,23 33,59 34,22 35,15 36,31 37,39 38,57 41,27 42,58 44,2 50,1 "
        "55,61 56,26 59,48 62,63 / 2,20 4,17 6,47 12,51 13,25 14,9 15,40 17,43 19,18 22,56 "
        "25,11 27,3 30,34 31,14 32,64 34,28 36,45 37,21 38,19 40,30 41,6 42,44 43,46 45,38 "
        "47,62 49,5 55,24 58,29 60,8 61,12 63,55 64,37"
    ),
    133: (
        "1,50 2,5 4,49 7,18 11,20 13,56 17,15 21,31 22,51 26,8 27,62 28,47 31,32 32,45 33,59 "
        "36,64 39,27 40,63 42,4 43,35 44,65 47,7 48,28 50,33 51,55 52,16 56,40 58,36 60,12 "
        "61,66 64,22 65,6 66,52 / 3,4 5,15 6,57 8,10 9,25 10,62 12,52 14,3 15,20 16,38 18,31 "
        "19,43 20,47 23,35 24,54 25,16 29,48 30,58 34,63 35,60 37,22 38,6 41,2 45,42 46,40 "
        "49,53 53,27 54,46 55,18 57,34 59,9 62,14 63,49 / 1,50 2,17 3,26 9,12 10,55 11,51 13,11 "
        "14,19 17,8 19,39 21,29 23,37 24,66 25,32 26,30 29,41 30,36 34,61 37,65 38,56 39,13 "
        "41,5 42,59 43,21 44,45 46,33 48,7 53,64 54,44 57,23 58,28 60,1 61,24"
    ),
}


def layered_classes(n: int, line: str | None = None) -> list[list[list[int]]]:
    """The m rounds of the resolvable 4-GDD of type 3^(m + 1) for n = 3m + 3
    players, m = 3 (mod 4) (24, 36, 48, 60, ..: each player meets everyone
    but the two others of its group once), from the representative tables
    stored in :data:`LAYERED_BASES` (or ``line`` in that form); [] when none
    is stored.

    Players (x, layer), x in Z_m, are numbered ``layer * m + x``, and the
    fixed players 3m, 3m + 1, 3m + 2; the groups are {x, m + x, 2m + x} and
    the fixed players.  The base round is every representative table
    turned through the layers ((x, l) -> (x, l + 1), fixed player 3m + i ->
    3m + i + 1): {3m, (a, 0), (b, 1), (c, 2)} from the stored "a b c",
    then the others; round r adds r to every x (:func:`develop`).  A line
    "u: a b c | .." (u a unit of order 3 mod m) turns the layers while
    multiplying x by u ((x, l) -> (u x, l + 1)), as :func:`paired_classes`
    does.  Why every pair outside a group then meets once, and how the
    tables were found (exact cover, its tabu search from m = 23, simulated
    annealing with u for m = 31, a depth-first search fixed by x -> 6x too for
    m = 43): ``bench/seating_layers.py``.
    """
    if n % 12:
        return []
    m = (n - 3) // 3
    line = line if line is not None else LAYERED_BASES.get(m)
    if line is None:
        return []
    u, line = _multiplier(line)
    parts = [[int(v) for v in part.split()] for part in line.split("|")]
    (a, b, c), representatives = parts[0], parts[1:]

    base = []
    for turn in range(3):
        fixed = [_turned(p, turn, m, u) for p in (a, m + b, 2 * m + c)]
        base.append([3 * m + turn, *fixed])
        base.extend([_turned(p, turn, m, u) for p in table] for table in representatives)
    return develop(base, m, 3 * m, m)


def _multiplier(line: str) -> tuple[int, str]:
    """A stored base line's multiplier u and its tables: "u: tables" gives
    (u, tables), a line without "u:" (1, line)."""
    if ":" not in line:
        return 1, line
    head, body = line.split(":", 1)
    return int(head), body


def _turned(p: int, turn: int, m: int, u: int = 1) -> int:
    """Player ``p`` = (x, layer), numbered ``layer * m + x``, turned ``turn``
    layers on with its x multiplied by ``u ** turn`` (mod m)."""
    return ((p // m + turn) % 3) * m + pow(u, turn, m) * (p % m) % m


LAYERED_SOURCE = (
    "resolvable 4-GDD of type 3^{u} over Z_{m}, fixed by {symmetry} (found by exact cover, "
    "tabu search, simulated annealing or depth-first search, bench/seating_layers.py)"
)

#: Representative tables of the resolvable 4-GDDs of type 3^(m + 1)
#: (:func:`layered_classes`), per m: the fixed table's a b c, then each
#: representative table as players layer * m + x ("u: " first when the
#: base round is fixed by x -> u x while turning the layers).  Found by
#: exact cover (``bench/seating_layers.py``, seed 0) up to m = 19, by its
#: tabu search beyond (``--search``, the seed in the comment), by simulated
#: annealing (``--anneal``) for m = 31, and for m = 43 by a depth-first
#: search for a base round fixed by turning the layers and by x -> 6x
#: apart (``--nine``); the tests check every pair.
LAYERED_BASES: dict[int, str] = {
    7: "0 1 5 | 2 17 18 20",
    11: "0 3 1 | 2 17 18 20 | 4 16 8 21",
    15: "0 7 6 | 1 33 35 40 | 2 19 11 44 | 8 24 27 28",
    19: "0 1 4 | 2 50 14 37 | 3 43 46 13 | 6 10 11 36 | 7 9 15 54",
    23: "2 18 5 | 13 54 65 4 | 20 15 17 44 | 0 1 37 58 | 10 57 6 49 | 9 53 22 16",  # seed 1
    27: (  # seed 2 (seed 1 gave up after 20 minutes)
        "18 21 7 | 17 80 29 36 | 12 38 43 15 | 25 50 31 40 | 0 74 60 59 | 3 64 19 35 | 24 22 68 1"
    ),
    31: (  # annealing, seed 1 with u = 5, in a minute (the tabu search found none in hours)
        "5: 15 27 8 | 18 69 35 21 | 19 86 76 20 | 29 67 68 31 | 11 3 63 17 | 28 26 10 6 | "
        "22 60 81 1 | 14 79 90 34"
    ),
    43: (  # depth-first search fixed by x -> 6x too, seed 0, in a second (annealing: none in hours)
        "26 33 27 | 0 1 6 36 | 2 97 62 107 | 12 109 71 126 | 29 95 82 111 | 3 24 91 123 | "
        "18 15 116 93 | 22 4 94 128 | 10 121 41 106 | 17 124 31 120 | 16 99 14 118"
    ),
}

#: The stored plain lines of :data:`LAYERED_BASES` whose base round is
#: also fixed by (x, l) -> (u x, l) with the fixed players turned (the
#: group of order 9 of ``bench/seating_layers.py --nine``): m -> u.
LAYERED_ALSO_MULTIPLIED: dict[int, int] = {43: 6}


def paired_classes(n: int, line: str | None = None) -> list[list[list[int]]]:
    """The m rounds of a resolvable 4-GDD of type 2^(n / 2) for n = 3m + 2
    players, m even (44 players, 14 rounds: each meets everyone but one
    once), from its representative tables (:data:`PAIRED_BASES`, or
    ``(u, line)`` in that form as ``line`` "u: ..."); [] when none is stored.

    Players (x, layer), x in Z_m, are numbered ``layer * m + x``, and the
    fixed players 3m and 3m + 1; the groups are {x, x + m / 2} in each layer
    and the two fixed players.  The base round is fixed by
    (x, l) -> (u x, l + 1) for a unit u of order 3 mod m: the fixed
    players' tables {3m + i, (a, 0), (u a, 1), (u^2 a, 2)} from the stored
    "a0 a1", then each representative table and its two images; round r
    adds r to every x (:func:`develop`).  Found by exact cover or tabu
    search: ``bench/seating_layers.py --groups 2``.
    """
    if n % 12 != 8:
        return []
    m = (n - 2) // 3
    stored = line if line is not None else PAIRED_BASES.get(m)
    if stored is None:
        return []
    u, body = _multiplier(stored)
    parts = [[int(v) for v in part.split()] for part in body.split("|")]
    fixed, representatives = parts[0], parts[1:]
    base = [
        [3 * m + i] + [_turned(a, turn, m, u) for turn in range(3)] for i, a in enumerate(fixed)
    ]
    for table in representatives:
        base.extend([_turned(p, turn, m, u) for p in table] for turn in range(3))
    return develop(base, m, 3 * m, m)


PAIRED_SOURCE = (
    "resolvable 4-GDD of type 2^{u} over Z_{m}, fixed by x -> {mult}x while turning the "
    "layers (found by exact cover, tabu search or simulated annealing, "
    "bench/seating_layers.py --groups 2)"
)

#: Representative tables of the resolvable 4-GDDs of type 2^((3m + 2) / 2)
#: (:func:`paired_classes`), per m: "u: a0 a1 | table | ..", the multiplier,
#: the fixed players' points of layer 0, then each representative table as
#: players layer * m + x.  Found by exact cover (``bench/seating_layers.py
#: --groups 2``, seed 0), or by its tabu search (``--search``, the seed in
#: the comment) or simulated annealing (``--search --anneal T``, T and the
#: seed in the comment); the tests check every pair.
PAIRED_BASES: dict[int, str] = {
    14: "9: 9 0 | 1 19 11 40 | 2 32 5 38 | 7 22 24 27",
    18: "7: 16 2 | 15 4 5 26 | 17 13 18 49 | 12 20 21 6 | 11 37 40 9",  # seed 1
    26: (  # seed 201 with u = 9 (u = 3 found nothing in an hour)
        "9: 2 24 | 6 29 59 57 | 1 8 73 18 | 4 0 45 66 | 20 61 23 77 | 16 21 65 15 | 25 68 10 62"
    ),
    38: (  # annealing at T = 0.45, seed 12 with u = 7, in 6 minutes
        "7: 18 13 | 0 64 9 15 | 26 107 74 31 | 33 12 47 39 | 29 86 60 71 | 10 111 77 66 | "
        "25 48 24 58 | 28 90 88 81 | 3 1 69 19 | 6 73 36 52"
    ),
}


#: Cyclic 4-frames of type g^u: per (g, u), the g / 3 base rounds, each
#: seating every player but group 0's at tables of 4.  Player j of group i
#: is ``j * u + i``; round r of a base moves group i to group i + r (mod u),
#: so group r sits out (:func:`develop`).  Two players of different groups
#: meet exactly once.  Such a frame exists if and only if u >= 5,
#: g = 0 (mod 3) and g (u - 1) = 0 (mod 4), but for a few open cases (Rees
#: and Stinson, "Frames with block size four", Canad. J. Math. 44(5),
#: 1992); these were found with CP-SAT (``bench/seating_frames.py 6^5
#: --workers 1``, seed 1, in 0 to 4 s); the tests check every pair.
FRAME_BASES: dict[tuple[int, int], tuple[str, ...]] = {
    (3, 5): ("2 3 6 9 | 7 8 11 14 | 1 4 12 13",),
    (3, 9): ("2 3 6 10 | 1 8 13 20 | 4 21 24 26 | 7 17 22 23 | 5 11 16 19 | 12 14 15 25",),
    (6, 5): (
        "2 4 6 13 | 8 11 27 29 | 1 7 9 18 | 3 16 22 24 | 12 14 23 26 | 17 19 21 28",
        "3 19 26 27 | 9 13 16 17 | 1 2 24 28 | 6 7 23 29 | 8 14 21 22 | 4 11 12 18",
    ),
}


#: 4-frames of type g^u developed over Z_N (N a multiple of u), found by
#: simulated annealing (``bench/seating_orbit_frames.py G^U --modulus N
#: --shift S``, seed 1, the temperature in the comment): per (g, u), N, S
#: and each base round's representative tables.  Player (x, l), x in Z_N
#: and l < g u / N, is numbered ``l * N + x`` and is in group x mod u (player
#: p in group p % u, as in :data:`FRAME_BASES`).  A base round is its
#: representative tables, each moved by S, 2S, .., N - S (x -> x + kS); they
#: hold each orbit of that move outside group 0 once, so it seats everybody
#: but group 0.  Round s < S of a base adds s to every x and leaves group
#: s mod u out.  Each (l, l', y - x mod N) with y - x not a multiple of u
#: (the same as (l', l, x - y)) arises once within a representative table,
#: so two players of different groups meet exactly once (the difference
#: method: Handbook of Combinatorial Designs, 2nd ed., VI.16); the tests
#: check every pair.
ORBIT_FRAME_BASES: dict[tuple[int, int], tuple[int, int, tuple[str, ...]]] = {
    (3, 13): (39, 13, ("8 5 27 12 | 11 10 2 16 | 17 7 35 19",)),  # T = 0.3
    (3, 17): (51, 17, ("4 13 45 6 | 44 16 1 41 | 49 19 20 14 | 5 29 42 9",)),  # T = 0.3
    (6, 9): (54, 18, ("1 30 38 14 | 51 16 23 11 | 35 31 46 25 | 39 8 40 42",)),  # T = 0.8
    (9, 5): (  # T = 0.3
        15,
        5,
        (
            "11 29 33 7 | 13 37 36 4 | 26 17 28 39",
            "17 41 44 13 | 26 43 32 29 | 11 9 23 12",
            "11 4 28 27 | 16 24 32 3 | 41 7 43 34",
        ),
    ),
}


def frame_types() -> list[tuple[int, int]]:
    """The types (g, u) of every 4-frame here: the stored ones
    (:data:`FRAME_BASES`, :data:`ORBIT_FRAME_BASES`) and type 3^m from
    each resolvable (3m + 1, 4, 1) design (:func:`frame_rounds`)."""
    derived = {(3, m) for m in ROTATIONAL_BASES}
    return sorted(set(FRAME_BASES) | set(ORBIT_FRAME_BASES) | derived)


def frame_source(g: int, u: int) -> str:
    """How the 4-frame of type g^u of :func:`frame_rounds` is made, for a
    schedule's name."""
    if (g, u) in FRAME_BASES:
        return "cyclic, found with CP-SAT"
    if (g, u) in ORBIT_FRAME_BASES:
        return f"developed over Z_{ORBIT_FRAME_BASES[(g, u)][0]}, found by simulated annealing"
    return f"the 1-rotational resolvable ({3 * u + 1}, 4, 1) design less its fixed player"


def frame_rounds(g: int, u: int) -> list[list[list[list[int]]]]:
    """The holey rounds of the 4-frame of type g^u, per group i: the g / 3
    rounds that seat every player but group i's (players p with
    p % u = i), as tables of 4.  The stored frames (:data:`FRAME_BASES`,
    :data:`ORBIT_FRAME_BASES`) first; else, for g = 3, the resolvable
    (3u + 1, 4, 1) design (:func:`rotational_classes`) less its fixed
    player 3u: round i seated it with (i, 0), (i, 1), (i, 2), the players
    of group i, who met it and nobody else there, and everybody else met
    once.  [] when there is none here."""
    if (g, u) in FRAME_BASES:  # the case N = S = u: each base round stored whole
        n, shift, lines = u, u, FRAME_BASES[(g, u)]
    elif (g, u) in ORBIT_FRAME_BASES:
        n, shift, lines = ORBIT_FRAME_BASES[(g, u)]
    elif g == 3 and u in ROTATIONAL_BASES:
        fixed = 3 * u
        return [
            [[table for table in tables if fixed not in table]]
            for tables in rotational_classes(fixed + 1)
        ]
    else:
        return []
    per_group: list[list[list[list[int]]]] = [[] for _ in range(u)]
    for line in lines:
        base = [
            [shifted(p, k, n, g * u) for p in table]
            for table in _tables(line)
            for k in range(0, n, shift)
        ]
        for s, tables in enumerate(develop(base, n, g * u, shift)):
            per_group[s % u].append(tables)
    return per_group


def framed_rounds(n: int, g0: int, u: int, m: int) -> tuple[list[list[list[int]]], str]:
    """A resolvable design on ``n`` players from the stored 4-frame of type
    g0^u, each player made ``m`` (:func:`inflated_rounds`; m = 1 keeps
    it), and h = n - g0 * m * u more players, with its name; ([], "") when
    the pieces are missing.

    Frame inflated by m: a 4-frame of type g^u, g = g0 * m (its holey
    rounds made m times by the transversal design TD(4, m)).  Each group,
    with the h players, is seated by the known design on g + h players
    (:func:`repeat_free_rounds`) whose g / 3 rounds leave groups of h, the
    h players as one of them: round j of group i is the frame's j-th round
    without group i and that design's round j on group i and the h.  Two
    players of different groups meet once in the frame, of one group (or
    one of the h) once in the design, and the h never: a resolvable 4-GDD
    of type h^(n / h), (n - h) / 3 rounds, the most (filling a frame's
    groups, one of the applications in Rees and Stinson, "Frames with block
    size four", 1992).  108 players: type 3^5 made 7 times, its groups of 21
    and 3 more seated by type 3^8 (35 rounds).
    """
    g = g0 * m
    h = n - g * u
    if not 1 <= h <= 3 or (m > 1 and not _has_transversal(m, 4)):
        return [], ""
    frame = frame_rounds(g0, u)
    if not frame:
        return [], ""
    inner, inner_name = _repeat_free_cached(g + h, 4)
    inner_groups = groups_left(inner, g + h) if len(inner) == g // 3 else None
    if not inner_groups or len(inner_groups[0]) != h:
        return [], ""
    # the inner design's first group becomes the h more players, the rest one group of the frame
    extra = inner_groups[0]
    own = [p for p in range(g + h) if p not in extra]
    rounds = []
    for i, holey in enumerate(frame):
        grown = inflated_rounds(holey, g0 * u, m) if m > 1 else holey
        group = [q * m + x for q in range(i, g0 * u, u) for x in range(m)]
        where = dict(zip(own, group)) | {p: g * u + e for e, p in enumerate(extra)}
        for tables, inner_tables in zip(grown, inner):
            rounds.append(tables + [sorted(where[p] for p in t) for t in inner_tables])
    td = transversal_name(m, 4)
    made = f", each player made {m} by the transversal design {td}" if m > 1 else ""
    how = frame_source(g0, u)
    name = (
        f"4-frame of type {g0}^{u} (Rees and Stinson 1992; {how}){made}, "
        f"its groups and {h} more players seated by {inner_name}"
    )
    return rounds, name


def frame_product_rounds(n: int, f: int, v: int, d: int) -> tuple[list[list[list[int]]], str]:
    """A resolvable 4-GDD of type f^(n / f) on ``n`` players from one of
    type d^u on d u players (u = n / (f v); the known design,
    :func:`repeat_free_rounds`, or one table when u = 4 and d = 1), the
    4-frame of type f^v (:func:`frame_rounds`) and the transversal
    design TD(4, m v), m = f / d (:func:`transversal_rounds`), with its
    name; ([], "") when a piece is missing.  (n / f - 1) f / 3 rounds, the
    most: 120 players from type 3^8 and the frame 3^5 (39 rounds); 60 from
    one table, TD(4, 15) and the frame 3^5 (19 rounds).

    The recursive construction of Rees and Stinson ("Frames with block
    size four", Canad. J. Math. 44, 1992): it needs u >= m + 1, here that
    the small design has f / 3 rounds to spare.  Player (y, l), y a player
    of the small design and l < m v a level, is numbered ``y * m v + l``;
    the groups are (group of the small design) x (m levels a m .. a m + m - 1),
    level block a.
    - Each round of the small design, made m v times by TD(4, m v)
      (:func:`inflated_rounds`), seats (y, l) with (y', l') once for y, y'
      of different groups and every l, l'.  The transversal design's first
      round is its diagonal: that round is the small round on every level.
    - The frame seats each group's f v players: frame group a is level
      block a, and a frame player's place in its group gives both the
      player of the small group and the level within the block.  So two of
      one group meet once when their level blocks differ.  Its f / 3 holey
      rounds for block a leave that block of every group out.
    - So the first f / 3 rounds of the small design keep no diagonal round;
      their round j sits instead on block a beside the frame's round j for
      block a.  The others keep their diagonal round.
    Everybody is seated every round, and two players meet once unless they
    are one group's in one level block.

    Raises nothing; a field these pieces cannot make gives ([], "")."""
    if f % 3 or d < 1 or f % d or v < 2 or n % (f * v):
        return [], ""
    m, u = f // d, n // (f * v)
    levels = m * v
    frame = frame_rounds(f, v) if (u - 1) * d >= f else []
    if not frame or not _has_transversal(levels, 4):
        return [], ""
    small_n = d * u
    if small_n == 4 and d == 1:
        small, small_name = [[[0, 1, 2, 3]]], "one table"
    else:
        small, small_name = _repeat_free_cached(small_n, 4)
    groups = groups_left(small, small_n)
    if not groups or len(groups[0]) != d or len(small) != (u - 1) * d // 3:
        return [], ""
    holey = f // 3
    # round j * levels is small round j's diagonal: the first f / 3 of them go
    rounds = [
        tables
        for i, tables in enumerate(inflated_rounds(small, small_n, levels))
        if i % levels or i // levels >= holey
    ]
    for a, holey_rounds in enumerate(frame):
        block = range(a * m, a * m + m)
        for j, frame_tables in enumerate(holey_rounds):
            seated = [sorted(y * levels + x for y in table) for table in small[j] for x in block]
            for group in groups:
                # frame player p: level block p % v, place p // v: player and level in the block
                seated.extend(
                    sorted(group[p // v // m] * levels + p % v * m + p // v % m for p in table)
                    for table in frame_tables
                )
            rounds.append(seated)
    how = frame_source(f, v)
    made = (
        "the transversal design"
        if small_name == "one table"
        else f"{small_name}, each player made {levels} by the transversal design"
    )
    name = (
        f"{made} {transversal_name(levels, 4)}, "
        f"and the 4-frame of type {f}^{v} ({how}) on each group (Rees and Stinson 1992)"
    )
    return rounds, name


#: Fair repeat-free schedules with odd-size tables or byes that no
#: construction here gives, found by Cuori's tabu search
#: (``seating_search``, one of up to a hundred seeds, at 2 to 16 times the
#: effort a plan spends; ``bench/seating_hunt.py``) and kept as data:
#: per (players, one round's table sizes, byes a round), the rounds, each
#: as tables of players separated by "|" (players at none have the bye).
#: Every prefix hands the odd tables and the byes out fairly (nobody a
#: second before everybody has one); the tests check both that and that
#: nobody meets twice.
FAIR_SCHEDULES_SOURCE = (
    "fair repeat-free schedule found by Cuori's tabu search (seating_designs.FAIR_SCHEDULES)"
)
FAIR_SCHEDULES: dict[tuple[int, tuple[int, ...], int], tuple[str, ...]] = {
    # 30 players, 5 tables of 4 and 2 of 5, 6 rounds (plan_rounds seed 2)
    (30, (4, 4, 4, 4, 4, 5, 5), 0): (
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
    # 55 players, 10 tables of 4 and 3 of 5 a round, 12 rounds (plan_rounds seed 0, effort 16)
    (55, (4,) * 10 + (5, 5, 5), 0): (
        "1 29 34 39 | 2 22 45 48 | 3 15 30 36 | 4 13 23 54 | 5 18 32 46 | 6 25 33 52 | "
        "7 16 17 19 | 8 14 20 24 | 12 28 44 49 | 42 43 47 51 | 0 9 11 26 40 | "
        "10 21 31 35 41 | 27 37 38 50 53",
        "0 18 22 41 | 1 13 32 36 | 3 8 9 42 | 5 7 27 31 | 10 11 12 39 | 14 21 45 53 | "
        "17 33 35 43 | 20 23 50 51 | 24 25 26 37 | 28 38 40 52 | 2 6 15 16 29 | "
        "4 44 46 47 48 | 19 30 34 49 54",
        "0 8 34 44 | 1 22 38 54 | 2 19 35 37 | 3 11 16 27 | 4 10 30 50 | 5 9 21 25 | "
        "6 40 41 48 | 15 31 33 53 | 20 26 28 47 | 23 29 46 49 | 7 13 45 51 52 | "
        "12 14 18 36 43 | 17 24 32 39 42",
        "0 2 36 50 | 4 7 11 34 | 6 32 37 44 | 9 14 41 46 | 10 13 18 38 | 12 21 24 27 | "
        "15 39 45 47 | 17 29 30 31 | 26 35 51 54 | 42 49 52 53 | 1 8 28 33 48 | "
        "3 19 23 25 43 | 5 16 20 22 40",
        "1 25 44 50 | 2 7 40 42 | 3 6 20 34 | 5 38 47 49 | 9 15 27 48 | 12 16 32 54 | "
        "13 21 29 43 | 17 26 36 52 | 19 24 46 53 | 30 39 41 51 | 0 10 14 33 37 | "
        "4 18 28 35 45 | 8 11 22 23 31",
        "0 19 21 38 | 2 17 18 47 | 3 31 48 51 | 4 20 32 33 | 7 8 39 49 | 9 12 23 45 | "
        "10 15 40 44 | 11 28 37 43 | 14 16 30 52 | 22 25 35 46 | 1 6 26 27 42 | "
        "5 29 36 53 54 | 13 24 34 41 50",
        "0 6 13 53 | 1 11 41 49 | 3 28 50 54 | 4 16 24 31 | 5 37 48 52 | 8 18 29 40 | "
        "10 26 32 45 | 14 23 35 42 | 15 22 34 43 | 19 27 33 36 | 2 20 21 39 46 | "
        "7 12 25 30 47 | 9 17 38 44 51",
        "1 2 4 5 | 6 24 36 51 | 7 10 28 29 | 8 19 26 41 | 9 16 33 34 | 11 13 14 47 | "
        "12 22 37 42 | 23 30 48 53 | 25 31 38 39 | 43 45 46 50 | 0 15 17 20 54 | "
        "3 18 21 44 52 | 27 32 35 40 49",
        "0 27 28 30 | 4 14 26 38 | 5 12 17 50 | 6 7 46 54 | 8 16 21 36 | 10 22 49 51 | "
        "11 20 35 53 | 13 33 39 44 | 18 19 42 48 | 25 34 40 45 | 1 15 23 24 52 | "
        "2 9 31 32 43 | 3 29 37 41 47",
        "0 23 32 47 | 1 3 40 53 | 2 11 33 51 | 4 27 41 52 | 6 17 21 22 | 7 9 18 24 | "
        "8 15 35 50 | 12 20 29 38 | 26 30 43 44 | 31 37 45 54 | 5 14 19 28 39 | "
        "10 34 36 42 46 | 13 16 25 48 49",
        "0 16 39 43 | 1 9 10 19 | 2 3 24 49 | 5 15 41 42 | 13 17 28 46 | 14 29 32 48 | "
        "18 25 27 54 | 20 31 36 44 | 21 23 37 40 | 34 35 47 52 | 4 8 12 51 53 | "
        "6 11 30 38 45 | 7 22 26 33 50",
        "0 12 35 48 | 1 7 20 43 | 3 33 38 46 | 5 6 10 23 | 8 13 30 37 | 14 17 27 34 | "
        "15 21 32 51 | 16 42 44 45 | 18 26 31 49 | 24 40 47 54 | 2 25 28 41 53 | "
        "4 9 22 36 39 | 11 19 29 50 52",
    ),
    # 47 players, 8 tables of 4 and 3 of 5 a round, 10 rounds (plan_rounds seed 0, effort 8)
    (47, (4,) * 8 + (5, 5, 5), 0): (
        "1 19 30 39 | 2 5 13 44 | 3 6 28 36 | 4 16 32 42 | 7 15 17 22 | 8 25 33 43 | "
        "12 20 23 46 | 14 24 29 34 | 0 11 21 26 45 | 9 10 27 35 41 | 18 31 37 38 40",
        "0 13 24 38 | 1 9 11 28 | 5 10 21 39 | 7 8 18 41 | 14 27 43 45 | 17 23 30 37 | "
        "22 26 32 40 | 31 33 35 36 | 2 15 16 20 29 | 3 12 34 42 44 | 4 6 19 25 46",
        "0 4 12 37 | 1 25 41 42 | 2 3 10 45 | 6 26 29 38 | 9 18 20 22 | 11 16 31 34 | "
        "15 35 44 46 | 19 21 27 40 | 5 24 28 30 43 | 7 13 14 23 33 | 8 17 32 36 39",
        "0 17 18 29 | 2 8 21 23 | 3 9 14 46 | 5 15 34 37 | 6 12 27 31 | 11 24 33 42 | "
        "25 38 44 45 | 26 30 36 41 | 1 13 16 22 35 | 4 20 28 39 40 | 7 10 19 32 43",
        "1 3 7 24 | 2 36 40 43 | 4 8 13 31 | 10 17 20 26 | 14 16 19 44 | 15 27 38 39 | "
        "18 28 35 42 | 21 32 37 46 | 0 9 25 30 34 | 5 6 11 23 41 | 12 22 29 33 45",
        "0 23 43 44 | 3 4 5 38 | 6 7 20 35 | 9 16 39 45 | 10 22 25 28 | 11 12 14 32 | "
        "13 29 30 40 | 19 33 34 41 | 1 2 17 31 46 | 8 26 27 37 42 | 15 18 21 24 36",
        "0 7 16 40 | 1 6 8 45 | 2 11 25 27 | 4 22 34 36 | 5 12 18 19 | 10 13 42 46 | "
        "15 30 32 33 | 23 29 35 39 | 3 20 37 41 43 | 9 24 26 31 44 | 14 17 21 28 38",
        "2 4 18 33 | 5 9 29 32 | 7 21 30 31 | 12 17 24 25 | 13 28 37 45 | 16 38 41 46 | "
        "20 27 36 44 | 26 34 35 43 | 0 6 14 39 42 | 1 10 15 23 40 | 3 8 11 19 22",
        "0 1 20 33 | 3 23 25 26 | 4 14 15 41 | 6 21 22 43 | 8 10 16 24 | 9 17 40 42 | "
        "11 37 39 44 | 19 28 29 31 | 2 12 30 35 38 | 5 7 36 45 46 | 13 18 27 32 34",
        "0 31 32 41 | 2 22 24 37 | 6 10 18 30 | 7 12 26 39 | 8 28 34 46 | 9 23 36 38 | "
        "11 13 15 43 | 19 20 42 45 | 1 4 21 29 44 | 3 16 17 27 33 | 5 14 25 35 40",
    ),
    # 34 players, 7 tables of 4 and 2 of 3 a round, 9 rounds (plan_rounds seed 0, effort 8)
    (34, (3, 3) + (4,) * 7, 0): (
        "0 10 27 | 9 11 31 | 1 18 21 25 | 2 4 15 20 | 3 8 26 30 | 5 7 22 24 | 6 12 13 23 | "
        "14 16 29 32 | 17 19 28 33",
        "12 26 29 | 15 16 19 | 0 1 17 24 | 2 21 32 33 | 3 9 10 20 | 4 5 11 14 | 6 18 27 31 | "
        "7 8 13 25 | 22 23 28 30",
        "2 24 30 | 13 14 18 | 0 12 20 32 | 1 15 23 33 | 3 11 22 27 | 4 9 19 25 | "
        "5 21 26 31 | 6 7 28 29 | 8 10 16 17",
        "4 28 32 | 7 20 21 | 0 19 30 31 | 1 10 13 22 | 2 14 25 26 | 3 24 29 33 | "
        "5 16 23 27 | 6 11 15 17 | 8 9 12 18",
        "1 5 8 | 6 22 33 | 0 3 4 16 | 2 9 17 23 | 7 10 14 31 | 11 21 29 30 | 12 15 25 27 | "
        "13 20 26 28 | 18 19 24 32",
        "3 23 25 | 13 17 31 | 0 14 21 22 | 1 16 20 30 | 2 7 12 19 | 4 8 27 29 | 5 6 9 32 | "
        "10 15 24 28 | 11 18 26 33",
        "6 10 30 | 12 21 24 | 0 5 25 33 | 1 3 14 28 | 2 16 22 31 | 4 7 18 23 | 8 11 19 20 | "
        "9 13 15 29 | 17 26 27 32",
        "1 2 27 | 5 18 20 | 0 7 9 26 | 3 15 31 32 | 4 13 30 33 | 6 8 14 24 | 10 19 21 23 | "
        "11 12 16 28 | 17 22 25 29",
        "7 16 33 | 8 15 22 | 0 2 18 29 | 1 4 6 26 | 3 5 13 19 | 9 21 27 28 | 10 11 25 32 | "
        "12 14 17 30 | 20 23 24 31",
    ),
    # 38 players, 8 tables of 4 and 2 of 3 a round, 10 rounds (plan_rounds seed 0, effort 8)
    (38, (3, 3) + (4,) * 8, 0): (
        "0 31 37 | 9 11 27 | 1 12 26 30 | 2 5 13 17 | 3 6 19 32 | 4 28 34 36 | 7 15 16 20 | "
        "8 10 24 29 | 14 21 23 33 | 18 22 25 35",
        "10 16 35 | 12 19 34 | 0 3 13 23 | 1 8 11 36 | 2 18 20 26 | 4 9 31 32 | 5 7 25 27 | "
        "6 21 22 30 | 14 28 29 37 | 15 17 24 33",
        "1 14 24 | 13 18 30 | 0 7 9 29 | 2 16 32 34 | 3 12 15 36 | 4 8 17 35 | 5 19 23 26 | "
        "6 20 33 37 | 10 11 21 25 | 22 27 28 31",
        "7 23 36 | 20 28 32 | 0 24 25 30 | 1 3 5 18 | 2 9 10 15 | 4 16 19 29 | 6 14 31 35 | "
        "8 12 13 37 | 11 22 33 34 | 17 21 26 27",
        "4 15 26 | 5 8 33 | 0 14 22 32 | 1 19 21 28 | 2 7 11 30 | 3 9 25 34 | 6 13 27 29 | "
        "10 18 23 31 | 12 20 24 35 | 16 17 36 37",
        "2 25 29 | 3 17 22 | 0 5 15 28 | 1 6 23 34 | 4 12 14 18 | 7 13 33 35 | 8 9 16 21 | "
        "10 20 27 30 | 11 26 32 37 | 19 24 31 36",
        "5 6 36 | 21 24 32 | 0 8 27 34 | 1 7 17 31 | 2 22 23 37 | 3 10 14 26 | 4 13 20 25 | "
        "9 18 19 33 | 11 12 16 28 | 15 29 30 35",
        "2 19 27 | 3 28 35 | 0 10 33 36 | 1 13 16 22 | 4 5 24 37 | 6 7 8 26 | 9 14 17 30 | "
        "11 20 29 31 | 12 23 25 32 | 15 18 21 34",
        "11 17 23 | 30 31 34 | 0 6 16 18 | 1 27 32 35 | 2 3 4 33 | 5 12 21 29 | 7 10 19 37 | "
        "8 14 15 25 | 9 20 22 36 | 13 24 26 28",
        "1 9 37 | 4 7 22 | 0 2 21 35 | 3 16 24 27 | 5 14 20 34 | 6 10 12 17 | 8 23 28 30 | "
        "11 13 15 19 | 18 29 32 36 | 25 26 31 33",
    ),
    # 25 players, 6 tables of 4 and a bye a round, 7 rounds (plan_rounds seed 3, effort 8)
    (25, (4,) * 6, 1): (
        "1 4 9 14 | 2 7 8 20 | 3 6 16 17 | 5 18 22 23 | 10 13 15 24 | 11 12 19 21",
        "0 6 14 23 | 1 2 13 17 | 3 5 19 20 | 4 15 21 22 | 7 9 12 18 | 8 10 11 16",
        "0 17 20 21 | 1 6 8 15 | 3 12 13 23 | 4 5 7 16 | 9 10 19 22 | 11 14 18 24",
        "0 4 8 13 | 1 16 19 23 | 2 3 9 21 | 5 12 14 15 | 6 10 18 20 | 7 17 22 24",
        "0 2 5 10 | 1 12 20 22 | 3 7 11 15 | 4 6 19 24 | 8 9 17 23 | 13 16 18 21",
        "0 12 16 24 | 1 7 10 21 | 2 15 18 19 | 3 8 14 22 | 4 11 20 23 | 5 6 9 13",
        "0 1 3 18 | 2 6 11 22 | 4 10 12 17 | 5 8 21 24 | 7 13 14 19 | 9 15 16 20",
    ),
    # 39 players, 6 tables of 4 and 3 of 5 a round, 8 rounds (plan_rounds seed 15, effort 4)
    (39, (4,) * 6 + (5, 5, 5), 0): (
        "0 1 16 20 | 2 18 21 23 | 3 6 12 32 | 5 11 30 35 | 9 25 34 36 | 10 17 26 31 | "
        "4 27 28 29 33 | 7 13 14 22 24 | 8 15 19 37 38",
        "3 7 19 35 | 4 6 13 15 | 5 22 27 38 | 8 9 29 32 | 10 14 16 33 | 18 24 28 37 | "
        "0 2 11 31 34 | 1 12 17 21 36 | 20 23 25 26 30",
        "1 7 15 26 | 2 8 17 20 | 4 21 24 30 | 11 12 19 28 | 13 27 34 37 | 14 23 29 36 | "
        "0 3 9 10 38 | 5 18 25 32 33 | 6 16 22 31 35",
        "0 24 25 27 | 2 7 32 36 | 4 16 26 38 | 5 15 23 31 | 9 12 13 33 | 17 19 22 34 | "
        "1 6 10 28 30 | 3 8 11 14 18 | 20 21 29 35 37",
        "0 6 8 33 | 1 22 32 37 | 3 29 30 31 | 4 10 18 35 | 11 21 25 38 | 14 20 28 34 | "
        "2 12 15 16 24 | 5 13 19 26 36 | 7 9 17 23 27",
        "1 2 29 38 | 6 14 17 25 | 7 30 33 37 | 9 19 24 31 | 11 13 16 23 | 12 18 26 27 | "
        "0 15 28 32 35 | 3 4 20 22 36 | 5 8 10 21 34",
        "0 4 5 17 | 1 13 25 35 | 3 15 21 33 | 8 12 22 23 | 10 20 24 32 | 28 31 36 38 | "
        "2 14 19 27 30 | 6 9 11 26 37 | 7 16 18 29 34",
        "0 14 21 26 | 2 9 22 28 | 3 5 16 37 | 6 18 19 20 | 8 27 35 36 | 10 11 15 29 | "
        "1 23 24 33 34 | 4 7 12 25 31 | 13 17 30 32 38",
    ),
    # 45 players, 10 tables of 4 and one of 5 a round, 11 rounds (plan_rounds seed 15, effort 4)
    (45, (4,) * 10 + (5,), 0): (
        "0 11 33 42 | 1 7 31 40 | 2 24 30 44 | 3 20 26 36 | 4 13 14 21 | 5 10 12 32 | "
        "6 16 37 43 | 8 9 23 29 | 15 25 34 39 | 17 18 19 35 | 22 27 28 38 41",
        "0 10 15 22 | 1 35 36 41 | 2 13 16 26 | 3 5 7 24 | 4 6 32 34 | 8 12 25 44 | "
        "18 37 38 42 | 19 20 29 33 | 21 23 28 40 | 27 31 39 43 | 9 11 14 17 30",
        "1 9 10 24 | 2 18 33 40 | 3 15 21 42 | 5 13 27 34 | 6 7 28 29 | 8 11 20 41 | "
        "12 35 37 39 | 14 16 25 38 | 17 32 36 44 | 22 23 30 31 | 0 4 19 26 43",
        "0 5 16 18 | 1 20 30 34 | 2 9 25 28 | 4 24 41 42 | 6 17 38 39 | 7 15 36 43 | "
        "11 13 32 40 | 12 19 21 27 | 14 23 26 33 | 22 29 35 44 | 3 8 10 31 37",
        "0 8 17 40 | 1 13 38 44 | 2 6 10 20 | 3 9 33 39 | 4 5 22 25 | 7 12 14 41 | "
        "11 21 35 43 | 15 18 27 30 | 19 23 32 37 | 26 28 31 42 | 16 24 29 34 36",
        "0 9 31 36 | 1 16 17 42 | 2 8 27 32 | 3 30 38 40 | 4 7 37 44 | 5 20 23 43 | "
        "10 18 29 41 | 11 12 28 34 | 14 15 19 24 | 21 22 26 39 | 6 13 25 33 35",
        "0 23 34 41 | 1 5 26 37 | 2 4 11 29 | 3 13 17 22 | 6 19 36 40 | 8 14 28 39 | "
        "9 15 16 35 | 10 27 33 44 | 12 24 31 38 | 25 30 42 43 | 7 18 20 21 32",
        "0 21 29 38 | 1 28 32 43 | 2 3 19 41 | 4 10 16 30 | 6 8 15 26 | 7 22 33 34 | "
        "9 12 13 18 | 11 27 36 37 | 14 20 31 35 | 17 23 24 25 | 5 39 40 42 44",
        "0 7 30 35 | 3 6 11 18 | 4 17 20 27 | 5 21 31 33 | 8 22 24 43 | 9 26 34 38 | "
        "10 13 36 39 | 14 29 32 42 | 16 19 28 44 | 25 37 40 41 | 1 2 12 15 23",
        "0 1 6 14 | 2 17 21 37 | 3 23 27 35 | 4 15 33 38 | 5 8 30 36 | 9 19 22 42 | "
        "12 29 40 43 | 13 20 24 28 | 16 32 39 41 | 18 31 34 44 | 7 10 11 25 26",
        "0 3 25 32 | 1 11 19 39 | 2 5 35 38 | 4 18 23 36 | 7 8 13 42 | 10 14 34 43 | "
        "12 16 20 22 | 15 17 29 31 | 24 26 27 40 | 28 30 33 37 | 6 9 21 41 44",
    ),
    # 49 players, 11 tables of 4 and one of 5 a round, 12 rounds (plan_rounds seed 14, effort 4)
    (49, (4,) * 11 + (5,), 0): (
        "0 16 38 39 | 2 13 19 24 | 3 6 27 36 | 5 22 35 37 | 7 10 18 26 | 8 15 34 48 | "
        "11 20 33 40 | 12 23 28 43 | 14 17 25 29 | 21 32 41 45 | 30 42 46 47 | 1 4 9 31 44",
        "0 18 20 36 | 1 3 26 45 | 2 4 8 14 | 5 23 29 42 | 6 17 19 37 | 7 31 46 48 | "
        "9 16 25 28 | 10 22 24 34 | 12 32 40 44 | 13 21 35 38 | 33 39 43 47 | 11 15 27 30 41",
        "0 14 19 27 | 1 23 34 46 | 2 9 26 43 | 3 10 20 21 | 4 11 12 47 | 5 8 40 41 | "
        "13 29 32 48 | 15 33 37 42 | 16 24 31 35 | 17 30 36 38 | 18 22 28 44 | 6 7 25 39 45",
        "0 29 35 47 | 1 5 17 43 | 2 25 41 42 | 3 30 44 48 | 4 15 22 46 | 6 11 13 18 | "
        "7 14 34 37 | 9 10 27 32 | 12 31 36 45 | 16 21 23 40 | 19 20 26 39 | 8 24 28 33 38",
        "1 6 21 30 | 2 16 33 46 | 3 22 29 38 | 4 28 39 40 | 5 10 31 47 | 7 8 13 36 | "
        "9 12 35 41 | 11 24 37 45 | 14 15 18 23 | 17 20 27 44 | 19 25 43 48 | 0 26 32 34 42",
        "0 3 28 41 | 1 24 36 40 | 4 21 37 48 | 5 12 25 26 | 6 9 33 34 | 7 11 29 44 | "
        "8 27 35 43 | 10 13 16 30 | 14 38 42 45 | 15 19 31 32 | 17 18 39 46 | 2 20 22 23 47",
        "0 13 23 25 | 1 7 20 38 | 2 3 37 39 | 4 16 27 42 | 5 9 11 14 | 6 24 29 41 | "
        "8 22 30 31 | 12 18 19 33 | 15 21 26 47 | 28 32 36 46 | 34 43 44 45 | 10 17 35 40 48",
        "0 2 5 30 | 1 16 22 48 | 4 6 23 26 | 7 17 24 32 | 8 9 18 47 | 10 36 37 41 | "
        "11 31 38 43 | 15 20 28 45 | 19 29 34 40 | 21 25 27 33 | 35 39 42 44 | 3 12 13 14 46",
        "0 9 21 24 | 1 14 28 47 | 2 7 12 15 | 3 17 23 31 | 4 5 34 38 | 6 8 10 42 | "
        "11 36 39 48 | 13 33 41 44 | 19 35 45 46 | 20 25 30 32 | 22 26 27 40 | 16 18 29 37 43",
        "0 4 10 45 | 1 12 27 29 | 2 18 34 35 | 3 15 25 40 | 6 38 47 48 | 7 22 41 43 | "
        "8 11 16 32 | 9 20 37 46 | 13 17 28 42 | 14 26 31 33 | 23 24 30 39 | 5 19 21 36 44",
        "1 11 19 42 | 2 10 38 44 | 3 5 7 16 | 4 18 24 25 | 8 12 17 21 | 9 15 29 36 | "
        "13 27 37 47 | 14 22 32 39 | 20 31 34 41 | 23 33 45 48 | 26 28 30 35 | 0 6 40 43 46",
        "0 17 22 33 | 1 13 15 39 | 3 4 32 43 | 5 18 27 45 | 6 14 20 35 | 7 9 30 40 | "
        "8 26 37 44 | 10 11 25 46 | 12 24 42 48 | 16 34 36 47 | 19 23 38 41 | 2 21 28 29 31",
    ),
    # 50 players, 10 tables of 4 and 2 of 5 a round, 12 rounds (plan_rounds seed 65, effort 8,
    # from the stored schedule with 1)
    (50, (4,) * 10 + (5, 5), 0): (
        "0 15 31 38 | 1 2 6 41 | 3 17 37 45 | 4 10 25 26 | 5 27 30 32 | 7 34 35 43 | "
        "8 28 42 44 | 9 21 29 33 | 13 19 40 46 | 14 22 47 49 | 11 18 23 36 48 | "
        "12 16 20 24 39",
        "0 5 19 47 | 1 15 20 44 | 4 14 29 35 | 8 11 24 40 | 9 17 27 39 | 12 34 37 49 | "
        "13 26 31 48 | 16 23 25 45 | 18 32 41 46 | 33 36 38 43 | 2 7 21 22 28 | 3 6 10 30 42",
        "2 33 34 47 | 3 11 14 20 | 4 31 41 42 | 5 9 16 44 | 6 8 23 27 | 7 30 36 39 | "
        "10 13 18 38 | 12 22 45 46 | 15 21 24 49 | 25 28 43 48 | 0 17 26 35 40 | "
        "1 19 29 32 37",
        "0 2 23 39 | 1 3 16 43 | 6 11 22 29 | 7 31 32 40 | 10 20 28 41 | 12 26 30 33 | "
        "17 24 46 48 | 18 37 44 47 | 19 27 35 49 | 21 36 42 45 | 4 9 13 15 34 | 5 8 14 25 38",
        "0 12 28 32 | 1 23 34 40 | 2 3 25 29 | 4 19 38 39 | 5 13 22 35 | 6 7 18 24 | "
        "8 10 17 21 | 9 14 26 36 | 11 15 16 42 | 20 30 37 48 | 27 41 43 45 47 | "
        "31 33 44 46 49",
        "0 21 25 30 | 1 24 26 28 | 2 9 18 19 | 3 4 7 46 | 5 10 11 43 | 8 15 35 36 | "
        "12 29 41 48 | 20 23 31 47 | 22 27 37 40 | 34 39 44 45 | 6 13 14 16 33 | "
        "17 32 38 42 49",
        "0 10 33 37 | 1 8 45 49 | 2 11 13 30 | 3 15 18 26 | 4 5 6 12 | 7 9 20 38 | "
        "14 23 32 43 | 16 17 19 28 | 21 35 46 47 | 22 39 42 48 | 24 27 29 31 34 | "
        "25 36 40 41 44",
        "2 16 31 37 | 3 24 36 47 | 5 7 41 49 | 6 28 38 45 | 10 29 39 40 | 11 19 26 34 | "
        "12 14 15 17 | 13 20 25 27 | 21 32 44 48 | 23 33 35 42 | 0 8 9 43 46 | 1 4 18 22 30",
        "0 29 36 49 | 1 35 38 48 | 4 28 33 40 | 6 15 32 39 | 7 8 13 37 | 9 11 25 47 | "
        "10 22 24 44 | 14 27 42 46 | 16 30 34 41 | 17 18 31 43 | 2 5 20 26 45 | 3 12 19 21 23",
        "0 3 13 44 | 1 5 31 36 | 2 12 27 38 | 4 24 32 45 | 6 25 34 46 | 8 16 26 29 | "
        "9 23 30 49 | 14 18 21 40 | 17 22 33 41 | 19 20 42 43 | 7 10 15 47 48 | "
        "11 28 35 37 39",
        "0 1 7 27 | 2 10 36 46 | 3 5 33 48 | 4 11 17 44 | 6 26 43 49 | 9 24 37 42 | "
        "12 18 25 35 | 13 21 39 41 | 15 23 28 29 | 16 38 40 47 | 8 20 22 32 34 | "
        "14 19 30 31 45",
        "0 14 24 41 | 2 40 48 49 | 3 8 31 39 | 4 16 21 27 | 5 18 28 34 | 6 17 20 36 | "
        "7 11 33 45 | 9 10 32 35 | 15 19 22 25 | 29 30 43 44 | 1 12 13 42 47 | 23 26 37 38 46",
    ),
    # 41 players, 9 tables of 4 and one of 5 a round, 10 rounds (plan_rounds seed 26, effort 4)
    (41, (4,) * 9 + (5,), 0): (
        "0 5 35 38 | 1 3 8 24 | 2 20 21 32 | 4 6 22 40 | 7 18 33 36 | 9 10 11 37 | "
        "15 25 29 39 | 16 17 26 34 | 27 28 30 31 | 12 13 14 19 23",
        "0 10 20 28 | 1 11 19 39 | 2 26 33 37 | 3 16 23 38 | 4 17 18 31 | 5 22 24 32 | "
        "6 8 14 36 | 9 12 15 34 | 13 21 27 29 | 7 25 30 35 40",
        "0 3 36 40 | 1 2 13 28 | 4 11 23 30 | 5 14 17 33 | 6 9 31 35 | 7 10 34 39 | "
        "8 19 20 22 | 12 21 24 25 | 15 26 27 38 | 16 18 29 32 37",
        "0 23 27 32 | 1 10 33 35 | 2 8 9 30 | 3 18 22 34 | 4 16 19 21 | 5 7 28 29 | "
        "6 13 20 39 | 12 26 31 40 | 14 25 37 38 | 11 15 17 24 36",
        "0 11 13 33 | 1 4 12 32 | 2 5 34 36 | 7 9 17 19 | 8 18 27 40 | 14 16 28 39 | "
        "15 22 35 37 | 20 23 25 31 | 24 29 30 38 | 3 6 10 21 26",
        "0 15 16 30 | 1 17 22 29 | 2 10 18 25 | 3 19 32 35 | 5 8 23 39 | 6 11 12 27 | "
        "7 14 20 26 | 9 13 24 40 | 21 31 36 37 | 4 28 33 34 38",
        "0 6 7 37 | 2 3 11 29 | 4 24 26 35 | 8 16 31 33 | 10 17 23 40 | 12 36 38 39 | "
        "13 25 32 34 | 14 21 22 30 | 15 18 19 28 | 1 5 9 20 27",
        "1 23 34 37 | 3 4 9 14 | 5 12 18 30 | 6 17 32 38 | 7 8 15 21 | 10 19 24 27 | "
        "11 25 26 28 | 13 16 35 36 | 20 29 33 40 | 0 2 22 31 39",
        "0 1 18 26 | 2 6 23 24 | 3 20 30 37 | 4 25 27 36 | 5 11 16 40 | 7 13 22 38 | "
        "9 21 33 39 | 10 14 15 32 | 19 29 31 34 | 8 12 17 28 35",
        "0 14 24 34 | 1 21 38 40 | 2 7 12 16 | 4 8 10 29 | 6 19 25 33 | 9 22 23 28 | "
        "11 18 20 35 | 17 27 37 39 | 26 30 32 36 | 3 5 13 15 31",
    ),
    # 37 players, 8 tables of 4 and one of 5 a round, 9 rounds (plan_rounds seed 64, effort 2)
    (37, (4,) * 8 + (5,), 0): (
        "1 14 16 27 | 2 20 28 33 | 3 12 29 35 | 4 18 30 36 | 5 6 17 19 | 8 15 26 34 | "
        "10 13 31 32 | 21 23 24 25 | 0 7 9 11 22",
        "0 4 21 34 | 1 6 9 26 | 2 16 17 32 | 3 24 27 28 | 5 22 31 36 | 7 13 20 25 | "
        "8 11 29 30 | 14 18 19 35 | 10 12 15 23 33",
        "0 6 12 18 | 3 10 11 17 | 5 8 25 32 | 7 19 33 36 | 9 16 21 28 | 13 23 26 30 | "
        "14 15 20 31 | 22 27 34 35 | 1 2 4 24 29",
        "0 23 27 29 | 1 15 28 32 | 2 13 35 36 | 3 22 26 33 | 4 6 11 25 | 7 10 14 21 | "
        "8 12 19 24 | 9 17 30 31 | 5 16 18 20 34",
        "0 1 8 13 | 2 5 12 14 | 3 9 23 32 | 4 10 19 22 | 6 30 33 34 | 7 15 18 27 | "
        "11 16 24 36 | 17 20 21 29 | 25 26 28 31 35",
        "0 2 3 31 | 1 18 25 33 | 4 12 13 16 | 5 9 15 24 | 6 22 28 29 | 7 8 17 35 | "
        "10 20 26 36 | 11 14 23 34 | 19 21 27 30 32",
        "0 20 24 32 | 1 12 21 22 | 2 9 25 34 | 4 5 7 26 | 10 16 30 35 | 11 27 31 33 | "
        "13 15 19 29 | 17 18 23 28 | 3 6 8 14 36",
        "0 5 33 35 | 1 19 23 31 | 2 6 10 27 | 3 15 16 25 | 4 8 9 20 | 7 12 28 30 | "
        "11 18 21 26 | 29 32 34 36 | 13 14 17 22 24",
        "0 16 19 26 | 1 3 20 30 | 2 8 22 23 | 4 14 32 33 | 5 11 13 28 | 6 15 21 35 | "
        "7 24 31 34 | 9 10 18 29 | 12 17 25 27 36",
    ),
}


#: The source of the stored cyclic schedules with byes (:data:`CYCLIC_BASES`), per modulus m.
CYCLIC_BYES_SOURCE = (
    "repeat-free schedule over Z_{m} with byes (base round found with CP-SAT, "
    "bench/seating_cyclic.py)"
)

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
        CYCLIC_BYES_SOURCE.format(m=12),
    ),
    # 30 players, 7 tables of 4 and 2 byes a round, 9 rounds (the most
    # without a repeat: 10 rounds force 5): three layers over Z_9 and three
    # fixed points; the byes (9 and 18 in the base round) go to 18 different
    # players
    # (seating_cyclic.py 30x9 --odd byes --cyclic 9 --fixed 3 --zero: 1 s)
    (30, (4,) * 7, 2): (
        9,
        9,
        "0 12 24 29 | 4 10 25 28 | 5 7 8 15 | 3 14 19 21 | 1 6 20 23 | 2 11 22 27 | 13 16 17 26",
        CYCLIC_BYES_SOURCE.format(m=9),
    ),
    # 27 players, 6 tables of 4 and 3 byes a round, 9 rounds (10 force 12
    # repeats): three layers over Z_9; the byes (8, 11 and 25 in the base
    # round) go to 27 different players, one each
    # (seating_cyclic.py 27x9 --odd byes --cyclic 9 --zero: 1 s)
    (27, (4,) * 6, 3): (
        9,
        9,
        "0 1 3 15 | 5 14 22 24 | 9 10 16 21 | 2 7 20 23 | 4 12 18 19 | 6 13 17 26",
        CYCLIC_BYES_SOURCE.format(m=9),
    ),
    # 29 players, 7 tables of 4 and a bye a round, 9 rounds (10 force 19
    # repeats): three layers over Z_9 and two fixed points; the bye (9 in
    # the base round) goes to 9 different players
    # (seating_cyclic.py 29x9 --odd byes --cyclic 9 --fixed 2 --zero: 15 s)
    (29, (4,) * 7, 1): (
        9,
        9,
        "0 5 11 12 | 2 10 15 25 | 4 13 24 27 | 1 7 8 20 | 3 18 19 21 | 6 16 23 28 | 14 17 22 26",
        CYCLIC_BYES_SOURCE.format(m=9),
    ),
    # 33 players, 8 tables of 4 and a bye a round, 10 rounds (11 force 11
    # repeats): three layers over Z_10 and three fixed points; the bye (17
    # in the base round) goes to 10 different players
    # (seating_cyclic.py 33x10 --odd byes --cyclic 10 --fixed 3 --zero: 5 s)
    (33, (4,) * 8, 1): (
        10,
        10,
        "0 11 27 31 | 5 15 18 26 | 8 16 23 32 | 9 13 14 28 | 12 21 24 25 | 2 6 20 22 | "
        "1 3 4 10 | 7 19 29 30",
        CYCLIC_BYES_SOURCE.format(m=10),
    ),
    # 42 players, 10 tables of 4 and 2 byes a round, 13 rounds: three layers
    # over Z_13 and three fixed points; the byes (1 and 31 in the base
    # round) go to 26 different players
    # (seating_cyclic.py 42x12 --odd byes --cyclic 13 --fixed 3 --zero: 26 s,
    # asked for 12 rounds; its round holds for all 13 shifts)
    (42, (4,) * 10, 2): (
        13,
        13,
        "0 6 9 17 | 13 27 29 35 | 10 16 19 20 | 2 15 32 39 | 7 8 22 28 | 11 14 37 41 | "
        "5 30 33 34 | 4 12 24 36 | 3 21 26 40 | 18 23 25 38",
        CYCLIC_BYES_SOURCE.format(m=13),
    ),
    # 35 players, 8 tables of 4 and 3 byes a round, 11 rounds: three layers
    # over Z_11 and two fixed points; the byes (7, 15 and 24 in the base
    # round) go to 33 different players
    # (seating_cyclic.py 35x11 --odd byes --cyclic 11 --fixed 2 --zero: 52 s)
    (35, (4,) * 8, 3): (
        11,
        11,
        "0 11 14 20 | 5 8 9 27 | 4 10 12 31 | 1 16 17 26 | 6 18 30 34 | 3 13 29 33 | "
        "2 19 22 25 | 21 23 28 32",
        CYCLIC_BYES_SOURCE.format(m=11),
    ),
    # 31 players, 7 tables of 4 and 3 byes a round, 10 rounds: three layers
    # over Z_10 and one fixed point; the byes (8, 18 and 27 in the base
    # round) go to 30 different players
    # (seating_cyclic.py 31x10 --odd byes --cyclic 10 --fixed 1 --zero: 7 s)
    (31, (4,) * 7, 3): (
        10,
        10,
        "0 4 12 21 | 2 11 13 26 | 3 5 6 10 | 7 22 23 25 | 16 17 24 28 | 1 14 20 30 | 9 15 19 29",
        CYCLIC_BYES_SOURCE.format(m=10),
    ),
    # 34 players, 8 tables of 4 and 2 byes a round, 11 rounds (12 force 15
    # repeats): three layers over Z_11 and one fixed point; the byes (8 and
    # 17 in the base round) go to 22 different players
    # (seating_cyclic.py 34x11 --odd byes --cyclic 11 --fixed 1 --zero --seed 2:
    # 119 s; seed 1 found none in 300 s; over Z_10 with 4 fixed points,
    # 10 rounds in 3 s)
    (34, (4,) * 8, 2): (
        11,
        11,
        "0 20 23 27 | 1 12 18 19 | 9 11 13 26 | 3 4 7 25 | 5 10 15 24 | 6 14 30 33 | "
        "2 16 22 28 | 21 29 31 32",
        CYCLIC_BYES_SOURCE.format(m=11),
    ),
    # 37 players, 9 tables of 4 and a bye a round, 11 rounds: three layers
    # over Z_11 and four fixed points; the bye (10 in the base round) goes
    # to 11 different players
    # (seating_cyclic.py 37x11 --odd byes --cyclic 11 --fixed 4 --zero: 104 s)
    (37, (4,) * 9, 1): (
        11,
        11,
        "0 19 22 33 | 13 17 18 25 | 7 23 24 26 | 8 12 28 35 | 5 11 31 34 | 4 14 16 29 | "
        "1 2 6 15 | 9 20 30 36 | 3 21 27 32",
        CYCLIC_BYES_SOURCE.format(m=11),
    ),
    # 39 players, 9 tables of 4 and 3 byes a round, 12 rounds: three layers
    # over Z_12 and three fixed points; the byes (7, 15 and 24 in the base
    # round) go to 36 different players
    # (seating_cyclic.py 39x12 --odd byes --cyclic 12 --fixed 3 --zero: 123 s;
    # asked for 11 rounds, 97 s, it found this very round)
    (39, (4,) * 9, 3): (
        12,
        12,
        "0 13 20 21 | 8 18 25 36 | 4 9 16 34 | 3 5 6 27 | 2 17 28 30 | 11 22 26 37 | "
        "10 12 14 29 | 1 19 33 38 | 23 31 32 35",
        CYCLIC_BYES_SOURCE.format(m=12),
    ),
    # 23 players, 5 tables of 4 and 3 byes a round, 7 rounds: three layers
    # over Z_7 and two fixed points; the byes (2, 12 and 17 in the base
    # round) go to 21 different players
    # (seating_cyclic.py 23x7 --odd byes --cyclic 7 --fixed 2 --zero: 0 s)
    (23, (4,) * 5, 3): (
        7,
        7,
        "0 7 10 16 | 5 11 15 22 | 1 9 19 21 | 3 4 6 8 | 13 14 18 20",
        CYCLIC_BYES_SOURCE.format(m=7),
    ),
    # 41 players, 10 tables of 4 and a bye a round, 12 rounds: three layers
    # over Z_12 and five fixed points; the bye (13 in the base round) goes to
    # 12 different players
    # (seating_cyclic.py 41x12 --odd byes --cyclic 12 --fixed 5 --zero --seed 2:
    # 106 s; seed 1 found none in 200 s, nor Z_13 with 2 fixed points in 300 s)
    (41, (4,) * 10, 1): (
        12,
        12,
        "0 2 16 34 | 3 12 21 22 | 11 14 25 36 | 6 17 24 39 | 1 4 5 32 | 9 19 33 38 | "
        "18 26 28 31 | 7 15 30 40 | 8 20 29 37 | 10 23 27 35",
        CYCLIC_BYES_SOURCE.format(m=12),
    ),
}


def best_schedule(
    n: int, rounds: int, sizes: tuple[int, ...], byes: int = 0
) -> list[list[list[int]]]:
    """The stored fair schedule with the fewest repeats known
    (:data:`tournaments.seating_best.BEST_SCHEDULES`) for ``n`` players
    over exactly ``rounds`` rounds at tables of ``sizes`` with ``byes`` byes
    a round, or []."""
    lines = BEST_SCHEDULES.get((n, rounds, tuple(sorted(sizes)), byes), ())
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
    key = (n, tuple(sorted(sizes)), byes)
    if key in FAIR_SCHEDULES:
        return len(FAIR_SCHEDULES[key]), FAIR_SCHEDULES_SOURCE
    stored = CYCLIC_BASES.get(key)
    return None if stored is None else (stored[1], stored[3])


def fair_schedule(n: int, sizes: tuple[int, ...], byes: int = 0) -> list[list[list[int]]]:
    """The stored fair repeat-free schedule for ``n`` players at tables of
    ``sizes`` (and ``byes`` byes) each round, or []: one of
    :data:`FAIR_SCHEDULES` or of :data:`CYCLIC_BASES`."""
    rounds = FAIR_SCHEDULES.get((n, tuple(sorted(sizes)), byes), ())
    if rounds:
        return [_tables(line) for line in rounds]
    return cyclic_schedule(n, sizes, byes)


def bye_rounds(g: int, limit: int = 100_000) -> list[list[list[int]]]:
    """Repeat-free rounds for ``g`` = 4 k + b players at k tables of 4 with
    b = 1 or 3 on a bye, each round a list of tables (players at none have
    the bye).  For b = 3, the design on g + 1 players
    (:func:`repeat_free_rounds`) less player g, whose table-mates have the
    bye: they meet nowhere else, so the three on a bye never meet at all
    (a stored schedule does not promise that).  For b = 1, the stored
    schedule (:func:`fair_schedule`) when it has at least as many rounds,
    else the design on g - 1 players with player g - 1 taking, each round,
    the seat of one player of a table whose other three it has not met
    (that player has the bye), found by backtracking over the tables (at
    most ``limit`` steps).  Byes are not handed out fairly: this seats
    groups whose players on a bye sit together
    (``seating._design_and_groups_start``).  17 players: 5 rounds
    (AG(2, 4)); 41: 13 (PG(3, 3)); 89: 29; 47: 15 (type 3^16 less one).
    [] when b is 0 or 2, or neither is here."""
    b = g % 4
    if b not in (1, 3) or g < 5:
        return []
    classes, _name = _repeat_free_cached(g - 1 if b == 1 else g + 1, 4)
    if b == 3:  # a stored schedule may seat two of a round's trio together elsewhere
        return [[list(t) for t in tables if g not in t] for tables in classes]
    stored = fair_schedule(g, (4,) * (g // 4), b)
    if len(stored) >= len(classes):
        return stored
    new = g - 1
    met: set[int] = set()
    chosen: list[tuple[int, int]] = []  # per round: the table and the player it replaces
    steps = 0

    def extend(r: int) -> bool:
        nonlocal steps
        if r == len(classes):
            return True
        for t, table in enumerate(classes[r]):
            steps += 1
            if steps > limit:
                return False
            fresh = [p for p in table if p not in met]
            if len(fresh) < 3:
                continue
            # replace a player it met if there is one (spares a fresh one)
            out = next((p for p in table if p in met), fresh[-1])
            mates = [p for p in table if p != out]
            met.update(mates)
            chosen.append((t, out))
            if extend(r + 1):
                return True
            chosen.pop()
            met.difference_update(mates)
        return False

    if not extend(0):
        return stored
    return [
        [
            sorted(new if p == out else p for p in table) if i == t else list(table)
            for i, table in enumerate(tables)
        ]
        for tables, (t, out) in zip(classes, chosen)
    ]


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
    transversal design and its groups give 8 + 1).  Any of these whose
    unmet pairs form groups of one size, inflated by a transversal design
    and its groups seated likewise (:func:`inflated_rounds`: 192 players,
    type 3^8 made 8 times, 63 rounds).  A stored 4-frame, made m times,
    its groups filled with 1 to 3 more players by one of these
    (:func:`framed_rounds`: 108, 152, 168, 212, 228, 272, 276, 300, 348, 360,
    380 and 392 players, the most rounds).  A design of type 3^u (or one
    table) made v (3v) times by a transversal design, a 4-frame of type
    3^v on each group (:func:`frame_product_rounds`: 120, 156, 180, 216,
    252, 312, 324 and 396 players, the most rounds)."""
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
        if n % 12 == 0 and (n - 3) // 3 in LAYERED_BASES:
            m = (n - 3) // 3
            mult, _ = _multiplier(LAYERED_BASES[m])
            symmetry = (
                f"x -> {mult}x while turning the layers" if mult != 1 else "turning the layers"
            )
            if m in LAYERED_ALSO_MULTIPLIED:
                symmetry += f" and by x -> {LAYERED_ALSO_MULTIPLIED[m]}x"
            offer(layered_classes(n), LAYERED_SOURCE.format(u=n // 3, m=m, symmetry=symmetry))
        if n % 12 == 8 and (n - 2) // 3 in PAIRED_BASES:
            m = (n - 2) // 3
            mult, _ = _multiplier(PAIRED_BASES[m])
            offer(paired_classes(n), PAIRED_SOURCE.format(u=n // 2, m=m, mult=mult))
    most = (n - 1) // (table_size - 1)  # each player meets table_size - 1 new a round
    for m in range(n // table_size, table_size - 1, -1):  # TD(k, n / k) and its groups first
        if n % (m * table_size) == 0 and len(best[0]) < most:
            _offer_inflated(n, m, table_size, offer, len(best[0]))
    if table_size == 4:
        for g0, u in frame_types():
            for m in range(1, (n - 1) // (g0 * u) + 1):
                if len(best[0]) < most:
                    offer(*framed_rounds(n, g0, u, m))
        for f, v in frame_types():
            for d in (3, 1):
                if len(best[0]) < most:
                    offer(*frame_product_rounds(n, f, v, d))
    for m in range(n // table_size // 2, table_size - 1, -1):  # a complete design less a round
        if n % (m * table_size) == 0 and len(best[0]) < most:
            _offer_inflated(n, m, table_size, offer, len(best[0]), less_one=True)
    return best


def _offer_inflated(
    n: int, m: int, k: int, offer: Any, current: int, *, less_one: bool = False
) -> None:
    """Offer the schedule on ``n`` players that inflates the best one on
    n / m players by m (:func:`inflated_rounds`), its groups (of g * m
    players, which never met) then seated side by side by the best
    schedule on g * m players, when it has more rounds than ``current``.
    With n / m = k the old schedule is one table: the transversal design
    TD(k, m) and its groups (128 players: TD(4, 32) and the 8-4-10
    schedule, 32 + 10 rounds).  A resolvable 4-GDD of type g^u inflated by
    m and its groups filled with one of type g^m is the resolvable 4-GDD of
    type g^(u * m), which has the most rounds (192 players: type 3^8
    inflated by 8, its groups of 24 seated by type 3^8: 7 * 8 + 7 = 63
    rounds).  With ``less_one`` (tried last, so that it never displaces a
    tie): a complete design on n / m players (everybody meets everybody)
    less its last round, a resolvable 4-GDD of type k^(n / (m * k)) whose
    groups are that round's tables, inflated by m and its groups of k * m
    filled by the design on k * m players (308 players: the unital less a
    round, 8 * 11 rounds, its groups of 44 seated by type 2^22 for 14
    more: 102, every player meeting all but one, where the whole unital
    made 11 leaves groups of 11 and stops at 99)."""
    small = n // m
    if not _has_transversal(m, k):  # no transversal design TD(k, m) here
        return
    classes, name = ([[list(range(k))]], "") if small == k else _repeat_free_cached(small, k)
    if len(classes) < 1 or (small != k and len(classes) < 2):
        return
    groups = groups_left(classes, small)
    if not less_one:
        _offer_grown(classes, groups, small, m, k, offer, name, current)
    elif groups and len(groups[0]) == 1 and small != k:
        # a complete design less its last round is one of type k^(small / k):
        # its groups of k * m players may seat more rounds than the m lost
        name = f"{name} less one round"
        _offer_grown(classes[:-1], classes[-1], small, m, k, offer, name, current)


def _offer_grown(
    classes: list[list[list[int]]],
    groups: list[list[int]] | None,
    small: int,
    m: int,
    k: int,
    offer: Any,
    name: str,
    current: int,
) -> None:
    """Offer ``classes`` on ``small`` players inflated by m
    (:func:`inflated_rounds`), then its ``groups`` (players that never met,
    each grown to g * m) seated side by side by the best schedule on g * m
    players, when that makes more rounds than ``current``."""
    inner, inner_name = _repeat_free_cached(len(groups[0]) * m, k) if groups else ([], "")
    if len(classes) * m + len(inner) <= current:
        return
    rounds = inflated_rounds(classes, small, m, k)
    td = f"transversal design {transversal_name(m, k)}"
    whole = td if small == k else f"{name}, each player made {m} by the {td}"
    if not inner:
        offer(rounds, whole)
        return
    # the grown groups never met: seat each by the design on their g * m players
    grown = [[p * m + x for p in group for x in range(m)] for group in groups or []]
    extra = [
        [[players[p] for p in table] for players in grown for table in tables] for tables in inner
    ]
    offer(rounds + extra, f"{whole} and its groups by {inner_name}")


@cache
def _has_transversal(q: int, k: int) -> bool:
    """Whether :func:`transversal_rounds` (q, k) builds one, kept."""
    return bool(transversal_rounds(q, k))


@cache
def _repeat_free_cached(n: int, k: int) -> tuple[list[list[list[int]]], str]:
    """:func:`repeat_free_rounds`, kept: the inflation asks for the same
    smaller schedules many times.  Callers must not change what it returns."""
    return repeat_free_rounds(n, k)
