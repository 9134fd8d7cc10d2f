// AVX2/FMA schedule of the 8-bit preview (see CKernels.h), over strips of up
// to 256 pixels of a row, as the Swift strip kernels are scheduled: the
// arithmetic stages are loops over 8 pixels an instruction; the table lookups
// are scalar loops of their own (on this AMD EPYC, hardware gathers measured
// slower than scalar loads: 22.2 against 18.8 ms a 2048×1536 frame on one
// thread), which also keeps each loop short enough for the CPU to overlap
// its iterations.
#include "CKernels.h"
#include <string.h>

int rk_cpu_has_avx2_fma(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

#define STRIP 256
#define ALIGNED __attribute__((aligned(32)))
// Table lookups stay scalar: keep the vectoriser from turning them into gathers.
#define SCALAR _Pragma("clang loop vectorize(disable) interleave(disable)")

typedef __m256 F8;
typedef __m256i I8;

static inline F8 splat(float x) { return _mm256_set1_ps(x); }
static inline F8 clamp01(F8 x) { return _mm256_min_ps(_mm256_max_ps(x, splat(0)), splat(1)); }

/// `Kernels.split`: s ∈ [0, n] → (index, fraction) by the 1.5·2²³ add.
static inline void split(F8 s, int32_t *index, float *frac) {
    const F8 magic = splat(12582912.0f);
    F8 m = _mm256_add_ps(_mm256_sub_ps(s, splat(0.5f)), magic);
    _mm256_store_ps(frac, _mm256_sub_ps(s, _mm256_sub_ps(m, magic)));
    _mm256_store_si256((__m256i *)index, _mm256_sub_epi32(_mm256_castps_si256(m), _mm256_set1_epi32(0x4B400000)));
}

/// (value, slope) tables: o[i] = t[2k] + t[2k + 1] · f[i].
static inline void lookup(const float *t, const int32_t *k, const float *f, float *o, int m) {
    SCALAR for (int i = 0; i < m; i++) { const float *e = t + 2 * k[i]; o[i] = e[0] + e[1] * f[i]; }
}

/// Eight 16-bit codes × scale; past the end of the row (`left` < 8) the missing lanes read 0.
static inline F8 load16(const uint16_t *q, int left, F8 scale) {
    uint16_t pad[8] = {0};
    if (left < 8) { memcpy(pad, q, 2 * (size_t)left); q = pad; }
    return _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)q))), scale);
}

static inline F8 loadf(const float *q, int left) {
    float pad[8] = {0};
    if (left < 8) { memcpy(pad, q, 4 * (size_t)left); q = pad; }
    return _mm256_loadu_ps(q);
}

static inline F8 smoothstep(F8 e0, F8 inv, F8 x) {
    F8 t = clamp01(_mm256_mul_ps(_mm256_sub_ps(x, e0), inv));
    return _mm256_mul_ps(_mm256_mul_ps(t, t), _mm256_fnmadd_ps(splat(2), t, splat(3)));
}

/// `Kernels.bandWeight`.
static inline F8 bandWeight(const RKBand *b, F8 u, F8 v, F8 invN, F8 rel, F8 ramp) {
    F8 c = _mm256_mul_ps(_mm256_fmadd_ps(u, splat(b->u), _mm256_mul_ps(v, splat(b->v))), invN);
    F8 w = smoothstep(splat(b->cosEdge), splat(b->invSpan), c);
    F8 t2 = smoothstep(splat(b->fadeStart), splat(b->invFadeSpan), rel);
    w = _mm256_mul_ps(w, _mm256_sub_ps(splat(1), t2));
    return _mm256_fmadd_ps(_mm256_mul_ps(splat(b->amount), w), ramp, splat(1));
}

