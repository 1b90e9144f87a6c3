"""Hunt fair repeat-free schedules with the tabu search, seed after seed (``FAIR_SCHEDULES``).

Run: ``.venv/bin/python bench/seating_hunt.py 41x10 --odd tables-of-5
[--effort 4] [--seeds 10:30] [--more] [--best [--polish]]``.  For each seed it plans the
field with ``plan_rounds`` as an organizer would (the stored schedule of
the field, if any, set aside, so the search starts as it did before it
was stored) and prints the repeated pairs and the CPU seconds; at the
first seed that reaches 0 it prints the entry for
``seating_designs.FAIR_SCHEDULES`` (tables sorted, each round one
string).  ``--more``: after a find, go on to one round more, until a
round count finds none.

How the stored schedules were found (one core each, this machine): most
seeds end one to five repeats above 0, and a higher effort helps less
than other seeds: 41 x 10 with tables of 5 at seed 26 of 10 to 29 (effort
4, 2.0 s), 37 x 9 at seed 64 of 30 to 89 (effort 2, 0.7 s), 39 x 8 and
45 x 11 at seed 15 (effort 4), 49 x 12 at seed 14 (effort 4; seeds 0 to
9 at effort 8 to 32 ended at 1), 55 x 12 at seed 0 (effort 16), 47 x 10 at
seed 0 (effort 10); tables of 3: 34 x 9 and 38 x 10 at seed 0 (effort 8);
25 x 7 with a bye at seed 3 (effort 8).  No seed of 0 to 299 (effort 1
to 32) found one for 29 x 7, 33 x 8 or 35 x 7 with tables of 5 or 21 x 6
with a bye: each ends at 1.  30 to 350 seeds (up to
499, effort 1 to 8) leave 1 to 5 for 30 x 7, 34 x 8, 38 x 9, 42 x 10,
43 x 10, 46 x 11 and 50 x 12 with tables of 5, 2 to 3 for 22 x 7 and
26 x 8 with a bye, and 4 to 6 for 21 x 7, 22 x 7, 29 x 9, 34 x 10,
37 x 11, 38 x 11 and 41 x 12 with tables of 3.

``--best`` (``seating_best.BEST_SCHEDULES``): seeds 0 to 7 at effort 8
(12 to 25 s of CPU a seed; seeds 0 to 5 for 21 x 8 and 22 x 8 with tables
of 3, 22 x 8 with byes, 24 x 8, and 25 x 8, 29 x 8, 30 x 8 and 31 x 7 with
tables of 5) for 29 fields of 17 to 31 players over 6 to 8 rounds where a
plan stays above its bound; the 27 entries stored beat the plan at effort
1 by 1 to 5 repeats (26 x 7 with tables of 5: 21 to 16; 29 x 8: 13 to 9);
24 x 8 (18) and 30 x 8 with tables of 5 (18) gained nothing.
Seeds 0 to 5 at effort 8 gave the plan's figure every time for 13 x 6,
17 x 6, 18 x 6 and 19 x 6 with tables of 3; 15 x 6, 17 x 6, 18 x 6,
18 x 7 and 21 x 7 with byes; 17 x 6, 18 x 5, 18 x 6, 19 x 5, 19 x 6,
21 x 7, 22 x 6 and 23 x 5 with tables of 5; and 20 x 6.
A second hunt, seeds 0 to 5 at effort 8 (1 to 15 s of CPU a seed, median
10 s), took the 100 other grid fields above their bound (19 to 51 players
over 6 to 12 rounds): 95 entries beat the plan at effort 1, by 1 to 10
repeats (43 x 12 with tables of 5: 53 to 43; 35 x 12 with byes: 26 to 19),
and 7 of them reach their bound (21 x 8 with a bye; 21 x 9, 23 x 9, 29 x 12
and 30 x 12 with tables of 3; 29 x 11 with byes; 34 x 12 with tables of 5);
21 x 6 with a bye (1), 35 x 7 (2), 31 x 9 (51) and 43 x 10 (6) with tables
of 5 and 36 x 12 (27) gained nothing.

``--best --polish`` keeps the stored best schedule, so each seed's
search starts from it (relabelled), and prints an entry only when a seed
beats it.  For the 114 stored schedules above their bound, seeds 0 to 2
at effort 8 (about 10 s of CPU a seed, 55 minutes on 2 cores) improved
23 by 1 to 4 repeats (22 x 7 with tables of 3: 4 to 2; 34 x 12 with
tables of 3: 39 to 35; 42 x 10 with tables of 5: 3 to 2); seeds 3 to 5
then improved 9 by 1 or 2 more (4 of them a second time; 33 x 11 and
37 x 12 with byes: 25 to 23, 22 to 20); seeds 6 to 8 on the 28 improved
fields, one more (30 x 11 with tables of 3: 38 to 37); seeds 9 to 11 on the
39 fields with the most repeats above their bound, one more (29 x 9 with
tables of 5: 29 to 27).  Seeds 12 and 13 at effort 8 (one
for 37 x 11 and 37 x 12) on the 14 fields with tables of 5 furthest
above their bound (23 to 81 repeats, 30 to 43 players over 9 to 12 rounds;
about 18 s of CPU a seed): none improved.  Seeds 14 and 15 at effort 8
on all 101 stored schedules then above their bound (22 minutes on 2
cores) improved four: 38 x 12 with tables of 3 to 5 (the repaired design
less two players, the plan's start before, has 6), 34 x 11 and 41 x 12
with tables of 3 by one (18 to 17, 4 to 3) and 45 x 12 with tables of 5
(8 to 7); 38 x 11 with tables of 3 reached 3, the repaired design's
figure, and stays as it was.  Seeds 16 and 17 on the same 101 improved
two more: 38 x 12 with tables of 5 (65 to 64) and 25 x 8 with tables of
5 (28 to 27).  Seeds 18 and 19 (one core, 31 minutes) improved six: 30 x 7
(4 to 3), 42 x 11 (14 to 12), 45 x 12 (7 to 6) and 47 x 12 (18 to 17)
with tables of 5, and 34 x 11 (17 to 16) and 38 x 11 (5 to 2, below the
repaired design's 3, so the plan now starts from the stored schedule)
with tables of 3.  Seeds 20 to 23 (two runs of two seeds, one core each):
two more, 21 x 7 with tables of 3 (5 to 4) and 29 x 8 with tables of 5
(9 to 8); seeds 24 and 25, none.  Seeds 26 and 27 (one core, 45 minutes):
25 x 9 with tables of 3 (14 to 13) and 43 x 12 with tables of 5 (43 to
42); seeds 28 and 29, none; seeds 30 and 31 (one core, 50 minutes): 27 x 9
with tables of 5 (85 to 84); seeds 32 and 33, none; seeds 34 and 35 (one
core, 35 minutes): three, 26 x 8 with byes (3 to 2) and 30 x 9 with
tables of 3 (6 to 5) and of 5 (41 to 40); seeds 36 and 37 (one core
each, side by side, 36 minutes): three, 35 x 12 with tables of 5 (126 to
125, its bound), 41 x 12 with tables of 5 (26 to 24) and 37 x 11 with
tables of 3 (4 to 3); seed 38, none; seeds 39 and 40 (one core each, side by side,
17 minutes, the 100 stored schedules above their bound): 34 x 8 with tables of 5
(4 to 3); seeds 41 and 42 (19 minutes): 25 x 9 with byes (29 to 28); seeds 43
and 44 (25 minutes), none; seed 45 (21 minutes): 43 x 12 with tables of 5 (42
to 41); seed 46 (22 minutes): 37 x 12 with tables of 5 (54 to 52);
seeds 47 and 48 (one core each, side by side, 23 minutes): 25 x 8 with
tables of 3 (4 to 3); seeds 49 and 50 (25 minutes, a test run beside), none;
seeds 51 and 52 (22 minutes): 22 x 8 with tables of 3 (18 to 17);
seeds 53 to 56, none; seeds 57 and 58 (50 minutes, constraint models
running beside): 38 x 10 with tables of 5 (15 to 14); seed 59, none;
seeds 60 and 61 (32 minutes): 41 x 11 (8 to 7) and 50 x 12 (2 to 1) with
tables of 5; seeds 62 to 64, none; seed 65 (about 25 minutes, beside
another seed and a constraint model): 38 x 11 (33 to 32) and 50 x 12 (1
to 0, now in ``FAIR_SCHEDULES``) with tables of 5; seed 66 (about 20
minutes): 39 x 10 with tables of 5 (23 to 22); seeds 200 to 247 on the
fields of 4R + 2 players over R rounds with two tables of 5 alone (30 x 7
to 46 x 11, one core each, side by side, 21 minutes): 38 x 9 (3 to 2);
seeds 67 and 68 (one core each, side by side, 22 minutes): 35 x 8 with tables of 5
(8 to 7); seeds 69 and 70 (18 minutes): 26 x 8 with tables of 5 (42 to 41);
seeds 71 and 72 (20 minutes): 34 x 11 with tables of 5 (68 to 67); seeds 73
and 74 (20 minutes), none; seeds 75 and 76 (19 minutes): 37 x 12 with tables of 5
(52 to 50); seeds 77 and 78 (22 minutes): three, 26 x 9 with byes (15 to 13)
and 34 x 10 with tables of 3 (5 to 4) and of 5 (39 to 38); seeds 79 and 80
(22 minutes): 26 x 9 with tables of 3 (17 to 15); seeds 81 and 82 (21 minutes):
34 x 10 with tables of 5 (38 to 37); seeds 83 and 84 (21 minutes): 46 x 12
with tables of 5 (11 to 10) and 34 x 10 with tables of 5 (37 to 36); seeds 85
to 88 (two pairs, 21 minutes each), none; seeds 89 and 90 (20 minutes): 37 x 10
with tables of 5 (8 to 7); seeds 91 and 92 (17 minutes), none; seeds 93 and 94
(22 minutes): 38 x 10 with tables of 5 (14 to 12); seeds 95 and 96 (22 minutes),
none; seeds 97 and 98 (22 minutes): 43 x 11 with tables of 5 (21 to 20).

Constructions have since replaced 16 of these entries: 4-frames
(``bench/seating_frames.py``: 27 x 10, 30 x 10 and 30 x 11 with tables
of 3 or byes, 27 x 11 with byes), and the plan's own start from a design less
some players, past the design's rounds (23 x 8, 31 x 11, 33 x 12 and
35 x 12 with tables of 3; 19 x 8, 23 x 9, 31 x 11, 31 x 12 and 35 x 12
with byes), where the entry was removed.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import seating_best, seating_designs  # noqa: E402
from tournaments.seating import (  # noqa: E402
    ODD_POLICIES,
    TABLES_OF_5,
    Seating,
    count_repeated_pairs,
    plan_rounds,
    table_plan,
)

LINE = 84  # characters of one string of a round in the entry


def entry(
    n: int,
    rounds: int,
    plan,
    seed: int,
    effort: float,
    repeats: int = 0,
    start: int = 0,
    how: str | None = None,
) -> str:
    """The plan as a ``FAIR_SCHEDULES`` entry: key (players, sorted table
    sizes, byes), one tuple item per round (tables by size, then by their
    lowest player, separated by "|"); with ``repeats`` a ``BEST_SCHEDULES``
    entry (key: players, rounds, sizes, byes); ``start``: the repeats of
    the stored schedule the plan started from (``--polish``); ``how``: what
    found it, when not the plan (in place of seed and effort)."""
    sizes = sorted(len(t) for t in plan[0].tables)
    byes = len(plan[0].byes)
    odd = [s for s in sizes if s != 4]
    fours = len(sizes) - len(odd)
    if not odd:
        key_sizes, what = f"(4,) * {fours}", "a bye" if byes == 1 else f"{byes} byes"
    else:
        odd_src = f"({', '.join(map(str, odd))}{',' if len(odd) == 1 else ''})"
        key_sizes = f"{odd_src} + (4,) * {fours}" if odd[0] < 4 else f"(4,) * {fours} + {odd_src}"
        what = f"{len(odd)} of {odd[0]}" if len(odd) > 1 else f"one of {odd[0]}"
    comment = (
        f"{n} players, {fours} tables of 4 and {what} a round, {rounds} rounds"
        + (f": {repeats} repeated pair" + ("s" if repeats > 1 else "") if repeats else "")
        + (
            f" ({how})"
            if how
            else f" (plan_rounds seed {seed}, effort {effort:g}"
            + (f", from the stored schedule with {start})" if start else ")")
        )
    )
    lines = textwrap.wrap(comment, 100, initial_indent="    # ", subsequent_indent="    # ")
    lines.append(
        f"    ({n}, {rounds}, {key_sizes}, {byes}): ("
        if repeats
        else f"    ({n}, {key_sizes}, {byes}): ("
    )
    for seating in plan:
        tables = sorted((sorted(t) for t in seating.tables), key=lambda t: (len(t), t))
        texts = [" ".join(map(str, t)) for t in tables]
        pieces, current = [], ""
        for i, text in enumerate(texts):
            add = text + (" | " if i < len(texts) - 1 else "")
            if current and len(current) + len(add) > LINE:
                pieces.append(current)
                current = ""
            current += add
        pieces.append(current)
        lines += [f'        "{p}"' for p in pieces[:-1]] + [f'        "{pieces[-1]}",']
    return "\n".join([*lines, "    ),"])


def hunt(
    n: int,
    rounds: int,
    odd: str,
    effort: float,
    seeds: range,
    best: bool = False,
    polish: bool = False,
) -> int | None:
    """Plan the field seed after seed (its stored schedules set aside);
    print each; the first seed with no repeat, or None.  ``best``: at the
    end, the ``BEST_SCHEDULES`` entry of the plan with the fewest repeats.
    ``polish``: the stored best schedule kept, so each seed's search starts
    from it (relabelled); the entry only when a seed beats it."""
    tables = table_plan(n, odd=odd)
    key = (n, tuple(sorted(tables.sizes)), tables.byes)
    best_key = (n, rounds, *key[1:])
    start = 0
    stored = stored_best = None
    if polish:
        kept = seating_designs.best_schedule(n, rounds, tables.sizes, tables.byes)
        if not kept:
            print(f"{n} x {rounds} {odd}: no stored best schedule to polish", flush=True)
            return None
        start = count_repeated_pairs([Seating(tuple(map(tuple, t))) for t in kept])
        print(f"{n} x {rounds} {odd}: the stored schedule has {start} repeats", flush=True)
    else:
        stored = seating_designs.FAIR_SCHEDULES.pop(key, None)
        stored_best = seating_best.BEST_SCHEDULES.pop(best_key, None)
    fewest: tuple[int, int, list] | None = None
    try:
        for seed in seeds:
            started = time.process_time()
            plan = plan_rounds(range(n), rounds, seed=seed, odd=odd, effort=effort)
            repeats = count_repeated_pairs(plan)
            cpu = time.process_time() - started
            print(f"{n} x {rounds} {odd}, seed {seed}: {repeats} repeats, {cpu:.1f} s", flush=True)
            if repeats == 0:
                print(entry(n, rounds, plan, seed, effort, start=start), flush=True)
                return seed
            if fewest is None or repeats < fewest[0]:
                fewest = (repeats, seed, plan)
        if best and fewest is not None and (not start or fewest[0] < start):
            print(entry(n, rounds, fewest[2], fewest[1], effort, fewest[0], start), flush=True)
        return None
    finally:
        if stored is not None:
            seating_designs.FAIR_SCHEDULES[key] = stored
        if stored_best is not None:
            seating_best.BEST_SCHEDULES[best_key] = stored_best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 41x10")
    parser.add_argument("--odd", choices=ODD_POLICIES, default=TABLES_OF_5)
    parser.add_argument("--effort", type=float, default=4.0)
    parser.add_argument("--seeds", default="0:20", help="first:last (last not included)")
    parser.add_argument("--more", action="store_true", help="after a find, a round more")
    parser.add_argument(
        "--best", action="store_true", help="no find: the entry of the fewest repeats"
    )
    parser.add_argument(
        "--polish", action="store_true", help="start from the stored best schedule (with --best)"
    )
    args = parser.parse_args()
    try:
        n, rounds = (int(v) for v in args.field.lower().split("x"))
        first, last = (int(v) for v in args.seeds.split(":"))
    except ValueError:
        sys.exit(f"bad field {args.field!r} or seeds {args.seeds!r}: e.g. 41x10 --seeds 10:30")
    seeds = range(first, last)
    while (
        hunt(n, rounds, args.odd, args.effort, seeds, args.best, args.polish) is not None
        and args.more
    ):
        rounds += 1


if __name__ == "__main__":
    main()
