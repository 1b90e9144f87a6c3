/* splitmix64, the generator of the bench's C tools (seating_base_round.c,
 * seating_layers.c, seating_orbit_frames.c): a seed gives the same run on
 * every machine.  One translation unit each, so the state is static. */
#ifndef SPLITMIX64_H
#define SPLITMIX64_H

#include <stdint.h>

static uint64_t state;

static uint64_t next64(void) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* 0 .. n - 1, from the high bits */
static inline int below(int n) { return (int)((next64() >> 33) % (uint64_t)n); }

#endif
