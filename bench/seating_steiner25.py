"""Whether a Steiner system S(2, 4, 25) splits into 25 x 8 with a bye a round: 16 of the 18 do not.

Run: ``.venv/bin/python bench/seating_steiner25.py`` checks the 16 designs
stored below (a few seconds); ``--find ORDER FIXED --seeds 0:60 [--nodes
3000]`` looks for designs that a permutation of that order with FIXED
fixed points maps to themselves.  ``--find`` and the orders of the
automorphism groups need pynauty, which Cuori does not depend on
(``.venv/bin/pip install pynauty``); without it the check still runs, less
the group orders.

Why it matters (``bench/seating_cpsat.py``): 25 players over 8 rounds with
a bye a round (six tables of 4) is the most rounds 25 players can have
without a repeat, and a repeat-free schedule would seat every pair once
but 12 pairs of the 8 players on a bye, a cubic graph on them.  When that
graph is two K4s, the 48 tables and those two blocks are an S(2, 4, 25)
(every pair of the 25 in exactly one block), and the design *splits*: it
has two disjoint blocks whose 48 others fall into 8 near-parallel classes
(six disjoint blocks, every point but one), each missing another point of
the two blocks.  The stored schedule has 9 repeated pairs, the bound 0.

Spence classified the S(2, 4, 25) designs (E. Spence, "A complete
classification of Steiner systems S2(2, 4, 25)", J. Combin. Des. 4, 1996;
the groups' orders as V. Krcadinac's page on Steiner 2-designs lists
them, web.math.pmf.unizg.hr/~krcko/results/steiner.html): there are 18,
with full automorphism groups of order 504, 150, 63 and 21 (one each), 9
(three), 6 (one), 3 (eight) and 1 (two).  So sixteen have an automorphism
of order 3, and it fixes 1 or 4 points: the block through two fixed points
is fixed, and an element of order 3 that fixes two of its points fixes all
four, so the fixed points form a sub-S(2, 4, f), and f is 1 mod 3 and at
most 8.  ``--find`` lists designs fixed by such a permutation (Kramer and
Mesner's method: orbits of blocks that cover the orbits of pairs once, an
exact cover by ``bench/exact_cover.py`` with the options in an order
shuffled by the seed and a limit on its steps) and tells them apart by the
canonical form of their incidence graph (pynauty).  The 16 stored below
were found by an earlier copy of this search (300 seeds with 1 fixed
point found 13 of them; 300 with 4 fixed points, the other 3).  This
copy, seeds 0 to 60 at 3,000 steps (3 to 4 s a seed without a design):
with 1 fixed point 10 designs (groups of order 504, 150, 63, 9, 6 and
five of 3), with 4 fixed points 4 (21, 9, 3 and 3).  They are
pairwise non-isomorphic, and their groups' orders are Spence's, one by
one.  The two designs with a trivial group cannot be found this way, and
were not found otherwise in this session's time.  Re-decomposing holes
into blocks (the blocks meeting a random set of 9 to 14 points in two or
more; about 80 tries, many cut short by the step limit) gave only known
designs.  A search for a whole design (the 8 blocks through one point
fixed; 3 restarts of 2 x 10^7 steps) found none.

The check (``splits``) first finds every near-parallel class of each
design (an exact cover of the 24 points but one by the blocks missing
it).  Then, for every pair of disjoint blocks, it asks whether 8 of those
classes, one missing each of the 8 points of the two, cover the other 48
blocks once (an exact cover again).  Only 2 of the 16 designs have
near-parallel classes missing 8 or more points (those whose groups have
order 150, with one class missing each point, and 6, with classes
missing 9), and none of the 16 splits.  The control is a schedule that
does split: the stored 25 x 8 schedule's 48 tables, with its 8 players
on a bye as two blocks (not a design, since it repeats pairs).  It
splits as its rounds do.  So if a repeat-free 25 x 8 with a bye a round
exists, it is one of the two rigid designs less two blocks, or it leaves
a connected cubic graph on the players on a bye (there are five on 8
vertices): a packing that no Steiner system completes.  Both cases are
open.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from exact_cover import exact_covers  # noqa: E402 (bench/exact_cover.py)

V = 25  # points
LETTERS = "abcdefghijklmnopqrstuvwxy"  # point i is LETTERS[i]

Block = tuple[int, ...]


def permutation(order: int, fixed: int) -> list[int]:
    """Points 0 .. fixed-1 fixed, the others in cycles of ``order``."""
    image = list(range(V))
    for start in range(fixed, V, order):
        for j in range(order):
            image[start + j] = start + (j + 1) % order
    return image


def orbit(image: list[int], block: Block) -> list[Block]:
    """The images of ``block`` under the powers of the permutation."""
    out = [tuple(sorted(block))]
    while (nxt := tuple(sorted(image[x] for x in out[-1]))) != out[0]:
        out.append(nxt)
    return out


def invariant_design(order: int, fixed: int, seed: int, nodes: int) -> list[Block] | None:
    """One S(2, 4, 25) that ``permutation(order, fixed)`` maps to itself
    (its 50 blocks, sorted), or None within ``nodes``: the block orbits
    whose blocks share no pair cover the pair orbits once."""
    image = permutation(order, fixed)
    pair_orbit = {}
    for pair in itertools.combinations(range(V), 2):
        if pair not in pair_orbit:
            for p in (o := orbit(image, pair)):
                pair_orbit[p] = o[0]
    rows: dict[Block, list[Block]] = {}
    seen: set[Block] = set()
    for block in itertools.combinations(range(V), 4):
        if block in seen:
            continue
        blocks = orbit(image, block)
        seen.update(blocks)
        pairs = [p for b in blocks for p in itertools.combinations(b, 2)]
        if len(set(pairs)) == len(pairs):
            rows[blocks[0]] = sorted({pair_orbit[p] for p in pairs})
    for cover, _ in exact_covers(rows, seed, nodes):
        return sorted({b for rep in cover for b in orbit(image, rep)})
    return None


def is_steiner(blocks: list[Block]) -> bool:
    """Every pair of the 25 points in exactly one of the 4-point blocks."""
    pairs = [p for b in blocks for p in itertools.combinations(sorted(b), 2)]
    return all(len(b) == 4 for b in blocks) and sorted(pairs) == list(
        itertools.combinations(range(V), 2)
    )


def near_parallel_classes(blocks: list[Block]) -> list[tuple[int, frozenset[int]]]:
    """Every (point, set of 6 block indices): disjoint blocks covering all
    the points but that one."""
    found = []
    for point in range(V):
        rows = {i: list(b) for i, b in enumerate(blocks) if point not in b}
        found += [(point, frozenset(cover)) for cover, _ in exact_covers(rows)]
    return found


def splits(
    blocks: list[Block], classes: list[tuple[int, frozenset[int]]] | None = None
) -> Iterator[tuple[int, int, list]]:
    """Each (i, j, classes): blocks i and j disjoint, and 8 near-parallel
    classes, one missing each of their 8 points, covering the other
    blocks once (the first such cover per pair).  classes: the design's
    ``near_parallel_classes`` when already found."""
    if classes is None:
        classes = near_parallel_classes(blocks)
    sets = [frozenset(b) for b in blocks]
    for i, j in itertools.combinations(range(len(blocks)), 2):
        if sets[i] & sets[j]:
            continue
        missing = sets[i] | sets[j]
        rows = {
            k: [("point", p)] + [("block", b) for b in c]
            for k, (p, c) in enumerate(classes)
            if p in missing and i not in c and j not in c
        }
        needed = {("point", p) for p in missing} | {
            ("block", b) for b in range(len(blocks)) if b not in (i, j)
        }
        if needed - {c for cols in rows.values() for c in cols}:
            continue
        for cover, _ in exact_covers(rows):
            yield i, j, [classes[k] for k in cover]
            break


def encode(blocks: list[Block]) -> str:
    return " ".join("".join(LETTERS[x] for x in sorted(b)) for b in sorted(blocks))


def decode(text: str) -> list[Block]:
    return [tuple(LETTERS.index(c) for c in word) for word in text.split()]


def automorphisms(blocks: list[Block]) -> tuple[bytes, int] | None:
    """(canonical certificate, order of the automorphism group) of the
    design's incidence graph, or None without pynauty."""
    try:
        import pynauty
    except ImportError:
        return None
    n = V + len(blocks)
    adjacency: dict[int, list[int]] = {i: [] for i in range(n)}
    for j, b in enumerate(blocks):
        for x in b:
            adjacency[x].append(V + j)
    graph = pynauty.Graph(
        n, adjacency_dict=adjacency, vertex_coloring=[set(range(V)), set(range(V, n))]
    )
    return pynauty.certificate(graph), round(pynauty.autgrp(graph)[1])


