// CIEDE2000 and linear RGB → CIELAB, 8 pixels a vector operation: one
// description (`deltae_body.h`) built twice, `_generic` for any CPU and `_avx2`
// (called only when the CPU reports AVX2, `rk_cpu_has_avx2`). No FMA, so both
// builds give the same bits (IEEE add, multiply, divide and square root round
// the same way at any width). Swift API: `LabImage.labPlanar`, `DeltaE2000Block.compute`.
#ifndef REFINE_DELTAE_KERNELS_H
#define REFINE_DELTAE_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether this CPU runs the AVX2 kernels below.
int rk_cpu_has_avx2(void);

/// `LabImage.labPlanar`: linear RGB planes → L, a, b planes in place. The planes
/// must hold `n` rounded up to a multiple of 8 floats (the tail lanes are computed and ignored).
void rk_lab_planar_generic(float *r, float *g, float *b, long n);
void rk_lab_planar_avx2(float *r, float *g, float *b, long n);

/// `DeltaE2000Block.compute` over `n` pairs (buffers of `capacity` floats, `n`
/// rounded up to 8 must fit; `scratch` holds 5 × capacity floats; `rt` the
/// (value, slope) table of 2·1024 + 1 entries). NaN in `out` flags a pair for
/// the direct formula.
void rk_de00_compute_generic(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                             float *out, long n, long capacity, float *scratch, int32_t *idx, const float *rt);
void rk_de00_compute_avx2(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                          float *out, long n, long capacity, float *scratch, int32_t *idx, const float *rt);

#ifdef __cplusplus
}
#endif
#endif
