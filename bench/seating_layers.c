/* Representative tables of a resolvable 4-GDD of type 3^(m + 1) fixed by
 * turning the layers (the form of bench/seating_layers.py), found by a tabu
 * search where the exact cover takes too long (m = 23 and up).
 *
 * The unknowns: which x of Z_m sits in each slot of the representative
 * tables, and each slot's layer.  The fixed table {oo_0, (a, 0), (b, 1),
 * (c, 2)} has three slots with layers 0, 1, 2; each of the (m - 3) / 4
 * other tables four slots, the first in layer 0 (turning the layers maps
 * any table to one of that kind).  Every x fills exactly one slot.  A pair
 * of slots in one table covers a pure difference class +-(y - x) (same
 * layer) or a mixed difference y - x (layer l to l + 1); the cost counts
 * the classes covered other than once (mixed 0 must never be).  A step
 * makes the best move, not tabu, among the swaps of a slot of a wrongly
 * covered pair with any slot of another table and the changes of its
 * layer; after a stall, a few random swaps.
 *
 * With a multiplier u (0: none), a unit of order 3 mod m, the base round
 * is fixed by (x, l) -> (u x, l + 1): a slot then holds the point u^l o of
 * its layer l for its value o, and the differences are turned back to
 * layer 0 by u^-l.  For m = 3 (mod 4) that is the layered form with more
 * symmetry (the fixed table as before, with its points u^l o); for m even
 * (needed there) the form of type 2^u of seating_layers.py --groups 2: two
 * fixed players each at a table {oo_i, (a, 0), (u a, 1), (u^2 a, 2)} (one
 * slot, whose pair is the mixed difference (u - 1) a), the pure difference
 * m / 2 the groups' and mixed 0 allowed.
 *
 * With a temperature T > 0 (the last argument), simulated annealing
 * replaces the tabu search: each step a random swap of two slots' values
 * (different tables) or, one time in four, a random change of a slot's
 * layer, half the time at a slot of a wrongly covered pair, kept when it
 * does not raise the cost or else with probability exp(-rise / T).
 *
 * Usage: seating_layers m seed steps [u [T]]
 * Prints "FOUND a b c | p p p p | ..." (players layer * m + x, the form of
 * seating_designs.LAYERED_BASES; with u, "FOUND u: a b c | ..", the fixed
 * table's points of each layer), for m even "FOUND u: a0 a1 | p p p p |
 * ..." (seating_designs.PAIRED_BASES), or "NONE <best cost>" (annealing:
 * the last cost).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix64.h"

static int m, nslots, ntables, u = 0, nfixed; /* u: multiplier (0: none) */
static int paired;                             /* the form of type 2^u (m even) */
static int upow[3], uinv[3];                   /* u^l and u^-l mod m (1 without u) */
static int *x, *layer, *table, *first; /* per slot; first: slot opens its table */
static int *start;                      /* per table: its first slot; tables are consecutive */
static int *count, nclasses;

static int point(int i) { return (int)((long long)upow[layer[i]] * x[i] % m); }
static int mod(long long v) { return (int)(((v % m) + m) % m); }

/* class of the pair of slots i, j (same table): 0 .. m/2 pure, then m + d mixed,
 * turned back to layer 0 */
static int class_of(int i, int j) {
    int a = point(i), b = point(j), la = layer[i], lb = layer[j];
    if (la == lb) {
        int d = mod((long long)(b - a) * uinv[la]);
        return d < m - d ? d : m - d;
    }
    if ((lb - la + 3) % 3 == 1) return m + mod((long long)(b - a) * uinv[la]);
    return m + mod((long long)(a - b) * uinv[lb]);
}

static int target(int c) {
    if (c < m) return c >= 1 && 2 * c < m; /* pure classes below m / 2 (m / 2: the groups) */
    return paired ? 1 : c != m;            /* layered: mixed 0 would join a group */
}

static int wrong(int c, int v) { return v > target(c) ? v - target(c) : target(c) - v; }