/// `Kernels.colorBody`: saturation and bands, then the chroma limit. The
/// bands' 1/‖uv‖ and 1/(Y + 0.02) are the CPU's 12-bit estimates (relative
/// error ≤ 3.7e-4; the float path takes a square root and two divisions):
/// they move a band weight by ~1e-3, a fraction of an 8-bit code.
static inline void color(const RKPreview *p, F8 *R, F8 *G, F8 *B) {
    F8 r = *R, g = *G, b = *B;
    F8 y = _mm256_fmadd_ps(splat(0.2126f), r, _mm256_fmadd_ps(splat(0.7152f), g, _mm256_mul_ps(splat(0.0722f), b)));
    F8 k = splat(p->global);
    if (p->bandCount > 0) {
        F8 u = _mm256_sub_ps(r, g);
        F8 v = _mm256_sub_ps(_mm256_mul_ps(_mm256_add_ps(r, g), splat(0.5f)), b);
        F8 q = _mm256_fmadd_ps(u, u, _mm256_mul_ps(v, v));
        // Gray (q ≈ 0): invN = 0, as in the float path.
        F8 invN = _mm256_and_ps(_mm256_rsqrt_ps(q), _mm256_cmp_ps(q, splat(1e-30f), _CMP_GT_OQ));
        F8 rel = _mm256_mul_ps(_mm256_mul_ps(q, invN), _mm256_rcp_ps(_mm256_add_ps(y, splat(0.02f))));
        F8 ramp = smoothstep(splat(0.02f), splat(1.0f / (0.2f - 0.02f)), rel);
        F8 f = bandWeight(&p->bands[0], u, v, invN, rel, ramp);
        for (int i = 1; i < p->bandCount; i++) f = _mm256_mul_ps(f, bandWeight(&p->bands[i], u, v, invN, rel, ramp));
        k = _mm256_mul_ps(k, f);
    }
    k = _mm256_max_ps(k, splat(0));
    F8 mn = _mm256_min_ps(_mm256_min_ps(r, g), b);
    F8 lim = _mm256_div_ps(y, _mm256_sub_ps(y, mn));
    F8 use = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(mn, y, _CMP_LT_OQ), _mm256_cmp_ps(y, splat(0), _CMP_GT_OQ)),
                           _mm256_cmp_ps(lim, k, _CMP_LT_OQ));
    k = _mm256_blendv_ps(k, lim, use);
    *R = _mm256_max_ps(_mm256_fmadd_ps(_mm256_sub_ps(r, y), k, y), splat(0));
    *G = _mm256_max_ps(_mm256_fmadd_ps(_mm256_sub_ps(g, y), k, y), splat(0));
    *B = _mm256_max_ps(_mm256_fmadd_ps(_mm256_sub_ps(b, y), k, y), splat(0));
}

/// `Kernels.tableIndex`: round(clamp01(v) · 4095).
static inline I8 encodeIndex(F8 v) {
    F8 m = _mm256_fmadd_ps(clamp01(v), splat(4095), splat(12582912.0f));
    return _mm256_sub_epi32(_mm256_castps_si256(m), _mm256_set1_epi32(0x4B400000));
}

/// A strip's linear r, g, b (`m` pixels, the planes padded to a multiple of 8)
/// through colour, vignette and display encoding into RGBA bytes.
static void finish(const RKPreview *p, float *R, float *G, float *B, int32_t *I0, int32_t *I1, int32_t *I2, int m,
                   const float *dx2, float dy2, uint32_t *out) {
    for (int i = 0; i < m; i += 8) {
        F8 r = _mm256_load_ps(R + i), g = _mm256_load_ps(G + i), b = _mm256_load_ps(B + i);
        if (p->hasColor) color(p, &r, &g, &b);
        if (p->vignette) {
            F8 d = _mm256_sqrt_ps(_mm256_add_ps(loadf(dx2 + i, m - i), splat(dy2)));
            F8 w = smoothstep(splat(p->vigInner), splat(p->vigInv), d);
            if (p->vignette == 1) {
                F8 f = _mm256_fnmadd_ps(splat(p->vigStrength), w, splat(1));
                r = _mm256_mul_ps(r, f); g = _mm256_mul_ps(g, f); b = _mm256_mul_ps(b, f);
            } else {
                F8 f = _mm256_mul_ps(splat(-p->vigStrength), w);
                r = _mm256_fmadd_ps(_mm256_sub_ps(splat(1), r), f, r);
                g = _mm256_fmadd_ps(_mm256_sub_ps(splat(1), g), f, g);
                b = _mm256_fmadd_ps(_mm256_sub_ps(splat(1), b), f, b);
            }
        }
        _mm256_store_si256((__m256i *)(I0 + i), encodeIndex(r));
        _mm256_store_si256((__m256i *)(I1 + i), encodeIndex(g));
        _mm256_store_si256((__m256i *)(I2 + i), encodeIndex(b));
    }
    const uint8_t *lut = p->lut;
    SCALAR for (int i = 0; i < m; i++)
        out[i] = (uint32_t)lut[I0[i]] | (uint32_t)lut[I1[i]] << 8 | (uint32_t)lut[I2[i]] << 16 | 0xFF000000u;
}

