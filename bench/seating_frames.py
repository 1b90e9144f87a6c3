"""Fair schedules from a 4-frame: each round seats all groups but one at tables of 4.

Run: ``.venv/bin/python bench/seating_frames.py 30x10 --odd byes [--group 6]
[--seconds 60] [--workers 2] [--seed 1]`` (needs OR-Tools, which Cuori
does not depend on: ``.venv/bin/pip install ortools``).  It prints the
repeated pairs and the bound, then the entry for
``seating_best.BEST_SCHEDULES`` (rounds in order, tables sorted).  With a
frame's type instead of a field (``6^5 --workers 1``) it prints the frame's
base rounds, the entry for ``seating_designs.FRAME_BASES``: the frames 3^5,
3^9 and 6^5 there, made m times by a transversal design and their groups
filled with 2 or 3 more players, seat 108 to 392 players over the most
rounds (``seating_designs.framed_rounds``).  Measured, one worker:
3^5 at once, 3^9 in 2.4 s, 6^5 in 3.6 s; 6^7 and 3^13 gave no answer in
120 s.  ``bench/seating_orbit_frames.py`` anneals frames developed over a
larger Z_N (3^13 over Z_39 in under a second; 6^7 not yet).

A 4-frame of type g^u (Rees and Stinson, "Frames with block size four",
Canad. J. Math. 44(5):1030-1049, 1992: one exists if and only if u >= 5,
g = 0 mod 3 and g(u - 1) = 0 mod 4, but for a few open cases) has
``g * u`` players in u groups of g and rounds that seat everybody but one
group at tables of 4; each group
sits out g / 3 of them, and two players of different groups meet exactly
once.  So the only repeats are within a group, among the rounds it sits
out, where its g players take the field's odd tables: 30 players in 5
groups of 6 over 10 rounds sit out as two tables of 3 (two repeats a group
at least, so 10) or as a table of 4 and 2 byes (one repeat a group, so 5:
the counting bound).  Fairness comes from the order: group i sits out
rounds i, u + i, 2u + i, ..., so everybody has an odd table (or a bye)
before anybody has a second.

The frame here is cyclic: players (i, j), numbered ``j * u + i``, are
player j of group i; the model (CP-SAT) chooses g / 3 base rounds that
leave group 0 out, each developed over Z_u (``seating_designs.develop``:
round i moves group 0's place to group i), and asks that every pair of
different groups meets exactly once.  Group 0 is seated in its base
rounds with the fewest repeats among its g players (found by enumeration,
odd tables or byes spread by at most one).  30 x 10 is found in under a
second.  18 x 6 (u = 3) has no such frame, as the model finds at once and
the exhaustive search agrees (18 x 6 with 2 byes needs 4 repeats, a frame
would give 3).

Rounds past the frame's (``rounds`` above u * g / 3) are seated by the
planner's own round-by-round search (``seat_round``, effort 4), with the
frame as the history: every pair of different groups has met, so each
table of the new round repeats what its players' groups cannot avoid.
30 x 11 with 2 byes comes out at 27, its counting bound: each group's four
players with a bye so far sit at one table (2 repeats), and the ten with
none take the 2 byes and 2 tables (6 repeats each).  With tables of 3:
28 (bound 27).

With ``--fixed F``, F players outside the frame sit with the group out,
each at a table of 4, never at an odd table or on a bye, and never two at
one table.  31 players (6^5 and one fixed) with 3 byes: in rounds i and
5 + i group i and the fixed player take a table of 4 and the 3 byes, so
10 rounds without a repeat, and 18 over 11 (was 21; not stored, since
the plan now has 14 from 32 players less one, whose table-mates take the
byes).

Measured on this machine, one worker (every form that fits a field above
its bound in ``bench/seating.py --grid``, g = 3 to 15 and up to 3 fixed
points): stored in ``seating_best.BEST_SCHEDULES``, 30 x 10 with byes 5
(was 13, now at the bound) and tables of 3 10 (was 18), 30 x 11 with byes
27 (was 33, at the bound) and tables of 3 28 (was 37), 27 x 10 with tables
of 3 39 (was 43, at the bound) and byes 18 (was 22), 27 x 11 with byes 45
(was 46, at the bound), each in 1 to 8 s.
No gain: 30 x 9 with tables of 3 (8, the plan 6), 31 x 11 with tables of
3 (50, the plan 30: 32 players less one), 31 x 12 with byes (44, the plan
39, likewise).  Tables of 5 never fit: in the frame's round order a group
holds a round's tables of 5 fairly only when g is a multiple of 5 times
their count (75 players and up).  Neither do 33 or 34 players (30 and 3
or 4 fixed: they cannot sit apart).  Three runs of
``bench/seating_hunt.py --best --polish --effort 8`` each gave the stored
figure back for 30 x 10 and 30 x 11 with tables of 3 and 27 x 10 with
byes.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_frames.py needs OR-Tools: .venv/bin/pip install ortools")

from seating_cpsat import seat_variables  # noqa: E402 (bench/seating_cpsat.py)

from tournaments.seating import (
    ODD_POLICIES,
    TABLES_OF_3,
    Seating,
    count_repeated_pairs,
    plan_quality,
    seat_round,
    table_plan,
)
from tournaments.seating_designs import develop, shifted


def partitions(players: tuple[int, ...], sizes: tuple[int, ...]):
    """Every way to seat ``players`` at tables of ``sizes`` (sorted, the
    rest on a bye), as tuples of sorted tables, each once."""
    if not sizes:
        yield ()
        return
    size, rest = sizes[0], sizes[1:]
    first = players[0]
    for table in itertools.combinations(players, size):
        if rest and rest[0] == size and first not in table:
            continue  # tables of one size come in the order of their first player
        left = tuple(p for p in players if p not in table)
        for others in partitions(left, rest):
            yield (table, *others)


def group_rounds(
    g: int, sizes: tuple[int, ...], rounds: int, fixed: int = 0
) -> list[tuple[tuple[int, ...], ...]]:
    """The fewest-repeat seating of one group of ``g`` players (0 .. g - 1)
    and the ``fixed`` points (g and up) over the ``rounds`` rounds the group
    sits out, at tables of ``sizes`` (the rest on a bye), odd tables and
    byes spread by at most one after each round.  The fixed points sit with
    every group in turn, so each takes a table of 4, away from the others."""
    odd = [s for s in sizes if s != 4]

    def status(p, tables):
        seated = [t for t in tables if p in t]
        return 2 if not seated else int(len(seated[0]) != 4)

    all_rounds = [
        tables
        for tables in partitions(tuple(range(g + fixed)), tuple(sorted(sizes)))
        if all(status(p, tables) == 0 for p in range(g, g + fixed))
        and all(sum(p >= g for p in t) <= 1 for t in tables)
    ]
    if not all_rounds:
        sys.exit(f"{fixed} fixed cannot sit apart at tables of 4 in {sizes}")

    best: tuple[int, list] | None = None
    for later in itertools.product(all_rounds, repeat=rounds - 1):
        schedule = [all_rounds[0], *later]
        counts = [[0, 0, 0] for _ in range(g)]
        fair = True
        for tables in schedule:
            for p in range(g):
                counts[p][status(p, tables)] += 1  # the group only: fixed points sit at 4s
            if odd and max(c[1] for c in counts) - min(c[1] for c in counts) > 1:
                fair = False
            if max(c[2] for c in counts) - min(c[2] for c in counts) > 1:
                fair = False
        if not fair:
            continue
        pairs: dict[tuple[int, int], int] = {}
        for tables in schedule:
            for t in tables:
                for pair in itertools.combinations(t, 2):
                    pairs[pair] = pairs.get(pair, 0) + 1
        repeats = sum(m - 1 for m in pairs.values())
        if best is None or repeats < best[0]:
            best = (repeats, schedule)
    if best is None:
        sys.exit(
            f"no fair seating of {g} players and {fixed} fixed at {sizes} over {rounds} rounds"
        )
    return best[1]


def frame_model(g: int, u: int):
    """(model, a): a[b, p, t] says player p sits at table t of base round b
    (g / 3 base rounds, each of (g * u - g) / 4 tables of 4 seating every
    group but group 0); every pair of players of different groups meets
    exactly once over the developed rounds."""
    n, per_round = g * u, (g * u - g) // 4
    md = cp_model.CpModel()
    bases = g // 3
    players = [p for p in range(n) if p % u]  # group 0 sits out
    seat = seat_variables(md, bases, n, [4] * per_round + [g])  # the last: group 0
    a = {(b, p, t): seat[b, p, t] for b in range(bases) for p in range(n) for t in range(per_round)}
    for b in range(bases):
        for p in range(n):
            md.Add(seat[b, p, per_round] == int(p % u == 0))
        for t in range(per_round):  # nobody with a player of its own group
            for i in range(1, u):
                md.Add(sum(a[b, j * u + i, t] for j in range(g)) <= 1)
    meets: dict[tuple[int, int], list] = {}
    for b in range(bases):
        for p, q in itertools.combinations(players, 2):
            if p % u == q % u:
                continue
            for t in range(per_round):
                y = md.NewBoolVar("")
                md.AddBoolOr([a[b, p, t].Not(), a[b, q, t].Not(), y])
                md.AddImplication(y, a[b, p, t])
                md.AddImplication(y, a[b, q, t])
                for r in range(u):  # the pair it stands for in round r of base b
                    pair = tuple(sorted((shifted(p, r, u, n), shifted(q, r, u, n))))
                    meets.setdefault(pair, []).append(y)
    for ys in meets.values():
        md.Add(sum(ys) == 1)
    md.Add(a[0, u + 1, 0] == 1)  # symmetry: player 1 of group 1 at the first table
    return md, a


def solve_frame(g: int, u: int, args: argparse.Namespace):
    """(solver, a) for :func:`frame_model` (g, u) solved with the command's
    seconds, workers and seed; (None, a) when it found no frame (none
    exists, or none in the time)."""
    md, a = frame_model(g, u)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    found = solver.Solve(md) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return (solver if found else None), a


def print_frame(g: int, u: int, args: argparse.Namespace) -> None:
    """Print the entry for ``seating_designs.FRAME_BASES``: the base rounds
    of a cyclic 4-frame of type g^u (group 0 out), or one line saying none
    was found."""
    if g % 3 or (g * u - g) % 4 or u < 5:
        sys.exit(f"no 4-frame of type {g}^{u}: it needs u >= 5, g = 0 (mod 3), 4 | g(u - 1)")
    start = time.perf_counter()
    solver, a = solve_frame(g, u, args)
    head = f"4-frame of type {g}^{u} over Z_{u}"
    if solver is None:
        print(f"{head}: none found, {time.perf_counter() - start:.0f} s")
        return
    print(f"{head}: {time.perf_counter() - start:.1f} s")
    print(f"    ({g}, {u}): (")
    for b in range(g // 3):
        tables = [
            sorted(p for p in range(g * u) if solver.Value(a[b, p, t]))
            for t in range((g * u - g) // 4)
        ]
        print('        "' + " | ".join(" ".join(map(str, t)) for t in tables) + '",')
    print("    ),")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "field", help="players x rounds, e.g. 30x10, or a frame's type, e.g. 6^5 (its base rounds)"
    )
    parser.add_argument("--odd", default=TABLES_OF_3, choices=ODD_POLICIES)
    parser.add_argument("--group", type=int, default=6, help="g, players a group")
    parser.add_argument("--fixed", type=int, default=0, help="players outside the frame")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if "^" in args.field:
        print_frame(*(int(v) for v in args.field.split("^")), args)
        return
    n, rounds = (int(v) for v in args.field.split("x"))
    g, fixed = args.group, args.fixed
    framed = n - fixed  # the frame's players; the fixed points come after them
    u, rest = divmod(framed, g)
    if rest or g % 3 or (framed - g) % 4:
        sys.exit(f"no 4-frame of type {g}^{u} seats {framed} players")
    plan = table_plan(n, odd=args.odd)
    per_round = (framed - g) // 4
    fours = plan.sizes.count(4) - per_round  # group 0's and the fixed points', with the byes
    sizes = [4] * fours + [s for s in plan.sizes if s != 4]
    if fours < 0 or sum(sizes) + plan.byes != g + fixed:
        sys.exit(f"group 0 and {fixed} fixed cannot take {tuple(sizes)} and {plan.byes} byes")
    own = group_rounds(g, tuple(sizes), g // 3, fixed)
    start = time.perf_counter()
    solver, a = solve_frame(g, u, args)
    head = f"{n} players x {rounds} rounds, 4-frame of type {g}^{u} over Z_{u}"
    head += f" and {fixed} fixed" if fixed else ""
    if solver is None:
        print(f"{head}: none found, {time.perf_counter() - start:.0f} s")
        return
    schedule = []
    for b in range(g // 3):
        base = [
            sorted(p for p in range(framed) if p % u and solver.Value(a[b, p, t]))
            for t in range(per_round)
        ]
        # group 0's players j * u, and the fixed points
        base += [[j * u if j < g else framed + j - g for j in table] for table in own[b]]
        schedule += develop(base, u, framed, u)
    seatings = [
        Seating(
            tuple(map(tuple, tables)), tuple(sorted(set(range(n)) - {p for t in tables for p in t}))
        )
        for tables in schedule[:rounds]
    ]
    while len(seatings) < rounds:  # past the frame: the planner's round-by-round search
        seatings.append(
            seat_round(
                range(n),
                history=seatings,
                seed=args.seed,
                odd=args.odd,
                rounds_left=rounds - len(seatings),
                effort=4,
            )
        )
    schedule = [sorted(map(sorted, s.tables), key=lambda t: (len(t), t)) for s in seatings]
    quality = plan_quality(n, rounds, odd=args.odd)
    print(
        f"{head}: {count_repeated_pairs(seatings)} repeated pairs (bound {quality.bound}), "
        f"{time.perf_counter() - start:.1f} s"
    )
    print(f"    ({n}, {rounds}, {tuple(sorted(plan.sizes))}, {plan.byes}): (")
    for tables in schedule:
        print('        "' + " | ".join(" ".join(map(str, t)) for t in tables) + '",')
    print("    ),")


if __name__ == "__main__":
    main()
