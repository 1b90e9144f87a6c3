/* Fewest repeated pairs of a fair schedule with tables of 4 and 5 (or 3): an exhaustive search.

   Driven by bench/seating_exact_fair.py, which writes the input and compiles this file
   (gcc -O2).  Input on stdin: "n R T", the T table sizes (odd sizes first), round 1 as each
   player's table, K and K round-2 seatings (one per class of relabellings that keep round 1,
   from the table-intersection matrices, fair after round 2), the budget.  Arguments: first and
   last class index, node limit (-1: none), budget, interchangeable-player rule (1: on), Q, and
   optionally J and K: take only the round-3 seatings reached whose count is J modulo K (K runs
   with J = 0 to K - 1 share one search).

   Method: round 1 fixed, round 2 one seating per class, then rounds 3.. filled table by table
   (players in increasing order within a table, tables of one size by their lowest player) under
   a budget of repeated pairs; the fairness rule of seating_bounds (after every round each
   player's count of odd tables is the floor or the ceiling of the mean) forces and forbids
   players at odd tables; players with the same table in every round so far are interchangeable,
   so the lowest of them is seated first; round 3 is taken in one form only under the
   relabellings that keep rounds 1 and 2 (round3_greatest); a table with more players than a
   round has tables seats players who shared a table in the round before (pigeonhole), a lower
   bound for every round still to come; and the pairs bound: the meetings less the C(n,2) pairs,
   plus half the repeat incidences beyond each player's allowance (its most meetings over the
   rounds, with the odd count fairness leaves it, less n - 1), each a partner it never meets.
   With Q > 1 the first Q rounds may be put in any order without breaking fairness, so rounds 1
   and 2 are taken as the pair of them that shares the fewest pairs, and rounds 4 to Q in the
   order of a key that only their players' tables in rounds 1 to 3 decide (round_in_order).
   Once a round's tables of 3 and byes are full, the tables left seat 4 or 5, so a player left
   with c < 3 players left it has not met meets 3 - c of them again: half the sum is a floor on
   the round's repeats still to come (a forward check), and each such player's 3 - c joins its
   repeat incidences in the pairs bound (no stronger with tables of 4 only while every player's
   allowance is zero or less, where both bounds are the repeats so far plus half the deficits;
   stronger with odd tables or byes, whose players' allowances differ).
   It prints every schedule it finds within the budget (tightening the budget), then "DONE ...
   no schedule with repeats <= B": a proof that the optimum exceeds B unless the node limit was
   hit (said so).
   Written for Cuori's seating bounds (seating_bounds._EXACT_FAIR). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#define NMAX 32
#define TMAX 8
#define RMAX 10
int n, R, T, sizes[TMAX], isodd[TMAX], isbye[TMAX], oddseats, lastodd = -1;
int budget, found = 0; long nodes = 0; long maxnodes = -1;
uint32_t adj[RMAX + 1][NMAX]; int cnt[RMAX + 1][NMAX];
uint32_t tab[RMAX][TMAX]; uint32_t forced[RMAX], forbid[RMAX];
uint32_t best[RMAX][TMAX];
int lossat[RMAX + 1];
uint32_t smaller[RMAX][NMAX]; int lbround = 0; int useclass = 1;
long split_seen = 0; int split_part = 0, split_parts = 1; /* the share of the round-3 seatings this run takes */
int Q = 0, kmin = 0; uint32_t mate[RMAX][NMAX]; /* a player's table in a round (none on a bye) */
int ov[RMAX][RMAX]; int roundbase[RMAX]; int seat4after[TMAX]; /* every table after t seats 4 or more */
uint32_t everyone; /* the mask of all n players */
clock_t c0;
/* pairs bound: every meeting is a new pair or a repeat, so the schedule repeats its meetings
   less the C(n,2) pairs, plus the pairs never met.  A player whose final odd count is c has
   allowance(c) = its meetings over all rounds less n - 1; its repeat incidences beyond that
   are partners it never meets, and half their sum is a floor on the pairs never met.  The
   final count lies in [lo, hi] (the count so far, the rounds left and the floor and ceiling
   of fairness), and exactly nhigh players end at the ceiling: the players still free to end
   at either take the ceiling where it costs least (a histogram of the differences). */
