// The eight-resample passes (`resample_body.h`) under AVX-512F (one
// zmm register a vector of eight doubles), chosen at run time
// (`rk_cpu_has_avx512`). AVX-512F has FMA, but contraction is off in the body.
#include "ResampleKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#define RK_FN(name) name##_avx512
#include "resample_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX-512 here): the generic build under the AVX-512 names.
void rk_cluster_mean8_avx512(const double *sums, const int64_t *counts, long participants, const int32_t *w, double *out) {
    rk_cluster_mean8_generic(sums, counts, participants, w, out);
}
void rk_survival_rmst8_avx512(const RKSurvivalGrid *g, const int32_t *w, double tau, double *out) {
    rk_survival_rmst8_generic(g, w, tau, out);
}
void rk_survival_km8_avx512(const RKSurvivalGrid *g, const int32_t *w, double until, double through,
                            const double *queries, long queryCount, double *first, double *atQuery) {
    rk_survival_km8_generic(g, w, until, through, queries, queryCount, first, atQuery);
}
#endif
