// The 8-bit preview's per-pixel stages as vector kernels (`preview_body.h`,
// built for AVX2/FMA on 8 lanes and for AVX-512F on 16), compiled here because
// Swift has no per-function target attribute: the rest of the engine stays a
// baseline x86-64 (SSE2) build and calls these only when the CPU reports the
// target at run time (`rk_cpu_has_avx2_fma`, `rk_cpu_has_avx512`; `cpu.c`). The
// math is the Swift strip kernels' (`Kernels.rootGain`, `rootCurves`,
// `colorBody`, `vignetteFactor`, `encodeSRGB8`); see `PreviewKernelsAVX2.swift`
// for what may differ.
#ifndef REFINE_CKERNELS_H
#define REFINE_CKERNELS_H

#include <stddef.h>
#include <stdint.h>
#include "DeltaEKernels.h"   // the CIEDE2000 and Lab kernels
#include "ResampleKernels.h" // eight bootstrap resamples of a Kaplan–Meier curve at a time

#ifdef __cplusplus
extern "C" {
#endif

/// One selective colour band (`ColorKernel.Band`).
typedef struct {
    float u, v, cosEdge, invSpan, amount, fadeStart, invFadeSpan;
} RKBand;

/// Everything a preview frame needs that does not depend on the pixel: plain
/// pointers into the plan's tables and the photo's compact source.
typedef struct {
    // Compact source (`PreviewSource`): √r, √g, √b in 16-bit fixed point, the mask value (NULL: no local gain).
    const uint16_t *sr, *sg, *sb, *base;
    float rootInv;            // 1 / PreviewSource.rootScale
    // √gain table, (value, slope) pairs, indexed by base · gainScale.
    const float *rootGain;
    float gainScale;          // LocalToneCurve.lutSize / 65 535
    // Exposure curve tables, (value, slope) pairs, indexed by √x · curveSize (NULL: no curve).
    const float *er, *eg, *eb;
    float curveSize;
    // Colour: global saturation factor and up to three bands (hasColor 0: stage skipped).
    int hasColor, bandCount;
    float global;
    RKBand bands[3];
    // Vignette: 0 none, 1 darken, 2 lighten; dx2 per column.
    int vignette;
    float vigInner, vigInv, vigStrength;
    const float *dx2;
    // sRGB encode table (`SRGB.encodeTable8`): 4 096 bytes.
    const uint8_t *lut;
    // One-shot frames (`rk_render_row_avx2`): the float photo (RGBA, linear), the
    // mask's column tables, and the gain table as (value, slope) pairs indexed by
    // clamp01((base − baseLo) · baseInv) · gainSize (NULL: no local gain).
    const float *pixels;
    const int32_t *xIndex;
    const float *xFrac;
    const float *gain;
    float baseLo, baseInv, gainSize;
} RKPreview;

/// 1 when this CPU runs AVX2 and FMA.
int rk_cpu_has_avx2_fma(void);

/// Renders `n` pixels of row `y` from column `x0` (`pixel` = y · width + x0)
/// into `out` as RGBA bytes, alpha 255, from the compact source. Call only
/// when `rk_cpu_has_avx2_fma()`.
void rk_preview_row_avx2(const RKPreview *p, size_t pixel, int x0, int n, float dy2, uint32_t *out);

/// The same for a photo without a compact source (a one-shot frame): reads the
/// opaque float photo and computes the mask value per pixel from the row's
/// interpolated coefficients `ra`, `rb` (`LocalToneMask.interpolateRowPlanar`;
/// ignored without a gain table). `Kernels.maskBase`, `localGain`, `curves`.
void rk_render_row_avx2(const RKPreview *p, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                        uint32_t *out);

/// The same two on 16 lanes (`preview_body.h` under AVX-512F): the AVX2
/// kernels' values, display codes computed (within 1 code of their bytes). Call only when `rk_cpu_has_avx512()`.
void rk_preview_row_avx512(const RKPreview *p, size_t pixel, int x0, int n, float dy2, uint32_t *out);
void rk_render_row_avx512(const RKPreview *p, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                          uint32_t *out);

#ifdef __cplusplus
}
#endif

#endif