int pairsbase, rep[NMAX], lo_[NMAX], hi_[NMAX], lowF, highF, nhigh, oddmeet = 3;
int sumbase, nflex, nfixhigh, hist[7];
static inline int over(int x) { return x > 0 ? x : 0; }
static inline int allowance(int c) { return 3 * R + (oddmeet - 3) * c - (n - 1); }
static inline void range_of(int p, int c, int left) {
  lo_[p] = c > lowF ? c : lowF; hi_[p] = c + left < highF ? c + left : highF;
  if (hi_[p] < lo_[p]) hi_[p] = lo_[p];
}
static inline void account(int p, int sign) { /* add (1) or remove (-1) player p's share */
  if (lo_[p] == hi_[p]) { sumbase += sign * over(rep[p] - allowance(lo_[p])); if (highF > lowF && lo_[p] == highF) nfixhigh += sign; return; }
  int dl = over(rep[p] - allowance(lowF)), dh = over(rep[p] - allowance(highF));
  sumbase += sign * dl; nflex += sign; hist[dh - dl + 3] += sign;
}
static inline void add_rep(int p, int d) { account(p, -1); rep[p] += d; account(p, 1); }
static inline int never_met(void) { /* twice the floor on pairs never met, at least */
  int k = nhigh - nfixhigh, c = sumbase;
  if (k > nflex) k = nflex;
  for (int b = 0; b < 7 && k > 0; b++) { int take = hist[b] < k ? hist[b] : k; c += take * (b - 3); k -= take; }
  return c;
}
static inline int pairs_cut(void) { return pairsbase + (never_met() + 1) / 2 > budget; } /* the pairs bound exceeds the budget */
static void round_start(int r, int loss);
static int samekind(int a, int b) { return sizes[a] == sizes[b] && isodd[a] == isodd[b] && isbye[a] == isbye[b]; }
/* Round 3 up to the symmetries of rounds 1 and 2: a relabelling that maps each round-1 table to
   a round-1 table of its kind and each round-2 table likewise, keeping the intersection matrix,
   maps the players of each cell (their round-1 and round-2 tables) onto another cell, and keeps
   rounds 1 and 2, the overlaps and fairness.  Players of one cell are interchangeable already, so
   round 3 counts by its tables' multisets of cells, and it is searched on only in the greatest of
   its forms under those relabellings (any subset of them would do: GMAX caps the list). */
#define GMAX 4096
int ngroup, cellof[NMAX], gmap[GMAX][TMAX * TMAX], kind[TMAX];
static uint64_t table_key(const int *cells, int k, int bits) { /* a table's multiset of cells, sorted, packed */
  int c[8]; for (int i = 0; i < k; i++) { int v = cells[i], j = i; while (j > 0 && c[j - 1] < v) { c[j] = c[j - 1]; j--; } c[j] = v; }
  uint64_t key = 0; for (int i = 0; i < k; i++) key = key << bits | (uint64_t)(c[i] + 1); return key; }
static void sort_keys(uint64_t *keys) { /* T keys, descending */
  for (int t = 1; t < T; t++) { uint64_t v = keys[t]; int j = t; while (j > 0 && keys[j - 1] < v) { keys[j] = keys[j - 1]; j--; } keys[j] = v; } }
static void round_keys(const int *map, uint64_t *keys) { /* per table, in kind groups sorted descending */
  for (int t = 0; t < T; t++) { int cells[8], k = 0; for (uint32_t mm = tab[2][t]; mm; mm &= mm - 1) { int c = cellof[__builtin_ctz(mm)]; cells[k++] = map ? map[c] : c; } keys[t] = table_key(cells, k, 8); }
  for (int t = 0; t < T; t++) keys[t] |= (uint64_t)kind[t] << 56; /* tables of a kind are unordered */
  sort_keys(keys); }
static int round3_greatest(void) {
  uint64_t mine[TMAX], img[TMAX]; round_keys(0, mine);
  for (int g = 0; g < ngroup; g++) { round_keys(gmap[g], img);
    for (int t = 0; t < T; t++) { if (img[t] != mine[t]) { if (img[t] > mine[t]) return 0; break; } } }
  return 1; }