static void table_pairs(int t, int change, int *cost) {
    int s = start[t], e = start[t + 1];
    if (e - s == 1) { /* a fixed player's table in the paired form: {oo, a, u a, u^2 a} */
        int c = m + mod((long long)(u - 1) * x[s]);
        *cost -= wrong(c, count[c]);
        count[c] += change;
        *cost += wrong(c, count[c]);
        return;
    }
    for (int i = s; i < e; i++)
        for (int j = i + 1; j < e; j++) {
            int c = class_of(i, j);
            *cost -= wrong(c, count[c]);
            count[c] += change;
            *cost += wrong(c, count[c]);
        }
}

static int swap_x(int i, int j, int *cost) { /* swaps, returns the cost change */
    int before = *cost, ti = table[i], tj = table[j];
    table_pairs(ti, -1, cost);
    if (tj != ti) table_pairs(tj, -1, cost);
    int t = x[i];
    x[i] = x[j];
    x[j] = t;
    table_pairs(ti, +1, cost);
    if (tj != ti) table_pairs(tj, +1, cost);
    return *cost - before;
}

static int set_layer(int i, int l, int *cost) {
    int before = *cost;
    table_pairs(table[i], -1, cost);
    layer[i] = l;
    table_pairs(table[i], +1, cost);
    return *cost - before;
}

