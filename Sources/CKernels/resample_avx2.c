// The eight-resample passes (`resample_body.h`) under AVX2, chosen at
// run time (`rk_cpu_has_avx2`). No FMA in the target: nothing can be fused.
#include "ResampleKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define RK_FN(name) name##_avx2
#include "resample_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX2 here): the generic build under the AVX2 names.
void rk_cluster_mean8_avx2(const double *sums, const int64_t *counts, long participants, const int32_t *w, double *out) {
    rk_cluster_mean8_generic(sums, counts, participants, w, out);
}
void rk_survival_rmst8_avx2(const RKSurvivalGrid *g, const int32_t *w, double tau, double *out) {
    rk_survival_rmst8_generic(g, w, tau, out);
}
void rk_survival_km8_avx2(const RKSurvivalGrid *g, const int32_t *w, double until, double through,
                          const double *queries, long queryCount, double *first, double *atQuery) {
    rk_survival_km8_generic(g, w, until, through, queries, queryCount, first, atQuery);
}
#endif