#: The 16 S(2, 4, 25) designs with an automorphism of order 3, as found
#: by ``--find`` (points a to y, a block per word), by the order of their
#: automorphism group.
DESIGNS: dict[str, str] = {
    "504": (
        "abqy acrw adsx aemv afkt aglu ahij anop bcfo bden bgmw bhlp birx bjtv bksu cdgp "
        "cekx chtu cimn cjsy clqv dfly dhqw diuv djko dmrt efiq eghs ejpw elot eruy fgjr "
        "fhnx fmpu fsvw gioy gknv gqtx hkmy horv iklw ipst jlmx jnqu kpqr lnrs moqs ntwy "
        "ouwx pvxy"
    ),
    "150": (
        "abqu acrv adst aemn afko aglp ahij awxy bcjx bdiw behl bftv bgmo bkrs bnpy cdhy "
        "cekp cfim cgtu clqs cnow deuv dfln dgjk dmqr dopx efsx egrw eioq ejty fgqy fhuw "
        "fjpr ghns givx hkqx hmpv hort iknt ilry ipsu jlou jmsw jnqv klvw kmuy lmtx nrux "
        "osvy pqtw"
    ),
    "63": (
        "abcd aeln afmo agkp ahvy aitw ajux aqrs beox bfpy bgnw bhij bkru blsv bmqt ceik "
        "cfjl cghm cnry cosw cpqx ctuv dehq dfir dgjs dkov dlpt dmnu dwxy efst egrv ejmy "
        "epuw fgqu fhkw fnvx gilx goty hlou hnps hrtx impv inoq isuy jknt jopr jqvw klqy "
        "kmsx lmrw"
    ),
    "21": (
        "abcd aeot afpu agnv ahly aimw ajkx aqrs bejq bfhr bgis bkvw bltx bmuy bnop ceip "
        "cfjn cgho cklm cquw crvx csty dehm dfik dgjl dnry dosw dpqx dtuv efvy egux ekns "
        "elrw fgtw floq fmsx gkqy gmpr hiqv hjsu hkpt hnwx ijrt ilnu ioxy jmov jpwy koru "
        "lpsv mnqt"
    ),
    "9a": (
        "abcd aekp afln agmo ahru aisv ajqt awxy befg bhlt bimu bjkv bnqx bory bpsw cemq "
        "cfkr cgls chnw ciox cjpy ctuv deuw dfvx dgty dhko dilp djmn dqrs ehjs einy elov "
        "ertx fhiq fjow fmpt fsuy ghpx gijr gknu gqvw hmvy iktw jlux klqy kmsx lmrw nost "
        "nprv opqu"
    ),
    "9b": (
        "abmr acks adlq aefg ahox aipy ajnw atuv bcfn bdep bgjt bhis bkov blwy bqux cdgo "
        "cehu cijq clpt cmwx crvy dfiv dhjr dkxy dmnu dstw eiow ejkl emty enqv ersx fhlm "
        "fjpx fkuw fort fqsy ghny gikm glvx gpsu gqrw hkqt hpvw ilru intx jmsv jouy knpr "
        "lnos mopq"
    ),
    "9c": (
        "absv acqt adru aehn afio agjp aklm awxy bcnw bdpy bemo bfgt bhjr bilx bkqu cdox "
        "cegu cfkp chis cjmy clrv defv dgln dhkw dijq dmst eipw ejls ektx eqry fhmq fjnx "
        "fluy frsw ghoy gikr gmvw gqsx hlpt huvx imnu itvy jkov jtuw knsy loqw mprx nort "
        "npqv opsu"
    ),
    "6": (
        "abnr acos adpq aemv afkt aglu ahij awxy bcfi bdeh bgmt bjps bkvw bloy bqux cdgj "
        "ceku chnq cltx cmpw crvy dflv dior dknx dmuy dstw efjw egiy elqs enot eprx fghx "
        "fmqr fnsy fopu gkrs gnpv goqw hkmo hlrw hpty hsuv iklp imsx inuw iqtv jkqy jlmn "
        "jovx jrtu"
    ),
    "3a": (
        "abmn acko adlp aeqt afru agsv ahij awxy bcsx bdrw bepy bfgh bitu bjkl boqv cdqy "
        "cegi cfnw chlm cjuv cprt defj dgox dhtv dikm dnsu ehnx ekvw elou emrs fioy fkqs "
        "fltx fmpv gjpw gknt glqr gmuy hkry hops hquw ilsw inpq irvx jmqx jnor jsty kpux "
        "lnvy motw"
    ),
    "3b": (
        "abkt aclu admv aehy afiw agjx anop aqrs bcev bdgu bflq bhmn bipy bjos brwx cdft "
        "cgmr chpq ciko cjnw csxy deks dhox dinr djlp dqwy efpr egoq eijt elnx emuw fgns "
        "fhju fkvx fmoy ghiv gkpw glty hklr hstw ilms iqux jkmq jrvy knuy lovw mptx nqtv "
        "ortu psuv"
    ),
    "3c": (
        "abcd aemt afku aglv ahsx aiqy ajrw anop bepy bfnw bgox bhmr biks bjlq btuv ceiw "
        "cfjx cghy cklm cnrt cosu cpqv deko dflp dgmn dhqt diru djsv dwxy efhv egju elrx "
        "enqs fgit fmsy foqr gkqw gprs hilo hjkn hpuw ijmp invx joty kptx krvy lnuy lstw "
        "movw mqux"
    ),
    "3d": (
        "abcd aept afnu agov ahry aisw ajqx aklm bejy bfhw bgix bkqt blru bmsv bnop cemx "
        "cfky cglw chns cioq cjpr ctuv dekn dflo dgmp dhqv dirt djsu dwxy efiv eghu elqs "
        "eorw fgjt fmqr fpsx gkrs gnqy hikp hjmo hltx ijln imuy jkvw koux lpvy mntw nrvx "
        "osty pquw"
    ),
    "3e": (
        "abei acfj adgh akqy alrw amsx anop atuv bcks bdmr bftw bgjo bhlv bnqu bpxy cdlq "
        "cehp cgux cimt cnwy corv devy dfin djku dowx dpst efrx egqw ejnt ekmo elsu fgsy "
        "fhou fklp fmqv gipv gkrt glmn hikw hjmy hnrs hqtx ijlx ioqs iruy jpqr jsvw knvx "
        "loty mpuw"
    ),
    "3f": (
        "abjy achw adix aert afsu agqv aklm anop bcft bdev bgmo bhpx bilu bksw bnqr cdgu "
        "cekp ciny cjmv clqx cors dfln dhkt djow dmry dpqs efio eghn ejls emux eqwy fgjp "
        "fhmq fkvy frwx gikr gltw gsxy hisv hjru hloy ijqt impw jknx koqu lprv mnst nuvw "
        "otvx ptuy"
    ),
    "3g": (
        "abkn aclo admp aejr afhs agiq atuv awxy bcfv bdeu bghj bimx blpy bost bqrw cdgt "
        "cehi cjky cmnw cpqu crsx dfij dhlw dkox dnrv dqsy efpw egoy ekms elnt eqvx fgnx "
        "fklq fmou frty gkpv glmr gsuw hkru hmvy hnoq hptx iktw ilsv inuy iopr jlux jmqt "
        "jnps jovw"
    ),
    "3h": (
        "abtw acux advy aeor afps agnq ahij aklm bcjs bdir belq bfhy bgmo bknx bpuv cdhq "
        "cekp cfmr cgiw cloy cntv dejx dfln dgks dmpw dotu efiv eghu emst enwy fgjt fkqu "
        "fowx glrv gpxy hkrw hlpt hmvx hnos ikty ilsx imnu iopq jkov jluw jmqy jnpr qrtx "
        "qsvw rsuy"
    ),
}


