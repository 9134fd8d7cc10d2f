// The 8-bit preview (`preview_body.h`) on 16 lanes under AVX-512F, chosen at
// run time (`rk_cpu_has_avx512`) over the 8-lane build (`preview_avx2.c`). The
// two estimates are the AVX2 instructions' on each 8-lane half (AVX-512F's own
// are 14-bit, not the same bits), so the values are the 8-lane build's; the
// lookups are gathers and the display codes computed (`RK_LOOKUP`, `RK_ROOT4`
// below), within 1 code of the 8-lane build's bytes and closer to the float path.
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

/// `RK_LOOKUP`: 16 (value, slope) lookups o = t[2k] + t[2k + 1] · f by two
/// 8-wide 64-bit gathers (a pair is one 8-byte element), the first `left` lanes
/// only; on this Zen 4 they measured 0.37 ns a pixel against 0.55 for the
/// scalar loop (one thread, a 256-pixel strip in L1). Same fused product as the
/// scalar loop, so the same bits.
static inline void rk_lookup16(const float *t, const int32_t *k, const float *f, float *o, int left) {
    __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
    __m512i idx = _mm512_loadu_si512(k);
    __m512d lo = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), (__mmask8)live, _mm512_castsi512_si256(idx), t, 8);
    __m512d hi = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), (__mmask8)(live >> 8), _mm512_extracti64x4_epi64(idx, 1),
                                          t, 8);
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    __m512 v = _mm512_permutex2var_ps(_mm512_castpd_ps(lo), even, _mm512_castpd_ps(hi));
    __m512 s = _mm512_permutex2var_ps(_mm512_castpd_ps(lo), _mm512_add_epi32(even, _mm512_set1_epi32(1)),
                                      _mm512_castpd_ps(hi));
    _mm512_storeu_ps(o, _mm512_fmadd_ps(s, _mm512_loadu_ps(f), v));
}

#define RK_FN(name) name##_avx512
#define RK_LOOKUP(t, k, f, o, left) rk_lookup16((t), (k), (f), (o), (left))
// x^(1/4) as 1/√(1/√x) from AVX-512F's 14-bit estimates (relative error ≤ 2⁻¹⁴
// each, ≤ 9.2e-5 together: ≤ 0.08 code at white); 0 → +∞ → 0.
#define RK_ROOT4(x) ((rk_p16)_mm512_rsqrt14_ps(_mm512_rsqrt14_ps((__m512)(x))))
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
