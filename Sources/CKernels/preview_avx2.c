// The 8-bit preview (`preview_body.h`) on 8 lanes under AVX2 and FMA, chosen at
// run time (`rk_cpu_has_avx2_fma`). The body is written once; this file is the
// schedule for the target: 8 lanes, the lookups as scalar loops (on this AMD
// EPYC, hardware gathers measured slower than scalar loads: 22.2 against
// 18.8 ms a 2048×1536 frame on one thread), the display codes from the
// 4096-entry table, and the CPU's 12-bit estimates of 1/√q and 1/(Y + 0.02)
// (relative error ≤ 3.7e-4; they move a band weight by ~1e-3, a fraction of an
// 8-bit code). The AVX-512 build takes the same estimates on each half, so the
// two builds differ only in the display encoding.
#include "CKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#define RK_FN(name) name##_avx2
#define RK_LANES 8
#define RK_RSQRT(x) ((rk_pf)_mm256_rsqrt_ps((__m256)(x)))
#define RK_RCP(x) ((rk_pf)_mm256_rcp_ps((__m256)(x)))
#define RK_PLANE(c) c, c + 4, c + 8, c + 12, c + 16, c + 20, c + 24, c + 28
#include "preview_body.h"
#pragma clang attribute pop
#else
// Never called (no AVX2 here).
void rk_preview_row_avx2(const RKPreview *p, size_t pixel, int x0, int n, float dy2, uint32_t *out) {
    (void)p; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
void rk_render_row_avx2(const RKPreview *p, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                        uint32_t *out) {
    (void)p; (void)ra; (void)rb; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
#endif
