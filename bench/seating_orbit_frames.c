/* Simulated annealing for 4-frames of type g^u developed over Z_N
 * (the form of seating_designs.ORBIT_FRAME_BASES; driven by
 * bench/seating_orbit_frames.py, which says what the form is).
 *
 * Usage: seating_orbit_frames N L u S B seed steps T
 *   players (x, l), x in Z_N, l < L, group x mod u (u divides S, S divides N);
 *   B base rounds, each fixed by x -> x + S.
 *
 * The unknowns: for each base round, which orbit of x -> x + S outside
 * group 0 (an orbit is (x mod S, l)) fills each slot of its (L (S - S / u)) / 4
 * representative tables, and each orbit's lift k < N / S (the player
 * (x mod S + k S, l)).  Every pair of slots in a table covers the class
 * (l, l', y - x mod N), the same as (l', l, x - y); the cost counts the
 * classes covered more than once and the pairs of one group (y - x a
 * multiple of u).  A step changes a random orbit's lift (three times in ten,
 * when N > S) or swaps two random slots of different tables of one base
 * round; a worse step is kept with probability exp(-delta / t), t falling
 * linearly over the steps from T to 0.05.  splitmix64 (splitmix64.h), so a
 * seed gives the same tables on every machine.
 *
 * Prints one line "cost C after S steps", then, at cost 0, each base
 * round's representative tables as players l * N + x, one base a line.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "splitmix64.h"

static double uniform(void) { return (next64() >> 11) * (1.0 / 9007199254740992.0); }

static int N, L, u, S, B, K, P, T;
static int *slot, *lift, *count;

/* the class a pair of orbits in base round b covers, or -1 for one group */
static int class_of(int b, int o1, int o2) {
    int l1 = o1 / S, l2 = o2 / S;
    int x1 = o1 % S + S * lift[b * L * S + o1], x2 = o2 % S + S * lift[b * L * S + o2];
    int d = ((x2 - x1) % N + N) % N;
    if (d % u == 0) return -1;
    int c1 = (l1 * L + l2) * N + d, c2 = (l2 * L + l1) * N + (N - d) % N;
    return c1 < c2 ? c1 : c2;
}

/* add (sign 1) or remove (sign -1) a table's classes; the cost they bring */
static int table_cost(int b, const int *table, int sign) {
    int cost = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int c = class_of(b, table[i], table[j]);
            if (c < 0) {
                cost++;
            } else if (sign > 0) {
                cost += count[c]++;
            } else {
                cost += --count[c];
            }
        }
    return cost;
}

int main(int argc, char **argv) {
    if (argc != 9) {
        fprintf(stderr, "usage: %s N L u S B seed steps T\n", argv[0]);
        return 2;
    }
    N = atoi(argv[1]), L = atoi(argv[2]), u = atoi(argv[3]), S = atoi(argv[4]), B = atoi(argv[5]);
    state = strtoull(argv[6], 0, 10);
    long steps = atol(argv[7]);
    double start_t = atof(argv[8]);
    if (N <= 0 || L <= 0 || u <= 0 || S <= 0 || B <= 0 || N % S || S % u) {
        fprintf(stderr, "need u | S | N\n");
        return 2;
    }
    K = N / S;
    P = L * (S - S / u);
    if (P % 4) {
        fprintf(stderr, "%d orbits a base round: not tables of 4\n", P);
        return 2;
    }
    T = P / 4;
    slot = malloc(sizeof(int) * B * P);
    lift = calloc((size_t)B * L * S, sizeof(int));
    count = calloc((size_t)L * L * N, sizeof(int));
    for (int b = 0; b < B; b++) {
        int *s = slot + b * P, n = 0;
        for (int l = 0; l < L; l++)
            for (int r = 0; r < S; r++)
                if (r % u) s[n++] = l * S + r;
        for (int i = P - 1; i > 0; i--) {
            int j = next64() % (i + 1), t = s[i];
            s[i] = s[j], s[j] = t;
        }
        for (int i = 0; i < L * S; i++) lift[b * L * S + i] = next64() % K;
    }
    long cost = 0;
    for (int b = 0; b < B; b++)
        for (int t = 0; t < T; t++) cost += table_cost(b, slot + b * P + 4 * t, 1);
    double t = start_t;
    long step;
    for (step = 0; step < steps && cost; step++) {
        if (step % 10000 == 0) t = start_t * (1.0 - (double)step / steps) + 0.05;
        int b = next64() % B;
        int *s = slot + b * P;
        if (K > 1 && next64() % 10 < 3) {
            int i = next64() % P, o = s[i];
            int *table = s + 4 * (i / 4), *k = lift + b * L * S + o, old = *k;
            int removed = table_cost(b, table, -1);
            *k = (old + 1 + next64() % (K - 1)) % K;
            int delta = table_cost(b, table, 1) - removed;
            if (delta > 0 && uniform() >= exp(-delta / t)) {
                table_cost(b, table, -1);
                *k = old;
                table_cost(b, table, 1);
            } else {
                cost += delta;
            }
            continue;
        }
        int x = next64() % T, y = next64() % T;
        if (x == y) continue;
        int *first = s + 4 * x, *second = s + 4 * y, i = next64() % 4, j = next64() % 4;
        int removed = table_cost(b, first, -1) + table_cost(b, second, -1), swap = first[i];
        first[i] = second[j], second[j] = swap;
        int delta = table_cost(b, first, 1) + table_cost(b, second, 1) - removed;
        if (delta > 0 && uniform() >= exp(-delta / t)) {
            table_cost(b, first, -1), table_cost(b, second, -1);
            swap = first[i], first[i] = second[j], second[j] = swap;
            table_cost(b, first, 1), table_cost(b, second, 1);
        } else {
            cost += delta;
        }
    }
    printf("cost %ld after %ld steps\n", cost, step);
    if (cost) return 1;
    for (int b = 0; b < B; b++) {
        for (int i = 0; i < P; i++) {
            int o = slot[b * P + i], x = o % S + S * lift[b * L * S + o];
            printf("%d%s", (o / S) * N + x, i == P - 1 ? "\n" : i % 4 == 3 ? " | " : " ");
        }
    }
    return 0;
}