/* the slots in a wrongly covered pair, into out; returns how many */
static int bad_slots(int *out) {
    int nb = 0;
    for (int t = 0; t < ntables; t++) {
        if (start[t + 1] - start[t] == 1) { /* a fixed player's table (paired form) */
            int i = start[t], c = m + mod((long long)(u - 1) * x[i]);
            if (count[c] != target(c)) out[nb++] = i;
            continue;
        }
        for (int i = start[t]; i < start[t + 1]; i++)
            for (int j = start[t]; j < start[t + 1]; j++) {
                if (i == j) continue;
                int c = class_of(i, j);
                if (count[c] != target(c)) {
                    out[nb++] = i;
                    break;
                }
            }
    }
    return nb;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s m seed steps [u [T]]\n", argv[0]);
        return 2;
    }
    m = atoi(argv[1]);
    state = strtoull(argv[2], NULL, 10);
    long long steps = atoll(argv[3]);
    if (argc > 4) u = atoi(argv[4]);
    double anneal = argc > 5 ? atof(argv[5]) : 0; /* temperature: anneal instead */
    paired = m % 2 == 0;
    if (paired ? (m % 4 != 2 || !u) : (m % 4 != 3 || m < 7)) {
        fprintf(stderr, "layered: m = 3 (mod 4), at least 7; paired: m = 2 (mod 4), with u\n");
        return 2;
    }
    if (u && (u % m == 1 || (long long)u * u % m * u % m != 1)) {
        fprintf(stderr, "u must have order 3 mod m\n");
        return 2;
    }
    upow[0] = uinv[0] = 1;
    upow[1] = u ? u % m : 1;
    upow[2] = (int)((long long)upow[1] * upow[1] % m);
    uinv[1] = upow[2]; /* u^3 = 1 */
    uinv[2] = upow[1];
    nfixed = paired ? 2 : 3; /* slots of the fixed players' tables */
    nslots = m;
    ntables = (paired ? 2 : 1) + (m - nfixed) / 4;
    x = malloc(sizeof(int) * nslots);
    layer = malloc(sizeof(int) * nslots);
    table = malloc(sizeof(int) * nslots);
    first = calloc(nslots, sizeof(int));
    start = malloc(sizeof(int) * (ntables + 1));
    nclasses = 2 * m;
    count = calloc(nclasses, sizeof(int));
    for (int i = 0; i < nslots; i++) x[i] = i;
    for (int i = nslots - 1; i > 0; i--) {
        int j = below(i + 1), t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
    int open = paired ? 2 : 1; /* the fixed players' tables come first */
    for (int i = 0; i < nfixed; i++) {
        table[i] = paired ? i : 0;
        layer[i] = paired ? 0 : i;
        first[i] = 1; /* their layers are fixed */
    }
    for (int t = 0; t < open; t++) start[t] = paired ? t : 0;
    for (int t = open; t < ntables; t++) {
        start[t] = nfixed + 4 * (t - open);
        for (int k = 0; k < 4; k++) {
            int i = start[t] + k;
            table[i] = t;
            layer[i] = k ? below(3) : 0;
            first[i] = k == 0;
        }
    }
    start[ntables] = nslots;
    int cost = 0;
    for (int c = 0; c < nclasses; c++) cost += wrong(c, 0);
    for (int t = 0; t < ntables; t++) table_pairs(t, +1, &cost);
    if (anneal > 0) { /* simulated annealing instead of the tabu search */
        double temp = anneal;
        int *focus = malloc(sizeof(int) * nslots);
        for (long long it = 1; it <= steps && cost > 0; it++) {
            int i = below(nslots), d, j = -1, old = -1;
            if (below(2) == 0) { /* half the time, a slot of a wrongly covered pair */
                int nb = bad_slots(focus);
                if (nb) i = focus[below(nb)];
            }
            if (!first[i] && below(4) == 0) {
                old = layer[i];
                int l = (old + 1 + below(2)) % 3;
                d = set_layer(i, l, &cost);
            } else {
                j = below(nslots);
                if (table[j] == table[i]) continue;
                d = swap_x(i, j, &cost);
            }
            if (d > 0 && (double)(next64() >> 11) / 9007199254740992.0 >= exp(-d / temp)) {
                if (j >= 0)
                    swap_x(i, j, &cost);
                else
                    set_layer(i, old, &cost);
            }
        }
        if (cost > 0) {
            printf("NONE %d\n", cost);
            return 1;
        }
    }
    int best = cost, since = 0;
    long long *tabu = calloc((size_t)nslots * m, sizeof(long long)); /* slot, value */
    int *bad = malloc(sizeof(int) * nslots);
    for (long long it = 1; it <= steps && cost > 0; it++) {
        int nb = bad_slots(bad);
        if (!nb) break; /* only uncovered classes left: cannot happen with cost > 0 */
        int bestd = 1 << 30, bi = -1, bj = -1, bl = -1, ties = 0;
        for (int k = 0; k < nb; k++) {
            int i = bad[k];
            for (int j = 0; j < nslots; j++) {
                if (table[j] == table[i]) continue;
                int d = swap_x(i, j, &cost);
                swap_x(i, j, &cost);
                int is_tabu = tabu[(size_t)i * m + x[j]] > it || tabu[(size_t)j * m + x[i]] > it;
                if (is_tabu && cost + d >= best) continue;
                if (d < bestd || (d == bestd && below(++ties + 1) == 0)) {
                    if (d < bestd) ties = 0;
                    bestd = d, bi = i, bj = j, bl = -1;
                }
            }
            if (first[i]) continue;
            for (int l = 0; l < 3; l++) {
                if (l == layer[i]) continue;
                int old = layer[i];
                int d = set_layer(i, l, &cost);
                set_layer(i, old, &cost);
                if (d < bestd) bestd = d, bi = i, bj = -1, bl = l, ties = 0;
            }
        }
        if (bi < 0) continue;
        if (bl >= 0) {
            set_layer(bi, bl, &cost);
        } else {
            int xi = x[bi], xj = x[bj];
            swap_x(bi, bj, &cost);
            int tenure = 3 + below(8);
            tabu[(size_t)bi * m + xi] = it + tenure;
            tabu[(size_t)bj * m + xj] = it + tenure;
        }
        if (cost < best) {
            best = cost;
            since = 0;
        } else if (++since > 50 * m) {
            for (int k = 0; k < 2 + below(3); k++) {
                int i = below(nslots), j = below(nslots);
                if (table[i] != table[j]) swap_x(i, j, &cost);
            }
            best = cost;
            since = 0;
        }
    }
    if (cost > 0) {
        printf("NONE %d\n", best);
        return 1;
    }
    /* the fixed tables' x (a b c, one per layer, or u: a0 a1 of layer 0; with u,
     * "u: " first), then the others as layer * m + x */
    printf("FOUND");
    if (u) printf(" %d:", u);
    for (int i = 0; i < nfixed; i++) printf(" %d", point(i));
    for (int t = open; t < ntables; t++) {
        printf(" |");
        for (int i = start[t]; i < start[t + 1]; i++) printf(" %d", layer[i] * m + point(i));
    }
    printf("\n");
    return 0;
}
