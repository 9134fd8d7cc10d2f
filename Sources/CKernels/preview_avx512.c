// The 8-bit preview (`preview_body.h`) on 16 lanes under AVX-512F, chosen at
// run time (`rk_cpu_has_avx512`) over the AVX2 kernel (`preview_avx2.c`). The
// two estimates are the AVX2 instructions' on each 8-lane half (AVX-512F's own
// are 14-bit, not the same bits), so the bytes are the AVX2 kernel's.
#include "CKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx512f,avx2,fma"))), apply_to = function)
#pragma clang diagnostic ignored "-Wpsabi"

typedef float rk_p16 __attribute__((ext_vector_type(16)));
typedef float rk_p8 __attribute__((ext_vector_type(8)));

static inline rk_p16 rk_halves(rk_p16 x, int recip) {
    rk_p8 lo = __builtin_shufflevector(x, x, 0, 1, 2, 3, 4, 5, 6, 7);
    rk_p8 hi = __builtin_shufflevector(x, x, 8, 9, 10, 11, 12, 13, 14, 15);
    lo = recip ? (rk_p8)_mm256_rcp_ps((__m256)lo) : (rk_p8)_mm256_rsqrt_ps((__m256)lo);
    hi = recip ? (rk_p8)_mm256_rcp_ps((__m256)hi) : (rk_p8)_mm256_rsqrt_ps((__m256)hi);
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

#define RK_FN(name) name##_avx512
#define RK_LANES 16
#define RK_RSQRT(x) rk_halves((x), 0)
#define RK_RCP(x) rk_halves((x), 1)
#define RK_PLANE(c) c, c + 4, c + 8, c + 12, c + 16, c + 20, c + 24, c + 28, c + 32, c + 36, c + 40, c + 44, \
                    c + 48, c + 52, c + 56, c + 60
#include "preview_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX-512 here).
void rk_preview_row_avx512(const RKPreview *p, size_t pixel, int x0, int n, float dy2, uint32_t *out) {
    (void)p; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
void rk_render_row_avx512(const RKPreview *p, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                          uint32_t *out) {
    (void)p; (void)ra; (void)rb; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
#endif
