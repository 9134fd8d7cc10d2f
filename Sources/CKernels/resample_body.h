// The one description of the eight-resample passes (see ResampleKernels.h),
// on clang vectors of 8 lanes, compiled three times:
// `survival_generic.c` (baseline target), `survival_avx2.c` and
// `survival_avx512.c`. Lane k is the scalar pass of `SurvivalGrid` for
// resample k (and of `ClusteredSample.statistic(.mean, …)`),
// operation for operation: 32-bit integer tallies (the same
// integers as the scalar Int sums, which the caller bounds below 2³¹), exact
// conversions to double, IEEE divide, subtract, multiply and add in the
// scalar order, bit selects where the scalar pass selects; contraction off.
//
// Include after defining RK_FN(name) (the build's function name).
#include <math.h>
#include <string.h>
#include "ResampleKernels.h"

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"

typedef double rk_d8 __attribute__((ext_vector_type(8)));
typedef int64_t rk_l8 __attribute__((ext_vector_type(8)));
typedef int32_t rk_w8 __attribute__((ext_vector_type(8)));

static inline rk_w8 RK_FN(sv_loadw)(const int32_t *p) { rk_w8 v; memcpy(&v, p, sizeof v); return v; }
/// c ? a : b per lane, c a comparison's mask (all ones or zero).
static inline rk_d8 RK_FN(sv_sel)(rk_l8 c, rk_d8 a, rk_d8 b) { return (rk_d8)((c & (rk_l8)a) | (~c & (rk_l8)b)); }
static inline rk_w8 RK_FN(sv_seli)(rk_w8 c, rk_w8 a, rk_w8 b) { return (c & a) | (~c & b); }

void RK_FN(rk_cluster_mean8)(const double *sums, const int64_t *counts, long participants, const int32_t *w, double *out) {
    rk_d8 total = 0;
    rk_w8 n = 0;
    for (long c = 0; c < participants; c++) {
        rk_w8 k = RK_FN(sv_loadw)(w + c * 8);
        // The scalar pass skips participants not drawn; adding +0 instead leaves
        // the total's bits (it starts at +0, so it is never −0), and the select
        // keeps 0 × ±∞ from making a NaN.
        rk_d8 term = __builtin_convertvector(k, rk_d8) * sums[c];
        total += RK_FN(sv_sel)(__builtin_convertvector(k != 0, rk_l8), term, (rk_d8)0);
        n += k * (int32_t)counts[c];
    }
    rk_d8 result = total / __builtin_convertvector(n, rk_d8);
    memcpy(out, &result, sizeof result);
}

/// Everyone drawn, at risk at the start: Σ w[c] × counts[c] per lane.
static inline rk_w8 RK_FN(sv_atRisk)(const RKSurvivalGrid *g, const int32_t *w) {
    rk_w8 n = 0;
    for (long c = 0; c < g->participants; c++) n += RK_FN(sv_loadw)(w + c * 8) * (int32_t)g->counts[c];
    return n;
}

/// Cell j's events and leavers per lane, from entry *e up to `end` (moving *e on).
static inline void RK_FN(sv_tally)(const RKSurvivalGrid *g, const int32_t *w, long *e, long end, rk_w8 *events, rk_w8 *leaving) {
    rk_w8 d = 0, out = 0;
    for (long i = *e; i < end; i++) {
        rk_w8 k = RK_FN(sv_loadw)(w + (long)g->owners[i] * 8);
        d += k * g->events[i];
        out += k * g->leaving[i];
    }
    *e = end;
    *events = d;
    *leaving = out;
}

void RK_FN(rk_survival_rmst8)(const RKSurvivalGrid *g, const int32_t *w, double tau, double *out) {
    rk_w8 atRisk = RK_FN(sv_atRisk)(g, w);
    rk_d8 area = 0, last = 0, s = 1, survival = 1;
    long e = 0;
    for (long j = 0; j < g->cells; j++) {
        double t = g->cellTimes[j];
        if (t >= tau) break;
        rk_w8 di, outi;
        RK_FN(sv_tally)(g, w, &e, g->cellEnds[j], &di, &outi);
        rk_d8 d = __builtin_convertvector(di, rk_d8);
        rk_d8 n = __builtin_convertvector(RK_FN(sv_seli)(atRisk > 1, atRisk, (rk_w8)1), rk_d8);
        survival *= 1 - d / n;
        rk_d8 slab = s * (t - last);
        rk_l8 event = d > 0;
        area += RK_FN(sv_sel)(event, slab, (rk_d8)0);
        last = RK_FN(sv_sel)(event, (rk_d8)t, last);
        s = survival;
        atRisk -= outi;
    }
    rk_d8 result = area + s * (tau - last);
    memcpy(out, &result, sizeof result);
}

void RK_FN(rk_survival_km8)(const RKSurvivalGrid *g, const int32_t *w, double until, double through,
                            const double *queries, long queryCount, double *firstAtOrBelow, double *atQuery) {
    rk_w8 atRisk = RK_FN(sv_atRisk)(g, w);
    rk_d8 s = 1, first = INFINITY;
    rk_l8 reached = 0;
    long e = 0, q = 0;
    for (long j = 0; j < g->cells; j++) {
        double t = g->cellTimes[j];
        if (t > through) break;
        // S at a query before this cell's time is S after the cells before it.
        for (; q < queryCount && queries[q] < t; q++) memcpy(atQuery + q * 8, &s, sizeof s);
        rk_w8 di, outi;
        RK_FN(sv_tally)(g, w, &e, g->cellEnds[j], &di, &outi);
        rk_d8 d = __builtin_convertvector(di, rk_d8);
        rk_d8 n = __builtin_convertvector(RK_FN(sv_seli)(atRisk > 1, atRisk, (rk_w8)1), rk_d8);
        // With no event the factor is exactly 1: S changes only at a step.
        s *= 1 - d / n;
        rk_l8 now = (s <= until) & ~reached;
        first = RK_FN(sv_sel)(now, (rk_d8)t, first);
        reached |= now;
        atRisk -= outi;
        if (queryCount == 0) {
            int all = 1;
            for (int k = 0; k < 8; k++) all &= reached[k] != 0;
            if (all) break;
        }
    }
    for (; q < queryCount; q++) memcpy(atQuery + q * 8, &s, sizeof s);
    memcpy(firstAtOrBelow, &first, sizeof first);
}