/// Scratch for one strip.
typedef struct {
    float r[STRIP] ALIGNED, g[STRIP] ALIGNED, b[STRIP] ALIGNED, f0[STRIP] ALIGNED, f1[STRIP] ALIGNED, f2[STRIP] ALIGNED,
        k[STRIP] ALIGNED;
    int32_t i0[STRIP] ALIGNED, i1[STRIP] ALIGNED, i2[STRIP] ALIGNED;
} Scratch;

/// r, g, b (already multiplied by the local gain) through the exposure curve
/// indexed by √x (`rootCurves` when `roots`, else `curves`) or, without a
/// curve, squared back to linear light when `roots`.
static void exposure(const RKPreview *p, Scratch *s, int m, int roots) {
    if (!p->er) {
        if (roots)
            for (int i = 0; i < m; i += 8) {
                F8 r = _mm256_load_ps(s->r + i), g = _mm256_load_ps(s->g + i), b = _mm256_load_ps(s->b + i);
                _mm256_store_ps(s->r + i, _mm256_mul_ps(r, r));
                _mm256_store_ps(s->g + i, _mm256_mul_ps(g, g));
                _mm256_store_ps(s->b + i, _mm256_mul_ps(b, b));
            }
        return;
    }
    const F8 size = splat(p->curveSize), one = splat(1);
    for (int i = 0; i < m; i += 8) {
        F8 r = _mm256_load_ps(s->r + i), g = _mm256_load_ps(s->g + i), b = _mm256_load_ps(s->b + i);
        if (roots) { r = _mm256_min_ps(r, one); g = _mm256_min_ps(g, one); b = _mm256_min_ps(b, one); }
        else { r = _mm256_sqrt_ps(clamp01(r)); g = _mm256_sqrt_ps(clamp01(g)); b = _mm256_sqrt_ps(clamp01(b)); }
        split(_mm256_mul_ps(r, size), s->i0 + i, s->f0 + i);
        split(_mm256_mul_ps(g, size), s->i1 + i, s->f1 + i);
        split(_mm256_mul_ps(b, size), s->i2 + i, s->f2 + i);
    }
    lookup(p->er, s->i0, s->f0, s->r, m);
    lookup(p->eg, s->i1, s->f1, s->g, m);
    lookup(p->eb, s->i2, s->f2, s->b, m);
}

void rk_preview_row_avx2(const RKPreview *pp, size_t pixel, int x0, int n, float dy2, uint32_t *out) {
    // A copy: stores through the scratch's int planes may not alias its fields.
    const RKPreview P = *pp, *p = &P;
    Scratch s;
    const F8 inv = splat(p->rootInv);
    for (int s0 = 0; s0 < n; s0 += STRIP) {
        int m = n - s0 < STRIP ? n - s0 : STRIP;
        size_t q = pixel + (size_t)s0;
        // √gain at the mask value (`rootGain`), then √gain · √x.
        if (p->base) {
            for (int i = 0; i < m; i += 8) split(load16(p->base + q + i, m - i, splat(p->gainScale)), s.i0 + i, s.f0 + i);
            lookup(p->rootGain, s.i0, s.f0, s.k, m);
        }
        for (int i = 0; i < m; i += 8) {
            F8 k = p->base ? _mm256_load_ps(s.k + i) : splat(1);
            _mm256_store_ps(s.r + i, _mm256_mul_ps(load16(p->sr + q + i, m - i, inv), k));
            _mm256_store_ps(s.g + i, _mm256_mul_ps(load16(p->sg + q + i, m - i, inv), k));
            _mm256_store_ps(s.b + i, _mm256_mul_ps(load16(p->sb + q + i, m - i, inv), k));
        }
        exposure(p, &s, m, 1);
        finish(p, s.r, s.g, s.b, s.i0, s.i1, s.i2, m, p->dx2 + x0 + s0, dy2, out + s0);
    }
}

/// `Kernels.log2` (exponent plus a mantissa polynomial; same coefficients).
static inline F8 fastLog2(F8 x) {
    I8 bits = _mm256_castps_si256(_mm256_max_ps(x, splat(1e-7f)));
    F8 e = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(0xff)),
                                                _mm256_set1_epi32(127)));
    F8 t = _mm256_sub_ps(_mm256_castsi256_ps(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x007fffff)),
                                                             _mm256_set1_epi32(0x3f800000))), splat(1));
    F8 c = _mm256_fmadd_ps(t, splat(0.0451489816f), splat(-0.193575516f));
    c = _mm256_fmadd_ps(t, c, splat(0.41560588f));
    c = _mm256_fmadd_ps(t, c, splat(-0.709096377f));
    c = _mm256_fmadd_ps(t, c, splat(1.44191703f));
    return _mm256_fmadd_ps(t, c, e);
}