static int M12[TMAX][TMAX], sig[TMAX], tau[TMAX], usedcol[TMAX], userow[TMAX];
static void cols(int j) {
  if (ngroup >= GMAX) return;
  if (j == T) { int id = 1; for (int i = 0; i < T; i++) id &= sig[i] == i && tau[i] == i; if (id) return;
    for (int a = 0; a < T; a++) { for (int b = 0; b < T; b++) gmap[ngroup][a * T + b] = sig[a] * T + tau[b]; }
    ngroup++; return; }
  for (int u = 0; u < T; u++) { if (usedcol[u] || kind[u] != kind[j]) continue;
    int ok = 1; for (int i = 0; i < T && ok; i++) ok = M12[sig[i]][u] == M12[i][j];
    if (ok) { usedcol[u] = 1; tau[j] = u; cols(j + 1); usedcol[u] = 0; } } }
static void rows(int i) {
  if (i == T) { memset(usedcol, 0, sizeof usedcol); cols(0); return; }
  for (int u = 0; u < T; u++) { if (userow[u] || kind[u] != kind[i]) continue;
    userow[u] = 1; sig[i] = u; rows(i + 1); userow[u] = 0; } }
/* Rounds 4 to Q in order: they may be put in any order (Q), and a key that depends only on each
   player's tables in rounds 1 to 3 (its cell3) is kept by every relabelling the search uses after
   round 3 (players of one cell3 are interchangeable), so they are taken with keys non-decreasing.
   The key is the multiset of cell3s of the round's odd table when it is the only one of its kind
   (a bye group too: known once that first table is full), else the sorted multisets of every
   table (known when the round is full); tables of 6 or more turn it off. */
int cell3[NMAX], order = 0, onekey = 0; uint64_t okey[RMAX][TMAX];
static uint64_t table3_key(uint32_t m) { /* a table's multiset of cell3s, sorted, packed 10 bits each */
  int c[8], k = 0; for (; m; m &= m - 1) c[k++] = cell3[__builtin_ctz(m)];
  return table_key(c, k, 10); }
static int round_in_order(int r) { /* round r's key is at least round r - 1's (rounds 4..Q) */
  if (onekey) { okey[r][0] = table3_key(tab[r][0]); return r < 4 || okey[r][0] >= okey[r - 1][0]; }
  for (int t = 0; t < T; t++) okey[r][t] = table3_key(tab[r][t]) | (uint64_t)kind[t] << 60;
  sort_keys(okey[r]);
  if (r < 4) return 1;
  for (int t = 0; t < T; t++) if (okey[r][t] != okey[r - 1][t]) return okey[r][t] > okey[r - 1][t];
  return 1; }
