"""Fewest repeated pairs of a fair schedule, proved by exhaustive search (C, no solver needed).

Run: ``.venv/bin/python bench/seating_exact_fair.py 18x4 --sizes 5,5,4,4 --budget 18
[--q 1] [--byes B] [--classes A:B] [--split J/K]``.  Writes the search's
input (round 1 fixed; one round 2 per class of relabellings that keep
round 1), compiles ``bench/seating_exact_fair.c`` with gcc into ``var/``
and runs it: it prints each schedule it finds with at
most ``--budget`` repeated pairs and ends "DONE ... no schedule with repeats
<= B", the proof that the optimum of fair schedules (``seating_bounds``:
after every round each player's odd tables the floor or the ceiling of the
mean) exceeds B.  The method is in the C file's header.  ``--split J/K``
keeps the J-th of every K seatings of round 3 the search reaches, so K
runs (J = 0 to K - 1, one a core) share one search; the proof is theirs
together (15 x 6 with 3 byes at budget 6, ``--q 5``: 53.7 million nodes
alone, 27.7 and 27.7 million split in two; with the forward check in the
pairs bound, below, 42.1 million alone, 21.7 and 21.7 million split).

Proved on this machine (2 cores, one search at a time), the optimum being
the first budget with a schedule; these are ``seating_bounds._EXACT_FAIR``
(tables of 5; the plans Cuori makes reach them):

- 13 x 3 (5, 4, 4): 16 (counting bound 12), under 0.1 s; also CP-SAT
  (``bench/seating_cpsat.py --symmetry round2``) in 4 s;
- 13 x 4 (5, 4, 4): 22 (bound 16), under 0.1 s; stored, as the tabu
  search finds 22 or 23 by seed;
- 15 x 4 (5, 5, 5): 23 (bound 18), 0.2 s;
- 18 x 4 (5, 5, 4, 4): 19 (bound 14), 40 s for "none <= 18"; the 19 is
  stored (``seating_best.BEST_SCHEDULES``), the tabu search found 20;
- 23 x 3 (5, 5, 5, 4, 4): 10 (bound 6), 0.4 s;
- 17 x 5 (5, 4, 4, 4): 22 (bound 10), 273 s for "none <= 21" (``--q 3``);
- 21 x 5 (5, 4, 4, 4, 4): 12 (bound 6), 20 minutes in three ranges of
  round-2 classes for "none <= 11" (``--q 4``);
- under 2 s each, the budget one less than the plan's repeats: 9 x 3
  (5, 4): 20 (bound 18); 10 x 3 (5, 5): 18 (16); 14 x 4 (5, 5, 4): 21
  (17); 17 x 3 (5, 4, 4, 4): 12 (8); 17 x 4 (5, 4, 4, 4): 17 (9); 18 x 3
  (5, 5, 4, 4): 12 (10); 21 x 3 (5, 4, 4, 4, 4): 6 (4); 23 x 4 (5, 5, 5,
  4, 4): 12 (6) in 9 s; with tables of 3, 10 x 5 (3, 3, 4): 17 (15) and
  13 x 3 (3, 3, 3, 4): 6 (4);
- with byes (``--byes B``: a group whose players meet nobody, handed out
  fairly like an odd table): 9 x 4 (1 bye): 14 (bound 12); 11 x 5 (3
  byes): 10 (7); 13 x 4 (1): 9 (6); 14 x 4 (2): 5 (3), each about 1 s;
  17 x 5 (1 bye): 1 (0) in 59 s: no fair schedule is repeat-free;
  13 x 5 (1 bye): 15 (12) in 143 s;
- 22 x 5 (5, 5, 4, 4, 4): 14 (bound 12) in 311 s;
- 21 x 4 (5, 4, 4, 4, 4): 12 (bound 8, from 6 proved for 3 rounds) in
  931 s with ``--q 4`` for "none <= 11": 1,555 round-2 classes, the two
  with 2 pairs met again took 877 s, the eleven with 3 took 53 s, the rest
  none at all;
- 14 x 5 with 2 byes: 10 (bound 6) in 687 s for "none <= 9" (66 classes,
  the one with a single pair met again 295 s).

Small budgets first: 18 x 6 with tables of 3 (4, 4, 4, 3, 3; ``--q 3``)
has no fair schedule with 0 repeats (0.1 s, where 18 x 5 has one at once),
1 (2.7 s), 2 (35 s), 3 (362 s) or 4 (3,533 s, 83 billion nodes, all but
95 s in the first of 86 round-2 classes), nor, with the forward check
below, 5 (4,774 s, 44 billion nodes, 4,431 s of it in the first class):
the optimum is the plan's 6 (``seating_bounds._EXACT_FAIR``).  17 x 6
with tables of 3 (4, 4, 3, 3, 3): none with 6 repeats or fewer (95 s), 7
(670 s, 33 billion nodes) or 8 (the first of the 10 round-2 classes,
4 pairs met again, the fewest fairness allows: 7,716 s, 239 billion
nodes; the other nine, 5 to 8 pairs, with ``--classes 1:10``: 1,135 s):
the bound is 9 (the counting bound 6, the plan 10).  20 x 6 at tables of 4
(``--sizes 4,4,4,4,4``): none with 1 repeat or fewer (93 s, 1.5 billion
nodes) or 2 (1,248 s, 34 billion nodes), nor, with ``--q 6`` and the
forward check below, 3 (223 s, 3.0 billion nodes) or 4 (2,266 s, 31
billion nodes): the bound is 5, the plan 6.  19 x 5 with tables of 5
(5, 5, 5, 4), from its counting bound of 15: none with 15 repeats or
fewer (0.3 s), 16 (1.4 s), 17 (10 s), 18 (86 s) or 19 (592 s, 12 billion
nodes), nor, with ``--q 4`` (18 in 24 s, 0.24 billion nodes, where it
took 78 s without), 20 (split in two: 1,072 s and 10.3 billion nodes,
1,040 s of it in the first of 349 round-2 classes) or 21 (split in two,
in two ranges: ``--classes 1:349``, 511 s and 4.9 billion nodes; then
``--classes 0:1``, 3,167 s and 38.1 billion): the bound is 22, the plan
24.  At budget 23, hunting a schedule better than the plan's, none came
out in 26 minutes split in two, nor in 48 minutes of the half ``--split
0/2`` (CP-SAT, one worker, 1,200 s: 24).
18 x 5 (5, 5, 4, 4) likewise from its bound of 21: none with 21 (132 s),
22 (409 s), 23 (1,036 s) or 24 (4,455 s, 72 billion nodes, 2,037 s of it
in the first of 25 round-2 classes): the bound is 25, the plan 28.  19 x 6
with a table of 3 (``--q 6``): none repeat-free, in 1.6 s, as
``seating_bounds`` argues from 20 players over 6 rounds.  No answer with
budget 0 in 400 s for 22 x 7 and 26 x 8 with tables of 3, or in 600 s for
19 x 7 with 3 byes; 21 x 6 with a bye (five tables and the byes): the
round-2 classes (2 within budget 0) now take 0.3 s where they took over 15
minutes before the rows of one size were built in order, but the search
gave no answer in 20 minutes.

13 x 6 with tables of 3 (4, 3, 3, 3): none with 12 repeats or fewer
(1,364 s, 54 billion nodes; 29 s with the pairs bound), 13 (1,364 s,
15 billion nodes, with the pairs bound) or 14 (``--q 3``, each range
split in two, ``--split 0/2`` and ``1/2`` side by side: round-2 class 0,
806 s and 9.9 billion nodes; class 1, 3,047 s and 40.0 billion; classes
2 to 5, 314 s and 3.9 billion; classes 6 to 27, 19 s and 0.2 billion; in
all 4,186 s of CPU and 54 billion nodes): the optimum is the plan's 15
(``seating_bounds._EXACT_FAIR``).

The pairs bound (the C file's header: the meetings less the C(n, 2)
pairs, plus the partners players can no longer meet) prunes where the
budget is near that count: 13 x 6 with tables of 3 at budget 12 in 29 s
(1,364 s without it); 13 x 5 with a bye at budget 14 in 14 s (262 s
without it on the same machine); 15 x 6 with 3 byes at budget 6 in 119 s
(877 s, 28 billion nodes, before; now 0.9 billion).  Far from it (19 x 5
with tables of 5 at budget 17) it saves nothing and costs about a sixth
more time.  Run again with it, every optimum above whose run takes
seconds agrees (the budget one less: none; the optimum: found): 9 x 4,
11 x 5, 13 x 4, 13 x 5 and 14 x 4 with byes; 9 x 3, 10 x 3, 13 x 4,
14 x 4, 15 x 4 and 18 x 3 with tables of 5; 10 x 5 and 13 x 3 with
tables of 3; 12 x 4.

Not settled (the plan's figure stands): 17 x 6 with tables of 3; 17 x 6
and 23 x 5 with tables of 5 (23 x 5 with budget 17: not through the
first class in 26 minutes; 17 x 6 with budget 32, its bound, ``--q 3``,
split in two: neither half through the first class in 18 minutes);
19 x 6 with tables of 5 with budget 45, its counting bound: not through
the first class in 21 minutes, nor in 33 with the pairs bound; with the
pairs bound and the budget at the
counting bound, not through the first class in 90 to 120 s: 21 x 7 with
tables of 5 (28), 17 x 7 and 18 x 7 with tables of 3 (11 and 15), 18 x 7
with 2 byes (15) and 19 x 8 with 3 byes (21).  With byes the fields of 17
players and more over 6 rounds and more.
15 x 6 with 3 byes (``--sizes 4,4,4 --byes 3``): none with 6 repeats or
fewer (877 s, 28 billion nodes; 6 is the bound from the 12 players with
one bye, who meet 15 times), 7 (195 s, 1.8 billion nodes, ``--q 5``) or 8
(1,237 s, 11 billion nodes, ``--q 5``): the optimum is the plan's 9
(``seating_bounds._EXACT_BYES``).

Round 3 in one form (the C file's header): a relabelling that maps round
1's tables onto tables of their kind and round 2's likewise, keeping the
matrix of their intersections, keeps rounds 1 and 2, so round 3 is
searched on only in the greatest of its forms under those relabellings.
It pays where round 2's class has many: the class with no pair met again
of 15 x 6 with 3 byes has 36 and fell from 654 to 20 million nodes at
budget 6 (944 to 230 million in all, 119 s to 26 s); 18 x 6 with tables of
3 at budget 4 (class 0: 24) took 716 s and 7.4 billion nodes where it took
3,533 s and 83 billion; 18 x 4 with tables of 5 at budget 19 (the 19
found, then none below) 33 s where it took 118 s; 13 x 6 with tables of 3
at budget 12 (``--q 3``, class 0: 4) 19 s where it took 27 s.  ``--q`` now
takes byes (a player on a bye meets nobody in the overlaps of rounds), and
the script refuses a Q whose rounds could not be put in any order fairly
(:func:`largest_q`): 15 x 6 with 3 byes at budget 6 with ``--q 5`` in
9.4 s (81 million nodes).  Both agree with every optimum of the
cross-check lists here (found at the optimum, none below), byes with and
without ``--q``.  13 x 6 with tables of 3 at budget 14: the first of its
28 round-2 classes has none (1,084 s, 11 billion nodes), nor have classes
6 to 27 (45 s), where class 1 was not through in 93 minutes of CPU
(settled since, above, by the search as it is now).  18 x 6 with
tables of 3 at budget 5: not through the first class in 93 minutes of
CPU before the forward check (settled with it, above).  18 x 6 with 2 byes
(``--sizes 4,4,4,4 --byes 2 --q 6``): none with 3 repeats or fewer
(2,290 s, 14 billion nodes; the three round-2 classes with no pair met
again, 397, 549 and 1,345 s; ``--q`` or the pairs bound cut the rest at
once): the bound is 4 (``seating_bounds._SEARCHED_BYES``), the plan 5.
17 x 6 with a bye at budget 11, its bound: not through the first class in
23 minutes.

Rounds 4 to Q in order (the C file's header, ``round_in_order``): with
``--q`` above 4 they may be taken in any order, and a key that only their
players' tables in rounds 1 to 3 decide survives every relabelling the
search makes after round 3, so they are taken with keys non-decreasing
(the bye group's or the lone odd table's, known when that first table is
full).  13 x 6 with a bye at budget 30 (``--q 6``): the optimum 30, its
bound, found and proved in 38 s and 153 million nodes, where it took 68 s
and 320 million.  With ``--q 5`` only rounds 4 and 5 are ordered and most
of the work is in rounds 3 and 4: 14 x 5 with 2 byes at budget 9, 724 to
695 million nodes; the optima of 13 x 5 and 17 x 5 with a bye agree.

The forward check (the C file's header): once a round's tables of 3 and
byes are full, every player left needs 3 players left it has not met.
Node counts before and after, same machine: 20 x 6 at budget 2 (``--q
6``) 390 to 257 million (24 to 19 s; at budget 1, 28 to 18 million);
15 x 6 with 3 byes at budget 6 (``--q 5``) 80.7 to 53.7 million; 13 x 6
with a bye at budget 30 (``--q 6``) 153 to 119 million; 13 x 6 with
tables of 3 at budget 12, 152 to 148 million; 19 x 5 with tables of 5 at
budget 17, 134 to 131 million.  18 x 6 with 2 byes at budget 3 (``--q
6``): 856 s and 8.6 billion nodes, where it took 2,290 s and 14 billion
before the round order and the forward check.  19 x 6 with a table of 3
at budget 2 (``--q 6``) takes 187 s (2.4 billion nodes), where 20 x 6
takes 19 s: its bound (5) comes from 20 x 6.  No answer at budget 0 in
240 s for 22 x 7 with 2 byes (``--q 7``) or with tables of 3 (``--q
3``); 21 x 6 with a bye at budget 0 (``--q 6``) was not through its first
class in 85 minutes of CPU, nor 19 x 7 with 3 byes at budget 2 (``--q
6``) in 42.  Every optimum of the cross-checks below agrees (found at
the optimum, none one below), with and without ``--q``.

The forward check in the pairs bound (the C file's header): each player
left short of new partners adds what it lacks to its repeat incidences.
With tables of 4 only and fewer meetings than partners it is the forward
check's own cut (20 x 6 at budget 3, ``--q 6``: 3.0 billion nodes either
way); with byes or odd tables, node counts before and after: 13 x 6 with
a bye at budget 30 (``--q 6``) 119 to 59 million (18 to 11 s); 15 x 6
with 3 byes at budget 6 (``--q 5``) 53.7 to 42.1 million; 13 x 5 with a
bye at budget 14, 16.6 to 13.6 million; 15 x 4 with tables of 5 at
budget 22, 237 to 220 thousand; 13 x 6 with tables of 3 at budget 12
(``--q 3``), 148 to 145 million; 18 x 6 with 2 byes at budget 3 (``--q
6``), the first round-2 class's first half of two side by side, 716 to
678 million (138 to 131 s: this machine now runs either program at about
half the rate that measured 856 s above), and the whole search split in
two 8.24 billion nodes, 1,547 s of CPU.  At budget 4 (it would settle
18 x 6 with 2 byes), split in two, neither half of the program before
was through the first class in an hour.  Each of the 28 proved optima
that take under 8 s (``_EXACT_FAIR`` and ``_EXACT_BYES``, the largest
``--q``) is found again at its figure, and none one below.

Cross-checks: a second program with other symmetry handling agreed on
13 x 3, 13 x 4 and 15 x 4; the search gives the recorded optima with
tables of 3 (10 x 3: 8, 13 x 4: 6, 14 x 5: 6) and of 4 only (12 x 4: 13);
the interchangeable-player rule off gives the same figures; with byes it
agrees with the CP-SAT optima (10 x 4, 2 byes: 9; 11 x 4, 3 byes: 6).
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
from math import comb

from c_tools import compiled  # bench/c_tools.py


def search_input(n: int, rounds: int, sizes: list[int], budget: int) -> str:
    """The C search's input: sizes with the odd ones first, round 1 as each
    player's table, the round-2 classes within the budget (cheapest first),
    the budget.  A negative size is the players on a bye (a group whose
    players meet nobody, handed out fairly like an odd table)."""
    sizes = sorted(sizes, key=lambda s: (s == 4, -abs(s)))
    seats = [abs(s) for s in sizes]
    tables = len(sizes)
    odd = [s != 4 for s in sizes]
    odd_seats = sum(s for s, o in zip(seats, odd) if o)
    low, rest = divmod(2 * odd_seats, n)
    high = low + (rest > 0)
    # a player at round-1 table i and round-2 table j must stay fair after round 2
    allowed = [[low <= odd[i] + odd[j] <= high for j in range(tables)] for i in range(tables)]
    groups: dict[int, list[int]] = {}
    for t, s in enumerate(sizes):
        groups.setdefault(s, []).append(t)
    column_orders = [
        [i for g in combo for i in g]
        for combo in itertools.product(*(itertools.permutations(g) for g in groups.values()))
    ]

    def canonical(matrix: list[list[int]]) -> tuple:
        """The least form of an intersection matrix under reordering round
        2's tables of one size and round 1's tables of one size."""
        forms = []
        for cols in column_orders:
            rows = [tuple(matrix[r][c] for c in cols) for r in range(tables)]
            forms.append(
                tuple(tuple(sorted((rows[r] for r in g), reverse=True)) for g in groups.values())
            )
        return min(forms)

    def met_again(i: int, j: int, v: int) -> int:
        """Pairs of round-1 table i seated together again at round-2 table j."""
        return comb(v, 2) if sizes[i] > 0 and sizes[j] > 0 else 0

    seen: set[tuple] = set()
    classes: list[list[list[int]]] = []
    matrix = [[0] * tables for _ in range(tables)]
    left = list(seats)  # round-2 seats left per table

    def fill(i: int, j: int, row_left: int, repeats: int, tight: bool) -> None:
        """Row i of the matrix from column j on.  Rows of round-1 tables of one
        size come in non-increasing order (reordering those tables keeps
        round 1), so ``tight``: row i equals row i - 1 up to column j."""
        if repeats > budget:  # the pairs of round 1 met again in round 2: over budget
            return
        if i == tables:
            key = canonical(matrix)
            if key not in seen:
                seen.add(key)
                classes.append([row[:] for row in matrix])
            return
        if j == tables - 1:
            v = row_left
            if v > left[j] or (v and not allowed[i][j]) or (tight and v > matrix[i - 1][j]):
                return
            matrix[i][j] = v
            left[j] -= v
            repeats += met_again(i, j, v)
            if i + 1 < tables:
                fill(i + 1, 0, seats[i + 1], repeats, sizes[i + 1] == sizes[i])
            elif not any(left):
                fill(tables, 0, 0, repeats, False)
            left[j] += v
            matrix[i][j] = 0
            return
        for v in range(min(row_left, left[j]) if allowed[i][j] else 0, -1, -1):
            if tight and v > matrix[i - 1][j]:
                continue
            matrix[i][j] = v
            left[j] -= v
            fill(
                i,
                j + 1,
                row_left - v,
                repeats + met_again(i, j, v),
                tight and v == matrix[i - 1][j],
            )
            left[j] += v
        matrix[i][j] = 0

    fill(0, 0, seats[0], 0, False)
    first_round = [t for t, s in enumerate(seats) for _ in range(s)]
    start = [sum(seats[:j]) for j in range(tables)]
    seatings = []
    for m in classes:
        repeats = sum(met_again(i, j, v) for i, row in enumerate(m) for j, v in enumerate(row))
        second_round = [0] * n
        nxt = start[:]
        for i in range(tables):
            for j in range(tables):
                for _ in range(m[i][j]):
                    second_round[nxt[j]] = i
                    nxt[j] += 1
        seatings.append((repeats, second_round))
    seatings.sort(key=lambda s: s[0])
    lines = [f"{n} {rounds} {tables}", " ".join(map(str, sizes))]
    lines.append(" ".join(map(str, first_round)))
    lines.append(str(len(seatings)))
    lines += [" ".join(map(str, s)) for _, s in seatings]
    lines.append(str(budget))
    return "\n".join(lines) + "\n"


def largest_q(n: int, rounds: int, odd_seats: int) -> int:
    """How many first rounds may be put in any order and stay fair (``--q``).

    ``odd_seats``: a round's seats at odd tables and on byes.  After the
    first q rounds a player has the floor or the ceiling of ``q * odd_seats
    / n`` of them; taken in another order, any k of those rounds must leave
    every player that can occur at the floor or the ceiling of ``k *
    odd_seats / n``.  Returns 1 to ``rounds`` (1: no freedom)."""

    def fair(q: int) -> bool:
        total = q * odd_seats
        low, high = total // n, -(-total // n)
        counts = {c for c, k in ((low, high * n - total), (high, total - low * n)) if k} or {low}
        for k in range(1, q):
            k_low, k_high = k * odd_seats // n, -(-k * odd_seats // n)
            if any(max(0, c - (q - k)) < k_low or min(k, c) > k_high for c in counts):
                return False
        return True

    q = 1
    while q < rounds and fair(q + 1):
        q += 1
    return q


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 18x4")
    parser.add_argument("--sizes", required=True, help="one round's table sizes, e.g. 5,5,4,4")
    parser.add_argument("--byes", type=int, default=0, help="players on a bye each round")
    parser.add_argument("--budget", type=int, required=True)
    parser.add_argument("--q", type=int, default=0, help="first rounds in any order (see C)")
    parser.add_argument("--classes", default="0:1000000", help="round-2 classes first:last")
    parser.add_argument("--split", default="0/1", help="part J of K of the round-3 seatings, J/K")
    args = parser.parse_args()
    n, rounds = (int(v) for v in args.field.split("x"))
    sizes = [int(v) for v in args.sizes.split(",")]
    if sum(sizes) + args.byes != n or n > 32:
        sys.exit(f"tables {args.sizes} and {args.byes} byes do not seat {n} players (at most 32)")
    most = largest_q(n, rounds, sum(s for s in sizes if s != 4) + args.byes)
    if args.q > most:  # 0 and 1 ask for no freedom; largest_q is at least 1
        sys.exit(f"--q {args.q}: only the first {most} rounds may be put in any order fairly")
    try:
        part, parts = (int(v) for v in args.split.split("/"))
    except ValueError:
        sys.exit(f"--split {args.split}: give J/K, e.g. 0/2")
    if not 0 <= part < parts:
        sys.exit(f"--split {args.split}: J must be 0 to K - 1")
    if args.byes:
        sizes.append(-args.byes)
    binary = compiled("seating_exact_fair")
    first, last = args.classes.split(":")
    subprocess.run(
        [str(binary), first, last, "-1", str(args.budget), "1", str(args.q), str(part), str(parts)],
        input=search_input(n, rounds, sizes, args.budget),
        text=True,
        check=True,
    )


if __name__ == "__main__":
    main()