void rk_render_row_avx2(const RKPreview *pp, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                        uint32_t *out) {
    const RKPreview P = *pp, *p = &P;
    Scratch s;
    for (int s0 = 0; s0 < n; s0 += STRIP) {
        int m = n - s0 < STRIP ? n - s0 : STRIP;
        const float *src = p->pixels + 4 * (pixel + (size_t)s0);
        // `deinterleave`: RGBA → planes (4×4 transposes in each 128-bit lane, then lanes in order).
        for (int i = 0; i < m; i += 8) {
            float pad[32] = {0};
            const float *q = src + 4 * i;
            if (m - i < 8) { memcpy(pad, q, 16 * (size_t)(m - i)); q = pad; }
            F8 a0 = _mm256_loadu_ps(q), a1 = _mm256_loadu_ps(q + 8), a2 = _mm256_loadu_ps(q + 16), a3 = _mm256_loadu_ps(q + 24);
            F8 t0 = _mm256_unpacklo_ps(a0, a1), t1 = _mm256_unpackhi_ps(a0, a1);
            F8 t2 = _mm256_unpacklo_ps(a2, a3), t3 = _mm256_unpackhi_ps(a2, a3);
            const I8 order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);   // lanes came out as 0 2 4 6 | 1 3 5 7
            _mm256_store_ps(s.r + i, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)), order));
            _mm256_store_ps(s.g + i, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)), order));
            _mm256_store_ps(s.b + i, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)), order));
        }
        if (p->gain) {
            // `maskBase`: the row's coefficients at each column (scalar), then a·log2 Y + b;
            // `localGain`: the gain table at the mask value.
            const int32_t *xi = p->xIndex + x0 + s0;
            const float *xf = p->xFrac + x0 + s0;
            SCALAR for (int i = 0; i < m; i++) {
                int j = xi[i];
                float tx = xf[i];
                s.f1[i] = ra[j] + (ra[j + 1] - ra[j]) * tx;
                s.f2[i] = rb[j] + (rb[j + 1] - rb[j]) * tx;
            }
            const F8 lo = splat(p->baseLo), binv = splat(p->baseInv), size = splat(p->gainSize);
            for (int i = 0; i < m; i += 8) {
                F8 y = _mm256_fmadd_ps(splat(0.2126f), _mm256_load_ps(s.r + i),
                                       _mm256_fmadd_ps(splat(0.7152f), _mm256_load_ps(s.g + i),
                                                       _mm256_mul_ps(splat(0.0722f), _mm256_load_ps(s.b + i))));
                F8 base = _mm256_fmadd_ps(_mm256_load_ps(s.f1 + i), fastLog2(y), _mm256_load_ps(s.f2 + i));
                split(_mm256_mul_ps(clamp01(_mm256_mul_ps(_mm256_sub_ps(base, lo), binv)), size), s.i0 + i, s.f0 + i);
            }
            lookup(p->gain, s.i0, s.f0, s.k, m);
            for (int i = 0; i < m; i += 8) {
                F8 k = _mm256_load_ps(s.k + i);
                _mm256_store_ps(s.r + i, _mm256_mul_ps(_mm256_load_ps(s.r + i), k));
                _mm256_store_ps(s.g + i, _mm256_mul_ps(_mm256_load_ps(s.g + i), k));
                _mm256_store_ps(s.b + i, _mm256_mul_ps(_mm256_load_ps(s.b + i), k));
            }
        }
        exposure(p, &s, m, 0);
        finish(p, s.r, s.g, s.b, s.i0, s.i1, s.i2, m, p->dx2 + x0 + s0, dy2, out + s0);
    }
}

#pragma clang attribute pop
#else
void rk_preview_row_avx2(const RKPreview *p, size_t pixel, int x0, int n, float dy2, uint32_t *out) {
    (void)p; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
void rk_render_row_avx2(const RKPreview *p, const float *ra, const float *rb, size_t pixel, int x0, int n, float dy2,
                        uint32_t *out) {
    (void)p; (void)ra; (void)rb; (void)pixel; (void)x0; (void)n; (void)dy2; (void)out;
}
#endif