def check() -> None:
    certificates = set()
    orders = []
    started = time.perf_counter()
    for name, text in DESIGNS.items():
        blocks = decode(text)
        if not is_steiner(blocks):
            sys.exit(f"{name}: not an S(2, 4, 25)")
        classes = near_parallel_classes(blocks)
        found = next(splits(blocks, classes), None)
        aut = automorphisms(blocks)
        if aut:
            certificates.add(aut[0])
            orders.append(aut[1])
        print(
            f"{name}: |Aut| {aut[1] if aut else '?'}, {len(classes)} near-parallel classes,"
            f" points missed: {len({p for p, _ in classes})}; "
            + ("SPLITS " + repr(found) if found else "does not split"),
            flush=True,
        )
    if certificates:
        print(f"{len(certificates)} non-isomorphic; group orders {sorted(orders, reverse=True)}")
    from tournaments import seating_designs

    schedule = seating_designs.best_schedule(25, 8, (4,) * 6, 1)
    tables = [tuple(sorted(t)) for r in schedule for t in r]
    byes = [next(p for p in range(V) if all(p not in t for t in r)) for r in schedule]
    control = sorted(tables + [tuple(sorted(byes[:4])), tuple(sorted(byes[4:]))])
    print(
        "control, the stored 25 x 8 schedule with its byes as two blocks: "
        + ("splits" if next(splits(control), None) else "DOES NOT SPLIT (the check is wrong)")
    )
    print(f"{time.perf_counter() - started:.1f} s")


