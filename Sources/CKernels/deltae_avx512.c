// The CIEDE2000 and Lab kernels (`deltae_body.h`) on 16 lanes under AVX-512F,
// chosen at run time (`rk_cpu_has_avx512`). AVX-512F has FMA, but contraction
// is off in the body, so nothing is fused: the results are the generic
// build's bit for bit.
#include "DeltaEKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#define RK_FN(name) name##_avx512
#define RK_LANES 16
#include "deltae_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX-512 here): the generic build under the AVX-512 names.
void rk_lab_planar_avx512(float *r, float *g, float *b, long n) { rk_lab_planar_generic(r, g, b, n); }
void rk_lab_differences_avx512(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                               float *b, float *dl, float *dc) {
    rk_lab_differences_generic(rgba, n, gl, gc, l, a, b, dl, dc);
}
void rk_de00_compute_avx512(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                            float *out, long n, long c, float *scratch, int32_t *idx, const float *rt) {
    rk_de00_compute_generic(l1, a1, b1, l2, a2, b2, out, n, c, scratch, idx, rt);
}
#endif
