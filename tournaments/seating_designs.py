"""Known repeat-free schedules (resolvable designs) the seating search starts from.

Pure functions over player numbers 0..n-1: each returns rounds, each round a
list of tables, each table a sorted list of players, such that no two
players share a table twice (the social golfer problem, solved exactly for
these counts).
"""

from __future__ import annotations

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


def _field(q: int) -> tuple[Any, Any] | None:
    """Addition and multiplication of GF(q) on 0 .. q-1 for a prime q or
    q = 2**e (e <= 7); None for other orders."""
    if q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1)):
        return (lambda a, b: (a + b) % q), (lambda a, b: a * b % q)
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
        [sorted(g * q + add(t, mul(g, j)) for g in range(k)) for t in range(q)]
        for j in range(q)
    ]