def find(order: int, fixed: int, seeds: range, nodes: int) -> None:
    seen: dict[bytes, int] = {}
    for seed in seeds:
        started = time.perf_counter()
        blocks = invariant_design(order, fixed, seed, nodes)
        took = time.perf_counter() - started
        if blocks is None:
            print(f"seed {seed}: none within {nodes} nodes ({took:.1f} s)", flush=True)
            continue
        aut = automorphisms(blocks)
        if aut is None:
            sys.exit("--find needs pynauty: .venv/bin/pip install pynauty")
        if aut[0] in seen:
            print(f"seed {seed}: |Aut| {aut[1]}, seen ({took:.1f} s)", flush=True)
            continue
        seen[aut[0]] = aut[1]
        print(f"seed {seed}: |Aut| {aut[1]}, new: {encode(blocks)}", flush=True)
    print(f"{len(seen)} designs, group orders {sorted(seen.values(), reverse=True)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--find", nargs=2, type=int, metavar=("ORDER", "FIXED"))
    parser.add_argument("--seeds", default="0:300", help="first:last (last not included)")
    parser.add_argument("--nodes", type=int, default=3000)
    args = parser.parse_args()
    if not args.find:
        check()
        return
    try:
        first, last = (int(v) for v in args.seeds.split(":"))
    except ValueError:
        sys.exit(f"bad seeds {args.seeds!r}: e.g. --seeds 0:300")
    find(*args.find, range(first, last), args.nodes)


if __name__ == "__main__":
    main()
