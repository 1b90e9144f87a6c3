/* The balanced seating search in C: the tabu search of seating_search.py.
 *
 * One function, search(), called by tournaments/seating_search.py with
 * the problem as flat integer buffers; it returns the best schedule found.
 * The algorithm is the one the Python module docstring describes
 * (Dotu and Van Hentenryck, "Scheduling social golfers locally", CPAIOR
 * 2005): swaps of a player of a repeated pair with a player at another
 * table of the same round, the best non-tabu swap each step, restarts
 * from the best schedule with a few random swaps when stuck; fairness
 * (who sits at an odd-size table or has a bye) is kept by only trading
 * those statuses when no player's count runs ahead of another's by more
 * than allowed.  The cost is the Python CostModel's, in 64-bit integers.
 *
 * Everything random comes from xoshiro256** seeded by the caller, and the
 * budget is counted in swap evaluations: the same input gives the same
 * schedule on every machine.  The GIL is released while searching, so
 * independent searches (seeds) can run on several cores.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;

/* One shake move in EXCHANGE_ODDS is an exchange of statuses (0: none). */
#ifndef EXCHANGE_ODDS
#define EXCHANGE_ODDS 4
#endif

enum { STANDARD = 0, ODD = 1, BYE = 2 };
enum { KIND_BYE = 0, KIND_ODD = 1 };

/* ------------------------------------------------------------------ */
/* Random numbers: xoshiro256** (Blackman and Vigna), seeded by splitmix64. */

