/* A base round whose development over Z_m seats every pair at most once:
 * a tabu search over the whole base round, no symmetry assumed.
 *
 * Build and run: gcc -O2 -o var/base_round bench/seating_base_round.c;
 * var/base_round m L F seed steps [-z].
 *
 * What it found on this machine: the 1-rotational (3m + 1, 4, 1) designs for
 * m = 5 and 9 (16, 28 players) and the type 3^8 design over Z_7 (24) at
 * once; for 36 (Z_11, 3 fixed points, -z), 40 and 52 (m = 13, 17, one
 * fixed point) and the type 2^22 design for 44 players (m = 14, 2 fixed
 * points) it stalls 1 to 4 pairs short, with breakout weights or without,
 * in minutes.  The forms with a symmetry did better: 40 to 400 players by
 * exact cover of the base rounds fixed by negation
 * (bench/seating_rotational.py), 36 to 72 by those fixed by turning the
 * layers (bench/seating_layers.py and .c), 44, 56 and 80 by those fixed by
 * x -> ux while turning the layers (--groups 2).  Kept for the forms no
 * symmetry covers yet (type 2^u where m has no unit of order 3: 68, 92, ..).
 *
 * Points: m * L cyclic points (x, layer), numbered layer * m + x, and F
 * fixed points numbered m * L .. m * L + F - 1; tables of 4.  Round r of
 * the development moves (x, layer) to (x + r mod m, layer) and keeps the
 * fixed points (the difference method: Handbook of Combinatorial Designs,
 * 2nd ed., VI.16 and VII.5).  A pair of the base round stands for its
 * orbit under Z_m: {(x, i), (y, i)} for the pure difference +-(y - x) of
 * layer i, {(x, i), (y, j)} (i < j) for the mixed difference y - x of the
 * two layers, {oo_f, (x, i)} for the fixed point's meeting with layer i.
 * Every orbit must be covered exactly once, except the excluded ones
 * (never): two fixed points (they would meet every round), the pure
 * difference m / 2 (its pair would meet in rounds r and r + m / 2), and
 * with ``-z`` the mixed difference 0 (the groups {(x, 0), (x, 1), ...} of
 * a group divisible design).  When the orbits to cover are exactly the
 * pairs of one round, a base round covering each once develops into m
 * rounds where nobody meets twice: a 1-rotational resolvable design
 * (L = 3, F = 1: the (3m + 1, 4, 1) design with m rounds), a resolvable
 * 4-GDD of type 3^(m + 1) (L = 3, F = 3, -z) or of type 2^((3m + 2) / 2)
 * (L = 3, F = 2, m even).
 *
 * The search: the cost is the number of base-round pairs beyond their
 * orbit's allowance; a step takes a random point of an over-covered pair
 * and makes its best swap with a point of another table that is not tabu
 * (the point may not go back to a table it left for a few steps unless
 * that beats the best cost), as the seating search does
 * (tournaments/seating_search.py); after a stall, a few random swaps.
 *
 * Usage: seating_base_round m L F seed steps [-z]
 * Prints "FOUND <tables, points separated by spaces, tables by |>" or
 * "NONE <best cost>".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix64.h"

#define K 4

static int m, L, F, n, T, norbits;
static int *orbit;  /* n*n */
static int *target; /* norbits */
static int *count;  /* norbits */
static int *tab;    /* T*K */
static int *where, *slot;
static int *tabu; /* n*T */

static int orbit_of(int u, int v, int exclude_zero, int *forbidden_id) {
    int P = m * L;
    if (u >= P && v >= P) return *forbidden_id;
    if (u >= P || v >= P) {
        int f = u >= P ? u - P : v - P, c = u >= P ? v : u;
        return f * L + c / m;
    }
    int i = u / m, x = u % m, j = v / m, y = v % m;
    int base = F * L;
    if (i == j) {
        int d = ((y - x) % m + m) % m;
        int dd = d < m - d ? d : m - d;
        return base + i * (m / 2 + 1) + dd;
    }
    base += L * (m / 2 + 1);
    if (i > j) {
        int t = i;
        i = j;
        j = t;
        t = x;
        x = y;
        y = t;
    }
    int d = ((y - x) % m + m) % m;
    (void)exclude_zero;
    return base + (i * L + j) * m + d;
}

