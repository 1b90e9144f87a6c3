"""4-frames of type g^u developed over Z_N, found by simulated annealing.

Run: ``.venv/bin/python bench/seating_orbit_frames.py G^U --modulus N
--shift S [--seed 1] [--steps 50000000] [--temperature 0.3]``.  It compiles
``bench/seating_orbit_frames.c`` into ``var/`` with gcc, runs it, and prints
the cost reached and, at cost 0, the entry for
``seating_designs.ORBIT_FRAME_BASES``.  The same seed, steps and
temperature give the same tables.

The form (``seating_designs.frame_rounds``): players (x, l), x in Z_N and
L = g u / N layers, numbered l N + x, in group x mod u (u divides S, S
divides N).  A base round is its representative tables, each moved by S,
2S, .., N - S; round s < S of it adds s to every x and leaves group
s mod u out; g u / (3S) base rounds give each group its g / 3 rounds.  It
is a 4-frame (Rees and Stinson, "Frames with block size four", Canad. J.
Math. 44, 1992) when (a) the representative tables hold each orbit of
x -> x + S outside group 0 once (each base round seats everybody but
group 0) and (b) each class (l, l', y - x mod N), y - x not a multiple of
u, arises once within a representative table (two players of different
groups meet exactly once: the difference method).  With S = N it is the
form of ``seating_designs.FRAME_BASES`` (``bench/seating_frames.py``).

Made m times by a transversal design, with 2 or 3 more players a group
seated by a known design, these give complete designs
(``seating_designs.framed_rounds``): 3^13 and 3^17 made 7 times, their
groups of 21 and 3 more by type 3^8, 276 x 91 and 360 x 119; 9^5 made 5
times, groups of 45 and 3 more by type 3^16, 228 x 75; 6^9 made 7 times,
groups of 42 and 2 more by type 2^22, 380 x 126.  Type 3^m needs no
search at all: the resolvable (3m + 1, 4, 1) design less one player is
one (``seating_designs.frame_rounds``; the stored 3^5 to 3^17 came
first, and are kept so that the plans made from them stay as they
were).  A table of 4 players made 3m times by TD(4, 3m), with 3^m on
each group, is a complete design on 12m players
(``seating_designs.frame_product_rounds``): 3^21 gives 252 x 83 and 3^33
396 x 131.  Annealed, 3^21 over Z_63 with S = 21 is found in 11,497,817
steps; 3^33 over Z_99 with S = 33 stopped at cost 1 or 2 in 14 runs
(seeds 1 to 13, T 0.2 to 0.6, 50 to 200 million steps) and over Z_33 at 7.  A group of 6 and 2 more
cannot be seated (8 players have no two rounds without a repeat), nor one
of 9 and 3 more (12 players, three rounds), so the frames are made m times
first.

Found on this machine (50,000,000 steps at most, seed 1), each in seconds:

    3^13  --modulus 39 --shift 13 --temperature 0.3   693,963 steps
    3^17  --modulus 51 --shift 17 --temperature 0.3   696,763 steps
    6^9   --modulus 54 --shift 18 --temperature 0.8   24,486,840 steps
    9^5   --modulus 15 --shift 5 --temperature 0.3    18,205,894 steps

Found nothing, the least cost reached in brackets (50,000,000 steps a run,
about 15 s, T from 0.2 to 0.6, seeds as given): 6^7 over Z_21 with S = 7
(1 in every one of 21 runs, seeds 1 to 6 and 101 to 103, six of them of
300,000,000 steps; CP-SAT gave no answer in 600 s: neither a frame nor a
proof), over Z_14 with S = 14 (2) and over Z_7 (the ``FRAME_BASES`` form:
6); 6^11 over Z_33 with S = 11 (1 in 7 of 46 runs, seeds 1 to 3 and 61 to
74), over Z_22 with S = 22 (4) and over Z_11 (10); 42^7 over Z_147 with
S = 49 and 30^11 over Z_165 with S = 55 (10 to 12 after 200,000,000
steps).  6^7 would give 296 x 98 (made 7 times) and 6^11 332 x 110 (made 5
times).  With more symmetry (a throwaway exhaustive orbit search, as
``bench/seating_layers.py --nine`` found 132 x 43): 6^7 over Z_21 and 6^11
over Z_33 (two layers, S = u) with the base rounds fixed by x -> v x too,
for every unit v: none, each settled in seconds; 6^7 over Z_7 (the
``FRAME_BASES`` form) with each base round fixed by (group i, place j) ->
(v i, p(j)), p of cycle type 3 + 3, 2 + 2 + 2, 6, 3 or 2 and every v (or
two such maps of order 3): none where the search ended (most, in seconds),
no answer in 2,000,000 tables for the others.

Type 6^u over Z_6u with S = 2u exists only for u = 1 (mod 4).  Count the
odd players: the representative tables hold u - 1 of each parity (the
residues mod 2u but 0 and u).  A table with e even players has 2e(4 - e)
odd differences (0, 6, 8, 6, 0 for e = 0 .. 4), and (b) asks for 3(u - 1)
(Z_6u has 3u odd elements, of which u, 3u and 5u are multiples of u).
With a_e tables of e even players, 6(a_1 + a_3) + 8a_2 = 3(u - 1) and the
tables number (u - 1) / 2, so a_2 = 3c and a_0 + a_4 = c; the even
players, a_1 + 2a_2 + 3a_3 + 4a_4 = u - 1, then give
2(a_3 + c + 2a_4) = (u - 1) / 2, odd when u = 3 (mod 4).  An exhaustive
search agrees for u = 5 and 7 (none).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from c_tools import compiled  # bench/c_tools.py


def search(
    g: int, u: int, modulus: int, shift: int, seed: int, steps: int, temperature: float
) -> tuple[str, list[str]]:
    """Run the annealing: (its summary line, the base rounds' lines, [] unless
    cost 0).  Raises ValueError when the form does not fit g^u."""
    layers, rest = divmod(g * u, modulus)
    bases, left = divmod(g * u, 3 * shift)
    if rest or left or shift % u or modulus % shift or g % 3:
        raise ValueError(f"{g}^{u} does not fit Z_{modulus} with shift {shift}")
    binary = compiled("seating_orbit_frames")
    arguments = [modulus, layers, u, shift, bases, seed, steps]
    run = subprocess.run(
        [str(binary), *map(str, arguments), str(temperature)], capture_output=True, text=True
    )
    if run.returncode == 2:
        raise ValueError(run.stderr.strip())
    lines = run.stdout.strip().splitlines()
    return lines[0], lines[1:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("type", help="the frame's type, G^U (for example 3^13)")
    parser.add_argument("--modulus", type=int, required=True, help="N")
    parser.add_argument("--shift", type=int, required=True, help="S")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=50_000_000)
    parser.add_argument("--temperature", type=float, default=0.3)
    args = parser.parse_args()
    try:
        g, u = (int(v) for v in args.type.split("^"))
        summary, bases = search(
            g, u, args.modulus, args.shift, args.seed, args.steps, args.temperature
        )
    except ValueError as error:
        print(f"seating_orbit_frames: {error}", file=sys.stderr)
        return 2
    print(f"{g}^{u} over Z_{args.modulus}, shift {args.shift}, seed {args.seed}: {summary}")
    if not bases:
        return 1
    quoted = ", ".join(f'"{line}"' for line in bases)
    print(f"    ({g}, {u}): ({args.modulus}, {args.shift}, ({quoted},)),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