typedef struct {
    uint64_t s[4];
} rng_t;

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n), n >= 1 (Lemire's multiply-shift). */
static inline int rng_below(rng_t *r, int n) {
    return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ------------------------------------------------------------------ */
/* The state of one search. */

typedef struct {
    int r, a, b;
    i64 delta;
} move_t;

typedef struct {
    /* the problem */
    int n, rounds, ntables, table_size, maxsize, nbyes;
    int target;
    i64 budget;
    int max_restarts, stall_limit, sample, tenure;
    int odd_or_byes; /* whether any player has another status than STANDARD */
    i64 w_repeat, w_spread;
    const int32_t *past;     /* n*n: meetings in the history */
    const i64 *recency;      /* n*n: recency bonus of a further meeting */
    const i64 *club;         /* n*n: cost of any planned meeting (same club) */
    const int32_t *past_bye; /* n */
    const int32_t *past_odd; /* n */

    /* the schedule */
    int32_t *where;   /* rounds*n: table index, -1 for a bye */
    int32_t *slot;    /* rounds*n: index within the table (or within byes) */
    int32_t *members; /* (rounds*ntables)*maxsize */
    int32_t *tsize;   /* rounds*ntables */
    int32_t *byelist; /* rounds*nbyes */
    int8_t *status;   /* rounds*n */

    /* pair counts and prices */
    int32_t *meet;  /* n*n: history + planned */
    i64 *next_cost; /* n*n */
    i64 *last_cost; /* n*n */
    int32_t *conflicts;
    int32_t nconflicts;
    int32_t *cindex; /* n*n (a < b): position in conflicts, -1 if none */

    /* fairness: per kind, per round, per player counts and histograms */
    int32_t *counted; /* 2*rounds*n */
    int32_t *hist;    /* 2*rounds*hwidth */
    int32_t *allowed; /* 2*rounds */
    int hwidth;

    /* tabu: (round, player, table + 1) -> iteration until which it is tabu */
    int32_t *tabu;
    i64 iteration;

    i64 cost, best_cost;
    int repeats, best_repeats;
    i64 evaluations;
    rng_t rng;

    /* scratch */
    move_t *moves;
    int nmoves, cap_moves;
    uint8_t *seen; /* rounds*n */
    int32_t *scratch;
    int32_t *rbuf; /* rounds */
} state_t;

static inline i64 meeting_cost(const state_t *s, int meeting, i64 recency) {
    if (meeting <= 1) return 0;
    return s->w_repeat + s->w_spread * (meeting - 2) + recency;
}

static inline void price(state_t *s, int key) {
    int count = s->meet[key];
    i64 rec = s->recency[key], cl = s->club[key];
    s->next_cost[key] = meeting_cost(s, count + 1, rec) + cl;
    s->last_cost[key] = meeting_cost(s, count, rec) + cl;
}

static inline int32_t *table_members(state_t *s, int r, int t) {
    return s->members + ((size_t)r * s->ntables + t) * s->maxsize;
}

/* Keep conflicts in step with a pair (a < b): repeated (or same club) and
 * meeting in some planned round. */
static void track(state_t *s, int a, int b) {
    int n = s->n, key = a * n + b;
    int planned = s->meet[key] - s->past[key];
    int conflict = planned > 0 && (s->meet[key] >= 2 || s->club[key] > 0);
    int i = s->cindex[key];
    if (conflict && i < 0) {
        s->cindex[key] = s->nconflicts;
        s->conflicts[s->nconflicts++] = key;
    } else if (!conflict && i >= 0) {
        int last = s->conflicts[--s->nconflicts];
        s->cindex[key] = -1;
        if (last != key) {
            s->conflicts[i] = last;
            s->cindex[last] = i;
        }
    }
}

static inline void meet(state_t *s, int a, int b, int change) {
    int n = s->n;
    int before = s->meet[a * n + b];
    s->repeats += change > 0 ? (before >= 1) : -(before >= 2);
    s->meet[a * n + b] += change;
    s->meet[b * n + a] += change;
    price(s, a * n + b);
    price(s, b * n + a);
    if (a < b)
        track(s, a, b);
    else
        track(s, b, a);
}

/* ------------------------------------------------------------------ */
/* Fairness (seating_search.TabuSearch._fairness_counts and friends). */

static inline int32_t *counts_of(state_t *s, int kind, int r) {
    return s->counted + ((size_t)kind * s->rounds + r) * s->n;
}

static inline int32_t *hist_of(state_t *s, int kind, int r) {
    return s->hist + ((size_t)kind * s->rounds + r) * s->hwidth;
}

static void fairness_counts(state_t *s) {
    int n = s->n, R = s->rounds;
    memset(s->hist, 0, sizeof(int32_t) * 2 * R * s->hwidth);
    for (int kind = 0; kind < 2; kind++) {
        const int32_t *past = kind == KIND_BYE ? s->past_bye : s->past_odd;
        int st = kind == KIND_BYE ? BYE : ODD;
        for (int r = 0; r < R; r++) {
            int32_t *c = counts_of(s, kind, r), *h = hist_of(s, kind, r);
            const int32_t *prev = r ? counts_of(s, kind, r - 1) : past;
            int lo = 1 << 30, hi = -1;
            for (int p = 0; p < n; p++) {
                c[p] = prev[p] + (s->status[(size_t)r * n + p] == st);
                h[c[p]]++;
                if (c[p] < lo) lo = c[p];
                if (c[p] > hi) hi = c[p];
            }
            int spread = hi - lo;
            s->allowed[kind * R + r] = spread > 1 ? spread : 1;
        }
    }
}

/* Whether ``gives`` may hand its status of ``kind`` in round r to ``takes``
 * (both counts change by one from round r on). */
static int fair_trade(state_t *s, int kind, int r, int gives, int takes) {
    int R = s->rounds;
    for (int q = r; q < R; q++) {
        int32_t *c = counts_of(s, kind, q), *h = hist_of(s, kind, q);
        int og = c[gives], ot = c[takes];
        if (og - 1 == ot) continue; /* the two counts are only exchanged */
        int lo = -1, hi = -1;
        for (int v = 0; v < s->hwidth; v++) {
            int left = h[v] - (v == og) - (v == ot);
            if (left > 0) {
                if (lo < 0) lo = v;
                hi = v;
            }
        }
        if (lo < 0) lo = hi = ot + 1;
        int mx = hi, mn = lo;
        if (og - 1 > mx) mx = og - 1;
        if (ot + 1 > mx) mx = ot + 1;
        if (og - 1 < mn) mn = og - 1;
        if (ot + 1 < mn) mn = ot + 1;
        if (mx - mn > s->allowed[kind * R + q]) return 0;
    }
    return 1;
}

static void trade(state_t *s, int kind, int r, int gives, int takes) {
    for (int q = r; q < s->rounds; q++) {
        int32_t *c = counts_of(s, kind, q), *h = hist_of(s, kind, q);
        h[c[gives]]--;
        c[gives]--;
        h[c[gives]]++;
        h[c[takes]]--;
        c[takes]++;
        h[c[takes]]++;
    }
}

static int may_swap(state_t *s, int r, int a, int b) {
    const int8_t *st = s->status + (size_t)r * s->n;
    if (st[a] == st[b]) return 1;
    if (st[a] != STANDARD && !fair_trade(s, st[a] == BYE ? KIND_BYE : KIND_ODD, r, a, b)) return 0;
    if (st[b] != STANDARD && !fair_trade(s, st[b] == BYE ? KIND_BYE : KIND_ODD, r, b, a)) return 0;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Loading a schedule (given as where[]), and the cost from scratch. */

static void load(state_t *s, const int32_t *where) {
    int n = s->n, R = s->rounds, T = s->ntables;
    memcpy(s->where, where, sizeof(int32_t) * R * n);
    for (int r = 0; r < R; r++) {
        int nb = 0;
        for (int t = 0; t < T; t++) s->tsize[r * T + t] = 0;
        for (int p = 0; p < n; p++) {
            int t = s->where[(size_t)r * n + p];
            if (t < 0) {
                s->slot[(size_t)r * n + p] = nb;
                s->byelist[(size_t)r * s->nbyes + nb++] = p;
            } else {
                int k = s->tsize[r * T + t]++;
                table_members(s, r, t)[k] = p;
                s->slot[(size_t)r * n + p] = k;
            }
        }
        for (int p = 0; p < n; p++) {
            int t = s->where[(size_t)r * n + p];
            s->status[(size_t)r * n + p] =
                t < 0 ? BYE : (s->tsize[r * T + t] != s->table_size ? ODD : STANDARD);
        }
    }
    s->odd_or_byes = 0;
    for (size_t i = 0; i < (size_t)R * n; i++) s->odd_or_byes |= s->status[i] != STANDARD;
    memcpy(s->meet, s->past, sizeof(int32_t) * n * n);
    for (int r = 0; r < R; r++)
        for (int t = 0; t < T; t++) {
            int32_t *m = table_members(s, r, t);
            int k = s->tsize[r * T + t];
            for (int i = 0; i < k; i++)
                for (int j = 0; j < k; j++)
                    if (i != j) s->meet[m[i] * n + m[j]]++;
        }
    for (int key = 0; key < n * n; key++) price(s, key);
    s->nconflicts = 0;
    for (int key = 0; key < n * n; key++) s->cindex[key] = -1;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (s->meet[a * n + b] > s->past[a * n + b]) track(s, a, b);
    fairness_counts(s);
    i64 cost = 0;
    int repeats = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            int key = a * n + b, past = s->past[key], m = s->meet[key];
            for (int k = past + 1; k <= m; k++)
                cost += meeting_cost(s, k, s->recency[key]) + s->club[key];
            repeats += (m > 1 ? m - 1 : 0) - (past > 1 ? past - 1 : 0);
        }
    s->cost = cost;
    s->repeats = repeats;
}

/* ------------------------------------------------------------------ */
/* Moves. */

/* Cost change of swapping a and b (at different tables, or one on a bye)
 * in round r. */
static i64 swap_delta(state_t *s, int r, int a, int b) {
    int n = s->n, T = s->ntables;
    int ta = s->where[(size_t)r * n + a], tb = s->where[(size_t)r * n + b];
    const i64 *nc = s->next_cost, *lc = s->last_cost;
    i64 delta = 0;
    if (ta >= 0) {
        const int32_t *m = table_members(s, r, ta);
        for (int i = 0, k = s->tsize[r * T + ta]; i < k; i++) {
            int x = m[i];
            if (x == a) continue;
            delta += nc[b * n + x] - lc[a * n + x];
        }
    }
    if (tb >= 0) {
        const int32_t *m = table_members(s, r, tb);
        for (int i = 0, k = s->tsize[r * T + tb]; i < k; i++) {
            int y = m[i];
            if (y == b) continue;
            delta += nc[a * n + y] - lc[b * n + y];
        }
    }
    return delta;
}

static void do_swap(state_t *s, int r, int a, int b, i64 delta) {
    int n = s->n, T = s->ntables;
    int32_t *where = s->where + (size_t)r * n, *slot = s->slot + (size_t)r * n;
    int ta = where[a], tb = where[b], sa = slot[a], sb = slot[b];
    if (ta >= 0) {
        int32_t *m = table_members(s, r, ta);
        for (int i = 0, k = s->tsize[r * T + ta]; i < k; i++)
            if (m[i] != a) {
                meet(s, a, m[i], -1);
                meet(s, b, m[i], +1);
            }
        m[sa] = b;
    } else {
        s->byelist[(size_t)r * s->nbyes + sa] = b;
    }
    if (tb >= 0) {
        int32_t *m = table_members(s, r, tb);
        for (int i = 0, k = s->tsize[r * T + tb]; i < k; i++)
            if (m[i] != b) {
                meet(s, b, m[i], -1);
                meet(s, a, m[i], +1);
            }
        m[sb] = a;
    } else {
        s->byelist[(size_t)r * s->nbyes + sb] = a;
    }
    where[a] = tb;
    where[b] = ta;
    slot[a] = sb;
    slot[b] = sa;
    int8_t *st = s->status + (size_t)r * n;
    if (st[a] != st[b]) {
        if (st[a] != STANDARD) trade(s, st[a] == BYE ? KIND_BYE : KIND_ODD, r, a, b);
        if (st[b] != STANDARD) trade(s, st[b] == BYE ? KIND_BYE : KIND_ODD, r, b, a);
        int8_t t = st[a];
        st[a] = st[b];
        st[b] = t;
    }
    s->cost += delta;
}

static inline int32_t *tabu_at(state_t *s, int r, int p, int t) {
    return s->tabu + ((size_t)r * s->n + p) * (s->ntables + 1) + (t + 1);
}

static void push_move(state_t *s, int r, int a, int b, i64 delta) {
    if (s->nmoves == s->cap_moves) {
        move_t *more = realloc(s->moves, sizeof(move_t) * 2 * s->cap_moves);
        if (!more) return; /* out of memory: the ties already kept will do */
        s->moves = more;
        s->cap_moves *= 2;
    }
    s->moves[s->nmoves++] = (move_t){r, a, b, delta};
}

/* The best allowed swaps of ``a`` in round r, added to s->moves when they
 * are at least as good as *best (which they may lower; *have says whether
 * any move was found yet).  Tabu swaps are skipped unless they would beat
 * the best schedule. */
static void best_swaps(state_t *s, int r, int a, i64 *best, int *have) {
    int n = s->n, T = s->ntables;
    const int32_t *where = s->where + (size_t)r * n;
    const int8_t *st = s->status + (size_t)r * n;
    const i64 *nc = s->next_cost, *lc = s->last_cost;
    int ta = where[a];
    const int32_t *ma = ta >= 0 ? table_members(s, r, ta) : NULL;
    int ka = ta >= 0 ? s->tsize[r * T + ta] : 0;
    int mates[16], nm = 0;
    i64 leave_a = 0;
    for (int i = 0; i < ka; i++)
        if (ma[i] != a) {
            mates[nm++] = ma[i];
            leave_a += lc[a * n + ma[i]];
        }
    i64 aspiration = s->best_cost - s->cost;
    i64 now = s->iteration;
    i64 evaluations = 0;
    for (int tb = (s->nbyes && ta >= 0) ? -1 : 0; tb < T; tb++) {
        if (tb == ta) continue;
        const int32_t *group;
        int kg;
        if (tb >= 0) {
            group = table_members(s, r, tb);
            kg = s->tsize[r * T + tb];
        } else {
            group = s->byelist + (size_t)r * s->nbyes;
            kg = s->nbyes;
        }
        i64 join_b = 0;
        if (tb >= 0)
            for (int j = 0; j < kg; j++) join_b += nc[a * n + group[j]];
        int tabu_a = *tabu_at(s, r, a, tb) > now;
        for (int j = 0; j < kg; j++) {
            int b = group[j];
            evaluations++;
            i64 delta = -leave_a;
            const i64 *ncb = nc + (size_t)b * n;
            for (int i = 0; i < nm; i++) delta += ncb[mates[i]];
            if (tb >= 0) {
                delta += join_b - nc[a * n + b];
                const i64 *lcb = lc + (size_t)b * n;
                for (int i = 0; i < kg; i++)
                    if (i != j) delta -= lcb[group[i]];
            }
            if (*have && delta > *best) continue;
            if ((tabu_a || *tabu_at(s, r, b, ta) > now) && delta >= aspiration) continue;
            if (st[b] != st[a]) {
                evaluations++;
                if (!may_swap(s, r, a, b)) continue;
            }
            if (!*have || delta < *best) {
                *best = delta;
                *have = 1;
                s->nmoves = 0;
            }
            push_move(s, r, a, b, delta);
        }
    }
    s->evaluations += evaluations;
}

/* Dotu and Van Hentenryck's neighbourhood over (a sample of) the repeated
 * pairs; returns 0 when no move is allowed. */
static int best_conflict_swap(state_t *s, move_t *out) {
    int n = s->n, R = s->rounds;
    int take = s->nconflicts;
    int32_t *chosen = s->conflicts;
    if (take > s->sample) {
        /* a random sample without replacement (partial Fisher-Yates on a copy) */
        memcpy(s->scratch, s->conflicts, sizeof(int32_t) * s->nconflicts);
        for (int i = 0; i < s->sample; i++) {
            int j = i + rng_below(&s->rng, s->nconflicts - i);
            int32_t t = s->scratch[i];
            s->scratch[i] = s->scratch[j];
            s->scratch[j] = t;
        }
        chosen = s->scratch;
        take = s->sample;
    }
    memset(s->seen, 0, (size_t)R * n);
    s->nmoves = 0;
    i64 best = 0;
    int have = 0;
    for (int c = 0; c < take; c++) {
        int key = chosen[c], pa = key / n, pb = key % n;
        for (int r = 0; r < R; r++) {
            const int32_t *where = s->where + (size_t)r * n;
            if (where[pa] != where[pb] || where[pa] < 0) continue;
            for (int w = 0; w < 2; w++) {
                int a = w ? pb : pa;
                if (s->seen[(size_t)r * n + a]) continue;
                s->seen[(size_t)r * n + a] = 1;
                best_swaps(s, r, a, &best, &have);
            }
        }
    }
    if (!have) return 0;
    *out = s->moves[rng_below(&s->rng, s->nmoves)];
    return 1;
}

/* Whether every player's count of ``kind`` after round q is within the
 * spread allowed (1, or the starting one). */
static int spread_ok(state_t *s, int kind, int q) {
    const int32_t *h = hist_of(s, kind, q);
    int lo = -1, hi = -1;
    for (int v = 0; v < s->hwidth; v++)
        if (h[v]) {
            if (lo < 0) lo = v;
            hi = v;
        }
    return hi - lo <= s->allowed[kind * s->rounds + q];
}

/* An exchange of statuses: a and b, one at an odd-size table (or on a bye)
 * and the other not in round r, swap there and in a round r2 where their
 * statuses are the other way round, so their counts are unchanged after
 * both rounds; done when the counts in between stay fair (a single swap
 * cannot move an odd table from one player to another when everybody's
 * count is fixed, e.g. 18 players with two tables of 3 over 6 rounds: each
 * exactly two).  Returns 1 if made, 0 if not (nothing changed). */
static int exchange(state_t *s, int r, int a, int b) {
    int n = s->n, R = s->rounds;
    int8_t sa = s->status[(size_t)r * n + a], sb = s->status[(size_t)r * n + b];
    if (sa == sb) return 0;
    int nr = 0;
    for (int q = 0; q < R; q++)
        if (q != r && s->status[(size_t)q * n + a] == sb && s->status[(size_t)q * n + b] == sa)
            s->rbuf[nr++] = q;
    if (!nr) return 0;
    int r2 = s->rbuf[rng_below(&s->rng, nr)];
    do_swap(s, r, a, b, swap_delta(s, r, a, b));
    do_swap(s, r2, a, b, swap_delta(s, r2, a, b));
    int lo = r < r2 ? r : r2, hi = r < r2 ? r2 : r;
    for (int q = lo; q < hi; q++)
        for (int kind = 0; kind < 2; kind++)
            if (!spread_ok(s, kind, q)) {
                do_swap(s, r2, a, b, swap_delta(s, r2, a, b));
                do_swap(s, r, a, b, swap_delta(s, r, a, b));
                return 0;
            }
    return 1;
}

/* A few random allowed swaps in rounds of repeated pairs; where the field
 * has odd-size tables or byes, half of them exchanges of statuses when one
 * can be made (:c:func:`exchange`). */
static void shake(state_t *s, int swaps) {
    int n = s->n, R = s->rounds;
    int32_t *options = s->scratch;
    for (int k = 0; k < swaps; k++) {
        int r, p;
        if (s->nconflicts) {
            int key = s->conflicts[rng_below(&s->rng, s->nconflicts)];
            int a = key / n, b = key % n;
            int nr = 0;
            for (int q = 0; q < R; q++) {
                const int32_t *where = s->where + (size_t)q * n;
                if (where[a] == where[b] && where[a] >= 0) s->rbuf[nr++] = q;
            }
            r = s->rbuf[rng_below(&s->rng, nr)];
            p = a;
        } else {
            r = rng_below(&s->rng, R);
            p = rng_below(&s->rng, n);
        }
        const int32_t *where = s->where + (size_t)r * n;
        const int8_t *st = s->status + (size_t)r * n;
        int no = 0;
        if (s->odd_or_byes && EXCHANGE_ODDS && rng_below(&s->rng, EXCHANGE_ODDS + !EXCHANGE_ODDS) == 0) {
            for (int q = 0; q < n; q++)
                if (st[q] != st[p]) options[no++] = q;
            s->evaluations += n;
            if (no && exchange(s, r, p, options[rng_below(&s->rng, no)])) continue;
            no = 0;
        }
        for (int q = 0; q < n; q++)
            if (where[q] != where[p] && may_swap(s, r, p, q)) options[no++] = q;
        s->evaluations += n;
        if (no) {
            int q = options[rng_below(&s->rng, no)];
            do_swap(s, r, p, q, swap_delta(s, r, p, q));
        }
    }
}

/* ------------------------------------------------------------------ */
/* The loop (seating_search.TabuSearch.run). */

static void run(state_t *s, int32_t *best_where) {
    int n = s->n, R = s->rounds;
    memcpy(best_where, s->where, sizeof(int32_t) * R * n);
    s->best_cost = s->cost;
    s->best_repeats = s->repeats;
    i64 last_gain = 0;
    int restarts = 0;
    s->iteration = 0;
    size_t tabu_len = (size_t)R * n * (s->ntables + 1);
    memset(s->tabu, 0, sizeof(int32_t) * tabu_len);
    while (s->evaluations < s->budget) {
        if (s->best_repeats <= s->target) {
            if (s->best_cost <= (i64)s->best_repeats * s->w_repeat) break;
            if (s->iteration - last_gain > s->stall_limit) break;
        }
        s->iteration++;
        i64 now = s->iteration;
        if (!s->nconflicts) break;
        move_t mv;
        if (!best_conflict_swap(s, &mv)) {
            memset(s->tabu, 0, sizeof(int32_t) * tabu_len);
            shake(s, 1);
            continue;
        }
        int ta = s->where[(size_t)mv.r * n + mv.a], tb = s->where[(size_t)mv.r * n + mv.b];
        do_swap(s, mv.r, mv.a, mv.b, mv.delta);
        i64 tenure = 1 + rng_below(&s->rng, s->tenure);
        *tabu_at(s, mv.r, mv.a, ta) = (int32_t)(now + tenure);
        *tabu_at(s, mv.r, mv.b, tb) = (int32_t)(now + tenure);
        if (s->cost < s->best_cost) {
            s->best_cost = s->cost;
            s->best_repeats = s->repeats;
            memcpy(best_where, s->where, sizeof(int32_t) * R * n);
            last_gain = now;
            restarts = 0;
        } else if (now - last_gain > s->stall_limit && s->best_repeats > s->target) {
            restarts++;
            if (restarts > s->max_restarts) break;
            load(s, best_where);
            memset(s->tabu, 0, sizeof(int32_t) * tabu_len);
            shake(s, 2 + rng_below(&s->rng, 3 + n / 16));
            last_gain = now;
        }
    }
}


/* ------------------------------------------------------------------ */
/* Python glue. */

static int get_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t items, Py_ssize_t itemsize,
                      const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) return -1;
    if (view->len != items * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd", name, view->len,
                     items * itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(search_doc,
             "search(params, start, past, recency, club, past_byes, past_odd) -> "
             "(tables, evaluations, repeats, cost)\n\n"
             "params: 64-bit ints (n, rounds, tables per round, table size, byes per round,\n"
             "target, seed, budget, max restarts, stall limit, sample, tenure, repeat weight,\n"
             "spread weight); start: 32-bit table index per round and player (-1 = bye);\n"
             "past: 32-bit n*n meetings in the history; recency, club: 64-bit n*n;\n"
             "past_byes, past_odd: 32-bit per player.  tables: 32-bit, per round the\n"
             "tables' players in table order (byes left out).  See seating_search.py.");

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *o_params, *o_start, *o_past, *o_rec, *o_club, *o_pbye, *o_podd;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &o_params, &o_start, &o_past, &o_rec, &o_club,
                          &o_pbye, &o_podd))
        return NULL;
    Py_buffer bp;
    if (get_buffer(o_params, &bp, 14, 8, "params") < 0) return NULL;
    const i64 *prm = bp.buf;
    int n = (int)prm[0], R = (int)prm[1], T = (int)prm[2], table_size = (int)prm[3];
    int nbyes = (int)prm[4];
    if (n < 1 || R < 1 || T < 1 || nbyes < 0 || nbyes > n || n > 100000) {
        PyBuffer_Release(&bp);
        PyErr_SetString(PyExc_ValueError, "bad problem shape");
        return NULL;
    }
    state_t S;
    memset(&S, 0, sizeof S);
    state_t *s = &S;
    s->n = n;
    s->rounds = R;
    s->ntables = T;
    s->table_size = table_size;
    s->nbyes = nbyes;
    s->target = (int)prm[5];
    rng_seed(&s->rng, (uint64_t)prm[6]);
    s->budget = prm[7];
    s->max_restarts = (int)prm[8];
    s->stall_limit = (int)prm[9];
    s->sample = (int)prm[10];
    s->tenure = prm[11] > 0 ? (int)prm[11] : 1;
    s->w_repeat = prm[12];
    s->w_spread = prm[13];

    PyBuffer_Release(&bp);

    Py_buffer b_start, b_past, b_rec, b_club, b_pbye, b_podd;
    size_t nn = (size_t)n * n;
    if (get_buffer(o_start, &b_start, (Py_ssize_t)R * n, 4, "start") < 0) return NULL;
    if (get_buffer(o_past, &b_past, nn, 4, "past") < 0) goto fail1;
    if (get_buffer(o_rec, &b_rec, nn, 8, "recency") < 0) goto fail2;
    if (get_buffer(o_club, &b_club, nn, 8, "club") < 0) goto fail3;
    if (get_buffer(o_pbye, &b_pbye, n, 4, "past_byes") < 0) goto fail4;
    if (get_buffer(o_podd, &b_podd, n, 4, "past_odd") < 0) goto fail5;
    s->past = b_past.buf;
    s->recency = b_rec.buf;
    s->club = b_club.buf;
    s->past_bye = b_pbye.buf;
    s->past_odd = b_podd.buf;

    /* check the start: table indices in range, sizes the same kind every round */
    const int32_t *start = b_start.buf;
    int maxsize = 1, bad = 0;
    int32_t *count = calloc((size_t)T, sizeof(int32_t));
    for (int r = 0; r < R && !bad; r++) {
        int nb = 0;
        memset(count, 0, sizeof(int32_t) * T);
        for (int p = 0; p < n; p++) {
            int t = start[(size_t)r * n + p];
            if (t < -1 || t >= T) bad = 1;
            else if (t < 0) nb++;
            else count[t]++;
        }
        if (nb != nbyes) bad = 1;
        for (int t = 0; t < T && !bad; t++) {
            if (count[t] < 1 || count[t] > 16) bad = 1;
            if (count[t] > maxsize) maxsize = count[t];
        }
    }
    free(count);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "start: bad table indices or byes");
        goto fail6;
    }
    s->maxsize = maxsize;
    int maxpast = 0;
    for (int p = 0; p < n; p++) {
        if (s->past_bye[p] > maxpast) maxpast = s->past_bye[p];
        if (s->past_odd[p] > maxpast) maxpast = s->past_odd[p];
        if (s->past_bye[p] < 0 || s->past_odd[p] < 0) bad = 1;
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "past counts must be >= 0");
        goto fail6;
    }
    s->hwidth = maxpast + R + 2;

    s->where = malloc(sizeof(int32_t) * R * n);
    s->slot = malloc(sizeof(int32_t) * R * n);
    s->members = malloc(sizeof(int32_t) * R * T * maxsize);
    s->tsize = malloc(sizeof(int32_t) * R * T);
    s->byelist = malloc(sizeof(int32_t) * (R * nbyes + 1));
    s->status = malloc((size_t)R * n);
    s->meet = malloc(sizeof(int32_t) * nn);
    s->next_cost = malloc(sizeof(i64) * nn);
    s->last_cost = malloc(sizeof(i64) * nn);
    s->conflicts = malloc(sizeof(int32_t) * nn);
    s->cindex = malloc(sizeof(int32_t) * nn);
    s->counted = malloc(sizeof(int32_t) * 2 * R * n);
    s->hist = malloc(sizeof(int32_t) * 2 * R * s->hwidth);
    s->allowed = malloc(sizeof(int32_t) * 2 * R);
    s->tabu = malloc(sizeof(int32_t) * R * n * (T + 1));
    s->rbuf = malloc(sizeof(int32_t) * R);
    s->cap_moves = 64;
    s->moves = malloc(sizeof(move_t) * s->cap_moves);
    s->seen = malloc((size_t)R * n);
    s->scratch = malloc(sizeof(int32_t) * (nn > (size_t)n ? nn : (size_t)n));
    int32_t *best_where = malloc(sizeof(int32_t) * R * n);
    PyObject *result = NULL;
    if (!s->where || !s->slot || !s->members || !s->tsize || !s->byelist || !s->status ||
        !s->meet || !s->next_cost || !s->last_cost || !s->conflicts || !s->cindex ||
        !s->counted || !s->hist || !s->allowed || !s->tabu || !s->moves || !s->seen ||
        !s->scratch || !s->rbuf || !best_where) {
        PyErr_NoMemory();
        goto done;
    }

    Py_BEGIN_ALLOW_THREADS
    load(s, start);
    run(s, best_where);
    load(s, best_where);
    Py_END_ALLOW_THREADS

    {
        int seated = n - nbyes;
        PyObject *tables = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)R * seated * 4);
        if (!tables) goto done;
        int32_t *out = (int32_t *)PyBytes_AS_STRING(tables);
        for (int r = 0; r < R; r++)
            for (int t = 0; t < T; t++) {
                int32_t *m = table_members(s, r, t);
                for (int i = 0, k = s->tsize[r * T + t]; i < k; i++) *out++ = m[i];
            }
        result = Py_BuildValue("(NLiL)", tables, (long long)s->evaluations, s->repeats,
                               (long long)s->cost);
    }

done:
    free(s->where);
    free(s->slot);
    free(s->members);
    free(s->tsize);
    free(s->byelist);
    free(s->status);
    free(s->meet);
    free(s->next_cost);
    free(s->last_cost);
    free(s->conflicts);
    free(s->cindex);
    free(s->counted);
    free(s->hist);
    free(s->allowed);
    free(s->tabu);
    free(s->moves);
    free(s->seen);
    free(s->scratch);
    free(s->rbuf);
    free(best_where);
    PyBuffer_Release(&b_podd);
    PyBuffer_Release(&b_pbye);
    PyBuffer_Release(&b_club);
    PyBuffer_Release(&b_rec);
    PyBuffer_Release(&b_past);
    PyBuffer_Release(&b_start);
    return result;
fail6:
    PyBuffer_Release(&b_podd);
fail5:
    PyBuffer_Release(&b_pbye);
fail4:
    PyBuffer_Release(&b_club);
fail3:
    PyBuffer_Release(&b_rec);
fail2:
    PyBuffer_Release(&b_past);
fail1:
    PyBuffer_Release(&b_start);
    return NULL;
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_seating_core",
    "The balanced seating search in C (see tournaments/seating_search.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__seating_core(void) { return PyModule_Create(&module); }