static int *weight; /* norbits: grows while the orbit stays wrong (breakout) */
static int cost_of_count(int o, int c) { return weight[o] * (c > target[o] ? c - target[o] : target[o] - c); }
static int excess(void) {
    int e = 0;
    for (int o = 0; o < norbits; o++) e += count[o] > target[o] ? count[o] - target[o] : 0;
    return e;
}

static void add_pair(int u, int v, int change, int *cost) {
    int o = orbit[u * n + v];
    *cost -= cost_of_count(o, count[o]);
    count[o] += change;
    *cost += cost_of_count(o, count[o]);
}

static int swap_delta(int u, int v) {
    int a = where[u], b = where[v], cost = 0;
    for (int i = 0; i < K; i++) {
        int x = tab[a * K + i], y = tab[b * K + i];
        if (x != u) {
            add_pair(u, x, -1, &cost);
            add_pair(v, x, +1, &cost);
        }
        if (y != v) {
            add_pair(v, y, -1, &cost);
            add_pair(u, y, +1, &cost);
        }
    }
    /* undo */
    for (int i = 0; i < K; i++) {
        int x = tab[a * K + i], y = tab[b * K + i];
        if (x != u) {
            int o1 = orbit[u * n + x], o2 = orbit[v * n + x];
            count[o1]++;
            count[o2]--;
        }
        if (y != v) {
            int o1 = orbit[v * n + y], o2 = orbit[u * n + y];
            count[o1]++;
            count[o2]--;
        }
    }
    return cost;
}

