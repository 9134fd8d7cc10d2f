// CIEDE2000 and linear RGB → CIELAB, 8 or 16 pixels a vector operation: one
// description (`deltae_body.h`) built three times, `_generic` for any CPU,
// `_avx2` (call only when `rk_cpu_has_avx2`) and `_avx512` (16 lanes; only when
// `rk_cpu_has_avx512`). No fused operations, so every build gives the same bits
// (IEEE add, multiply, divide and square root round the same way at any width).
// Swift API: `LabImage.labPlanar`, `DeltaE2000Block.compute`, `DeltaE2000Block.labDifferences`.
#ifndef REFINE_DELTAE_KERNELS_H
#define REFINE_DELTAE_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether this CPU runs the AVX2 kernels below.
int rk_cpu_has_avx2(void);
/// Whether this CPU runs the AVX-512 kernels below (AVX-512F).
int rk_cpu_has_avx512(void);

/// `LabImage.labPlanar`: linear RGB planes → L, a, b planes in place. The planes
/// must hold `n` rounded up to a multiple of 16 floats (the tail lanes are computed and ignored).
void rk_lab_planar_generic(float *r, float *g, float *b, long n);
void rk_lab_planar_avx2(float *r, float *g, float *b, long n);
void rk_lab_planar_avx512(float *r, float *g, float *b, long n);

/// `LabPlanes.forEachDifferenceBlock`'s per-pixel step: `n` linear RGBA pixels (alpha ignored) → L, a, b planes
/// (as `rk_lab_planar`), and the goal's minus the pixel's L* and chroma (√(a² + b²)) into `dl` and `dc`, from the
/// goal's L* and chroma planes `gl` and `gc`. Every plane must hold `n` rounded up to a multiple of 16 floats;
/// `rgba` is read for `n` pixels only.
void rk_lab_differences_generic(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                                float *b, float *dl, float *dc);
void rk_lab_differences_avx2(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                             float *b, float *dl, float *dc);
void rk_lab_differences_avx512(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                               float *b, float *dl, float *dc);

/// `DeltaE2000Block.compute` over `n` pairs (every plane must hold `n` rounded up to 16 floats: the
/// block's own planes of `capacity` floats, or a padded goal plane read in place; `scratch` holds
/// 5 × capacity floats; `rt` the (value, slope) table of 2·1024 + 1 entries). NaN in `out` flags a
/// pair for the direct formula.
void rk_de00_compute_generic(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                             float *out, long n, long capacity, float *scratch, int32_t *idx, const float *rt);
void rk_de00_compute_avx2(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                          float *out, long n, long capacity, float *scratch, int32_t *idx, const float *rt);
void rk_de00_compute_avx512(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                            float *out, long n, long capacity, float *scratch, int32_t *idx, const float *rt);

#ifdef __cplusplus
}
#endif
#endif
