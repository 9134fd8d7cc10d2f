// The CIEDE2000 and Lab kernels (`deltae_body.h`) compiled for AVX2, chosen at
// run time (`rk_cpu_has_avx2`). No FMA in the target: nothing can be fused, so
// the results are the generic build's bit for bit.
#include "DeltaEKernels.h"

int rk_cpu_has_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int rk_cpu_has_avx512(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define RK_FN(name) name##_avx2
#define RK_LANES 8
#include "deltae_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX2 here): the generic build under the AVX2 names.
void rk_lab_planar_avx2(float *r, float *g, float *b, long n) { rk_lab_planar_generic(r, g, b, n); }
void rk_lab_differences_avx2(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                             float *b, float *dl, float *dc) {
    rk_lab_differences_generic(rgba, n, gl, gc, l, a, b, dl, dc);
}
void rk_de00_compute_avx2(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                          float *out, long n, long c, float *scratch, int32_t *idx, const float *rt) {
    rk_de00_compute_generic(l1, a1, b1, l2, a2, b2, out, n, c, scratch, idx, rt);
}
#endif