static void do_swap(int u, int v, int *cost) {
    int a = where[u], b = where[v];
    for (int i = 0; i < K; i++) {
        int x = tab[a * K + i], y = tab[b * K + i];
        if (x != u) {
            add_pair(u, x, -1, cost);
            add_pair(v, x, +1, cost);
        }
        if (y != v) {
            add_pair(v, y, -1, cost);
            add_pair(u, y, +1, cost);
        }
    }
    tab[a * K + slot[u]] = v;
    tab[b * K + slot[v]] = u;
    int s = slot[u];
    slot[u] = slot[v];
    slot[v] = s;
    where[u] = b;
    where[v] = a;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s m L F seed steps [-z]\n", argv[0]);
        return 2;
    }
    m = atoi(argv[1]);
    L = atoi(argv[2]);
    F = atoi(argv[3]);
    state = strtoull(argv[4], NULL, 10);
    long long steps = atoll(argv[5]);
    int exclude_zero = argc > 6 && !strcmp(argv[6], "-z");
    n = m * L + F;
    if (n % K) {
        fprintf(stderr, "%d points do not fill tables of %d\n", n, K);
        return 2;
    }
    T = n / K;
    int forbidden = F * L + L * (m / 2 + 1) + L * L * m;
    norbits = forbidden + 1;
    orbit = malloc(sizeof(int) * n * n);
    target = calloc(norbits, sizeof(int));
    count = calloc(norbits, sizeof(int));
    weight = malloc(sizeof(int) * norbits);
    for (int o = 0; o < norbits; o++) weight[o] = 1;
    for (int u = 0; u < n; u++)
        for (int v = 0; v < n; v++)
            if (u != v) orbit[u * n + v] = orbit_of(u, v, exclude_zero, &forbidden);
    /* allowances: every orbit that occurs once, the excluded ones never */
    for (int f = 0; f < F; f++)
        for (int i = 0; i < L; i++) target[f * L + i] = 1;
    for (int i = 0; i < L; i++)
        for (int dd = 1; dd <= m / 2; dd++)
            target[F * L + i * (m / 2 + 1) + dd] = (m % 2 == 0 && dd == m / 2) ? 0 : 1;
    for (int i = 0; i < L; i++)
        for (int j = i + 1; j < L; j++)
            for (int d = 0; d < m; d++)
                target[F * L + L * (m / 2 + 1) + (i * L + j) * m + d] = (exclude_zero && d == 0) ? 0 : 1;
    int total = 0;
    for (int o = 0; o < norbits; o++) total += target[o];
    if (total != T * K * (K - 1) / 2) {
        printf("NONE shape: %d orbits to cover, %d pairs in a round\n", total, T * K * (K - 1) / 2);
        return 1;
    }
    tab = malloc(sizeof(int) * n);
    where = malloc(sizeof(int) * n);
    slot = malloc(sizeof(int) * n);
    tabu = calloc((size_t)n * T, sizeof(int));
    int *perm = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = below(i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < n; i++) {
        tab[i] = perm[i];
        where[perm[i]] = i / K;
        slot[perm[i]] = i % K;
    }
    int cost = 0;
    for (int o = 0; o < norbits; o++) cost += cost_of_count(o, 0);
    for (int t = 0; t < T; t++)
        for (int i = 0; i < K; i++)
            for (int j = i + 1; j < K; j++) add_pair(tab[t * K + i], tab[t * K + j], +1, &cost);
    int best = cost, since = 0, least = 1 << 30;
    int *bad = malloc(sizeof(int) * n * K);
    int *cands = malloc(sizeof(int) * 2 * n * 6);
    for (long long it = 1; it <= steps && cost > 0; it++) {
        int nb = 0;
        for (int t = 0; t < T; t++)
            for (int i = 0; i < K; i++)
                for (int j = i + 1; j < K; j++) {
                    int u = tab[t * K + i], v = tab[t * K + j], o = orbit[u * n + v];
                    if (count[o] > target[o]) {
                        bad[nb++] = u;
                        bad[nb++] = v;
                    }
                }
        /* the best swap of any point of an over-covered pair (at most 6 drawn) */
        int bestd = 1 << 30, nc = 0;
        int tries = nb < 6 ? nb : 6;
        for (int k = 0; k < tries; k++) {
            int u = bad[below(nb)];
            for (int v = 0; v < n; v++) {
                if (where[v] == where[u]) continue;
                int d = swap_delta(u, v);
                int is_tabu = tabu[u * T + where[v]] > it || tabu[v * T + where[u]] > it;
                if (is_tabu && cost + d >= best) continue;
                if (d < bestd) {
                    bestd = d;
                    nc = 0;
                }
                if (d == bestd) {
                    cands[2 * nc] = u;
                    cands[2 * nc + 1] = v;
                    nc++;
                }
            }
        }
        if (!nc) continue;
        int pick = below(nc), u = cands[2 * pick], v = cands[2 * pick + 1];
        int a = where[u], b = where[v];
        do_swap(u, v, &cost);
        int tenure = 2 + below(10);
        tabu[u * T + a] = (int)it + tenure;
        tabu[v * T + b] = (int)it + tenure;
        if (cost < best) {
            best = cost;
            since = 0;
        } else if (++since > 2 * n) {
            /* breakout: the orbits still wrong weigh more from now on */
            cost = 0;
            for (int o = 0; o < norbits; o++) {
                if (count[o] != target[o]) weight[o]++;
                cost += cost_of_count(o, count[o]);
            }
            best = cost;
            since = 0;
        }
        if (excess() < least) least = excess();
    }
    if (cost > 0) {
        printf("NONE %d\n", least);
        return 1;
    }
    printf("FOUND ");
    for (int t = 0; t < T; t++) {
        if (t) printf("| ");
        for (int i = 0; i < K; i++) printf("%d ", tab[t * K + i]);
    }
    printf("\n");
    return 0;
}