static inline int future(int r) { int f = 0; for (int s = r + 1; s < R; s++) f += (s < Q && kmin > lbround) ? kmin : lbround; return f; }
static inline int curlb(int r, int loss) { int inr = loss - roundbase[r]; if (r < Q && inr < kmin) return roundbase[r] + kmin; return loss; }
static void print_sched(uint32_t s[RMAX][TMAX]) {
  for (int r = 0; r < R; r++) {
    for (int t = 0; t < T; t++) { if (t) printf(" | "); int f = 1; for (int p = 0; p < n; p++) if (s[r][t] >> p & 1) { printf(f ? "%d" : " %d", p); f = 0; } }
    printf("\n"); }
  fflush(stdout);
}
static void round_done(int r, int loss) {
  if (r < Q) for (int j = 0; j < r; j++) if (ov[r][j] < kmin) return;
  if (r == 2 && ngroup && !round3_greatest()) return;
  if (r == 2 && split_parts > 1 && split_seen++ % split_parts != split_part) return;
  if (order && r >= 3 && r < Q && !onekey && !round_in_order(r)) return;
  if (r == 2 && order) for (int t = 0; t < T; t++) for (uint32_t mm = tab[2][t]; mm; mm &= mm - 1) { int p = __builtin_ctz(mm); cell3[p] = cellof[p] * T + t; }
  for (int t = 0; t < T; t++) for (uint32_t mm = tab[r][t]; mm; mm &= mm - 1) mate[r][__builtin_ctz(mm)] = isbye[t] ? 0 : tab[r][t];
  for (int p = 0; p < n; p++) { adj[r + 1][p] = adj[r][p]; cnt[r + 1][p] = cnt[r][p]; }
  for (int t = 0; t < T; t++) { uint32_t m = isbye[t] ? 0 : tab[r][t]; for (uint32_t mm = tab[r][t]; mm; mm &= mm - 1) { int p = __builtin_ctz(mm); adj[r + 1][p] |= m & ~(1u << p); cnt[r + 1][p] += isodd[t]; } }
  if (r + 1 == R) {
    found = 1; memcpy(best, tab, sizeof tab);
    printf("FOUND repeats %d at %.1fs\n", loss, (double)(clock() - c0) / CLOCKS_PER_SEC); print_sched(tab);
    budget = loss - 1; return; }
  round_start(r + 1, loss);
}
static void fill(int r, int t, int k, uint32_t used, int prevmin, int start, int loss) {
  if (curlb(r, loss) + future(r) > budget) return;
  if (maxnodes >= 0 && nodes > maxnodes) return;
  nodes++;
  if (k == sizes[t]) {
    if (t == lastodd && (forced[r] & ~used)) return;
    if (t == 0 && order && onekey && r >= 3 && r < Q && !round_in_order(r)) return;
    if (t + 1 == T) { round_done(r, loss); return; }
    if (seat4after[t]) { /* the tables left seat 4 or 5: each player left meets 3 of the players left */
      uint32_t left = everyone & ~used; int def = 0, dp[NMAX];
      for (uint32_t mm = left; mm; mm &= mm - 1) { int p = __builtin_ctz(mm), c = __builtin_popcount(left & ~adj[r][p]) - 1; dp[p] = c < 3 ? 3 - c : 0; def += dp[p]; }
      if (def && curlb(r, loss + (def + 1) / 2) + future(r) > budget) return;
      if (def) { /* each such player's repeat incidences grow by its deficit at least: the pairs bound with them */
        for (uint32_t mm = left; mm; mm &= mm - 1) { int p = __builtin_ctz(mm); if (dp[p]) add_rep(p, dp[p]); }
        int cut = pairs_cut();
        for (uint32_t mm = left; mm; mm &= mm - 1) { int p = __builtin_ctz(mm); if (dp[p]) add_rep(p, -dp[p]); }
        if (cut) return; } }
    int nt = t + 1;
    int pm = (sizes[nt] == sizes[t] && isodd[nt] == isodd[t]) ? __builtin_ctz(tab[r][t]) : -1;
    tab[r][nt] = 0;
    fill(r, nt, 0, used, pm, 0, loss);
    return;
  }
  uint32_t pool = everyone & ~used;
  if (isodd[t]) {
    pool &= ~forbid[r];
    // forced players left must fit in remaining odd seats
    int seats = sizes[t] - k; for (int u = t + 1; u <= lastodd; u++) seats += sizes[u];
    if (__builtin_popcount(forced[r] & ~used) > seats) return;
  }
  uint32_t S = tab[r][t];
  if (!isodd[t] && k == 0) {
    int p = __builtin_ctz(pool); tab[r][t] = 1u << p;
    fill(r, t, 1, used | 1u << p, prevmin, p + 1, loss); tab[r][t] = 0; return; }
  int from = (k == 0) ? prevmin + 1 : start;
  // need sizes[t]-k players from pool >= from
  for (int p = from; p < n; p++) {
    if (!(pool >> p & 1)) continue;
    if (__builtin_popcount(pool >> p) < sizes[t] - k) break;
    if (smaller[r][p] & ~used) continue;
    uint32_t again = isbye[t] ? 0 : adj[r][p] & S;
    int l = __builtin_popcount(again);
    if (curlb(r, loss + l) + future(r) > budget) continue;
    int lo0 = lo_[p], hi0 = hi_[p];
    account(p, -1); rep[p] += l; range_of(p, cnt[r][p] + isodd[t], R - r - 1); account(p, 1);
    for (uint32_t mm = again; mm; mm &= mm - 1) add_rep(__builtin_ctz(mm), 1);
    int cut = pairs_cut();
    if (!cut) {
      tab[r][t] = S | 1u << p;
      if (r < Q) for (int j = 0; j < r; j++) ov[r][j] += isbye[t] ? 0 : __builtin_popcount(mate[j][p] & S);
      fill(r, t, k + 1, used | 1u << p, prevmin, p + 1, loss + l);
      if (r < Q) for (int j = 0; j < r; j++) ov[r][j] -= isbye[t] ? 0 : __builtin_popcount(mate[j][p] & S);
    }
    for (uint32_t mm = again; mm; mm &= mm - 1) add_rep(__builtin_ctz(mm), -1);
    account(p, -1); rep[p] -= l; lo_[p] = lo0; hi_[p] = hi0; account(p, 1);
  }
  tab[r][t] = S;
}
static void round_start(int r, int loss) {
  int low = (r + 1) * oddseats / n, rem = (r + 1) * oddseats % n, high = low + (rem > 0);
  forced[r] = forbid[r] = 0;
  for (int p = 0; p < n; p++) { if (cnt[r][p] < low) forced[r] |= 1u << p; if (cnt[r][p] + 1 > high) forbid[r] |= 1u << p; }
  for (int p = 0; p < n; p++) { smaller[r][p] = 0; if (!useclass) continue;
    for (int q = 0; q < p; q++) { int same = 1; for (int s = 0; s < r && same; s++) { int tp = -1, tq = -1; for (int t = 0; t < T; t++) { if (tab[s][t] >> p & 1) tp = t; if (tab[s][t] >> q & 1) tq = t; } same = tp == tq; } if (same) smaller[r][p] |= 1u << q; } }
  tab[r][0] = 0; roundbase[r] = loss; for (int j = 0; j < r; j++) ov[r][j] = 0;
  fill(r, 0, 0, 0, -1, 0, loss);
}
int main(int argc, char **argv) {
  if (scanf("%d %d %d", &n, &R, &T) != 3) return 1;
  for (int t = 0; t < T; t++) { scanf("%d", &sizes[t]); if (sizes[t] < 0) { sizes[t] = -sizes[t]; isbye[t] = 1; } isodd[t] = isbye[t] || sizes[t] != 4; if (isodd[t]) { oddseats += sizes[t]; lastodd = t; } }
  int a0[NMAX]; for (int p = 0; p < n; p++) scanf("%d", &a0[p]);
  int K; scanf("%d", &K);
  int (*reps)[NMAX] = calloc(K, sizeof *reps);
  for (int i = 0; i < K; i++) for (int p = 0; p < n; p++) scanf("%d", &reps[i][p]);
  scanf("%d", &budget);
  int lo = argc > 1 ? atoi(argv[1]) : 0, hi = argc > 2 ? atoi(argv[2]) : K;
  if (argc > 3) maxnodes = atol(argv[3]);
  if (argc > 4) budget = atoi(argv[4]);
  if (argc > 5) useclass = atoi(argv[5]);
  if (argc > 6) Q = atoi(argv[6]);
  if (argc > 8) { split_part = atoi(argv[7]); split_parts = atoi(argv[8]); }
  int G = 0; for (int t = 0; t < T; t++) G += isbye[t] ? sizes[t] : 1; /* groups of a round: tables, and each player on a bye */
  for (int t = 0; t < T; t++) if (!isbye[t] && sizes[t] > G) { int q = sizes[t] / G, rr = sizes[t] % G; lbround += rr * (q + 1) * q / 2 + (G - rr) * q * (q - 1) / 2; }
  { int meet = 0; for (int t = 0; t < T; t++) if (!isbye[t]) meet += sizes[t] * (sizes[t] - 1) / 2;
    int kinds = 0; for (int t = 0; t < T; t++) if (isodd[t]) { int m = isbye[t] ? 0 : sizes[t] - 1; if (m != oddmeet) { oddmeet = m; kinds++; } }
    pairsbase = kinds > 1 ? -n * n : R * meet - n * (n - 1) / 2; /* one odd kind: its meetings set the allowance */
    lowF = R * oddseats / n; highF = lowF + (R * oddseats % n > 0); nhigh = R * oddseats - n * lowF; }
  fprintf(stderr, "lbround %d budget %d useclass %d pairsbase %d\n", lbround, budget, useclass, pairsbase);
  int symm = 1; for (int t = 0; t < T; t++) { if (sizes[t] > 7) symm = 0; kind[t] = t; for (int u = 0; u < t; u++) if (samekind(u, t)) { kind[t] = kind[u]; break; } }
  /* keys of up to 5 players of 10 bits (cell3 < 8^3); Q > 4 leaves two rounds to order */
  order = Q > 4 && R > 4; for (int t = 0; t < T; t++) if (sizes[t] > 5) order = 0;
  onekey = 1; for (int t = 1; t < T; t++) if (kind[t] == kind[0]) onekey = 0;
  everyone = (n == 32) ? 0xffffffffu : ((1u << n) - 1);
  for (int t = 0; t < T; t++) { seat4after[t] = 1; for (int u = t + 1; u < T; u++) if (isbye[u] || sizes[u] < 4) seat4after[t] = 0; }
  int budget0 = budget;
  c0 = clock();
  for (int i = lo; i < hi && i < K; i++) {
    memset(tab, 0, sizeof tab);
    for (int p = 0; p < n; p++) { tab[0][a0[p]] |= 1u << p; tab[1][reps[i][p]] |= 1u << p; adj[0][p] = 0; cnt[0][p] = 0; }
    // round 0 done -> adj[1]; then round 1 loss
    for (int p = 0; p < n; p++) { adj[1][p] = isbye[a0[p]] ? 0 : tab[0][a0[p]] & ~(1u << p); cnt[1][p] = isodd[a0[p]]; }
    int loss = 0; for (int t = 0; t < T; t++) if (!isbye[t]) for (uint32_t m = tab[1][t]; m; m &= m - 1) { int p = __builtin_ctz(m); loss += __builtin_popcount(adj[1][p] & tab[1][t] & ((1u << p) - 1)); }
    long before = nodes;
    memset(M12, 0, sizeof M12); for (int p = 0; p < n; p++) { M12[a0[p]][reps[i][p]]++; cellof[p] = a0[p] * T + reps[i][p]; }
    ngroup = 0; if (R > 2 && symm) { memset(userow, 0, sizeof userow); rows(0); }
    sumbase = nflex = nfixhigh = 0; memset(hist, 0, sizeof hist);
    for (int p = 0; p < n; p++) {
      rep[p] = isbye[reps[i][p]] ? 0 : __builtin_popcount(adj[1][p] & tab[1][reps[i][p]]);
      range_of(p, cnt[1][p] + isodd[reps[i][p]], R - 2); account(p, 1); }
    if (pairs_cut()) { fprintf(stderr, "orbit %d pruned by pairs\n", i); continue; }
    kmin = Q >= 2 ? loss : 0; ov[1][0] = loss; roundbase[1] = 0;
    for (int t = 0; t < T; t++) for (uint32_t mm = tab[0][t]; mm; mm &= mm - 1) mate[0][__builtin_ctz(mm)] = isbye[t] ? 0 : tab[0][t];
    if (loss + future(1) <= budget) round_done(1, loss);
    fprintf(stderr, "orbit %d aut %d loss12 %d nodes %ld budget %d %.1fs\n", i, ngroup + 1, loss, nodes - before, budget, (double)(clock() - c0) / CLOCKS_PER_SEC);
  }
  printf("DONE orbits [%d,%d): %s; no schedule with repeats <= %d (initial budget %d); nodes %ld; %.1fs%s\n", lo, hi,
         found ? "found" : "none found", budget, budget0, nodes, (double)(clock() - c0) / CLOCKS_PER_SEC, (maxnodes >= 0 && nodes > maxnodes) ? " NODE LIMIT HIT (not a proof)" : "");
  return 0;
}
