// The 8-bit preview (see CKernels.h) written once on clang vectors of RK_LANES
// floats: strips of up to 256 pixels of a row, arithmetic stages a vector an
// operation, table lookups in scalar loops of their own (which measured faster
// than AVX2's hardware gathers). Each includer is a schedule for one target:
// `preview_avx2.c` (8 lanes, avx2 and fma) and `preview_avx512.c` (16 lanes,
// avx512f, with gathers and computed display codes).
//
// Contraction is off and every fused multiply-add is an explicit `FMA`; min
// and max are `a < b ? a : b` and `a > b ? a : b` (what vminps/vmaxps return,
// NaN included); the two estimates (1/√q and 1/(Y + 0.02)) come from the
// build's `RK_RSQRT` and `RK_RCP`, which both builds take from the AVX2
// instructions (the AVX-512 build on each half), so both give the same values
// up to the display encoding. An includer may define `RK_LOOKUP` (vector table
// lookups, same bits) and `RK_ROOT4` (x^¼, which switches the display bytes
// from the 4096-entry table to `pcode8`, within 1 code; `PreviewAVX2Tests`).
//
// Include after defining RK_FN(name), RK_LANES, RK_RSQRT(x), RK_RCP(x) and
// RK_PLANE(c) (the shuffle indices of channel c among RK_LANES RGBA pixels).
#include <string.h>
#include "CKernels.h"

#pragma clang fp contract(off)
// The vector helpers are inlined: no vector crosses a call, so no ABI note applies.
#pragma clang diagnostic ignored "-Wpsabi"

#define PSTRIP 256
#define PALIGNED __attribute__((aligned(64)))
// Table lookups stay scalar: keep the vectoriser from turning them into gathers.
#define PSCALAR _Pragma("clang loop vectorize(disable) interleave(disable)")

typedef float rk_pf __attribute__((ext_vector_type(RK_LANES)));
typedef int32_t rk_pi __attribute__((ext_vector_type(RK_LANES)));
typedef uint32_t rk_pu __attribute__((ext_vector_type(RK_LANES)));
typedef uint16_t rk_ph __attribute__((ext_vector_type(RK_LANES)));

#define F rk_pf
#define FMA(a, b, c) __builtin_elementwise_fma((a), (b), (c))
#define SEL RK_FN(psel)
#define MIN RK_FN(pmin)
#define MAX RK_FN(pmax)
#define CLAMP01 RK_FN(pclamp01)

static inline F SEL(rk_pi c, F a, F b) { return (F)((c & (rk_pi)a) | (~c & (rk_pi)b)); }
static inline F MIN(F a, F b) { return SEL(a < b, a, b); }
static inline F MAX(F a, F b) { return SEL(a > b, a, b); }
static inline F CLAMP01(F x) { return MIN(MAX(x, (F)0), (F)1); }
static inline F RK_FN(pload)(const float *p) { F v; memcpy(&v, p, sizeof v); return v; }
static inline void RK_FN(pstore)(float *p, F v) { memcpy(p, &v, sizeof v); }
static inline void RK_FN(pstorei)(int32_t *p, rk_pi v) { memcpy(p, &v, sizeof v); }

/// `Kernels.split`: s ∈ [0, n] → (index, fraction) by the 1.5·2²³ add.
static inline void RK_FN(psplit)(F s, int32_t *index, float *frac) {
    const F magic = 12582912.0f;
    F m = (s - 0.5f) + magic;
    RK_FN(pstore)(frac, s - (m - magic));
    RK_FN(pstorei)(index, (rk_pi)m - 0x4B400000);
}

/// (value, slope) tables: o[i] = t[2k] + t[2k + 1] · f[i], fused (as the intrinsics kernel this body replaced
/// contracted it, so the bytes stayed the same).
/// With `RK_LOOKUP` (the AVX-512 build's gathers), RK_LANES lookups at a time;
/// the scratch planes are PSTRIP long, so a tail vector stays inside them.
static inline void RK_FN(plookup)(const float *t, const int32_t *k, const float *f, float *o, int m) {
#ifdef RK_LOOKUP
    for (int i = 0; i < m; i += RK_LANES) RK_LOOKUP(t, k + i, f + i, o + i, m - i);
#else
    PSCALAR for (int i = 0; i < m; i++) { const float *e = t + 2 * k[i]; o[i] = __builtin_fmaf(e[1], f[i], e[0]); }
#endif
}

/// RK_LANES 16-bit codes × scale; past the end of the row (`left` < RK_LANES) the missing lanes read 0.
static inline F RK_FN(pload16)(const uint16_t *q, int left, float scale) {
    rk_ph v = 0;
    // A whole vector by a fixed-size copy (one load; a variable size is a call to memcpy).
    if (left >= RK_LANES) memcpy(&v, q, sizeof v);
    else memcpy(&v, q, 2 * (size_t)left);
    return __builtin_convertvector(v, F) * scale;
}

static inline F RK_FN(ploadf)(const float *q, int left) {
    F v = 0;
    if (left >= RK_LANES) memcpy(&v, q, sizeof v);
    else memcpy(&v, q, 4 * (size_t)left);
    return v;
}

static inline F RK_FN(psmooth)(F e0, F inv, F x) {
    F t = CLAMP01((x - e0) * inv);
    return (t * t) * FMA(-(F)2, t, (F)3);
}

/// `Kernels.bandWeight`.
static inline F RK_FN(pband)(const RKBand *b, F u, F v, F invN, F rel, F ramp) {
    F c = FMA(u, (F)b->u, v * b->v) * invN;
    F w = RK_FN(psmooth)((F)b->cosEdge, (F)b->invSpan, c);
    F t2 = RK_FN(psmooth)((F)b->fadeStart, (F)b->invFadeSpan, rel);
    w = w * (1.0f - t2);
    return FMA((F)(b->amount) * w, ramp, (F)1);
}

/// `Kernels.colorBody`: saturation and bands, then the chroma limit (the
/// bands' reciprocals are the build's estimates, `RK_RSQRT` and `RK_RCP`).
static inline void RK_FN(pcolor)(const RKPreview *p, F *R, F *G, F *B) {
    F r = *R, g = *G, b = *B;
    F y = FMA((F)0.2126f, r, FMA((F)0.7152f, g, 0.0722f * b));
    F k = p->global;
    if (p->bandCount > 0) {
        F u = r - g;
        F v = (r + g) * 0.5f - b;
        F q = FMA(u, u, v * v);
        // Gray (q ≈ 0): invN = 0, as in the float path.
        F invN = (F)((rk_pi)RK_RSQRT(q) & (q > 1e-30f));
        F rel = (q * invN) * RK_RCP(y + 0.02f);
        F ramp = RK_FN(psmooth)((F)0.02f, (F)(1.0f / (0.2f - 0.02f)), rel);
        F f = RK_FN(pband)(&p->bands[0], u, v, invN, rel, ramp);
        for (int i = 1; i < p->bandCount; i++) f = f * RK_FN(pband)(&p->bands[i], u, v, invN, rel, ramp);
        k = k * f;
    }
    k = MAX(k, (F)0);
    F mn = MIN(MIN(r, g), b);
    F lim = y / (y - mn);
    k = SEL((mn < y) & (y > 0) & (lim < k), lim, k);
    *R = MAX(FMA(r - y, k, y), (F)0);
    *G = MAX(FMA(g - y, k, y), (F)0);
    *B = MAX(FMA(b - y, k, y), (F)0);
}

/// `Kernels.tableIndex`: round(clamp01(v) · 4095).
static inline rk_pi RK_FN(pencode)(F v) {
    return (rk_pi)FMA(CLAMP01(v), (F)4095, (F)12582912.0f) - 0x4B400000;
}

#ifdef RK_ROOT4
/// Linear → 8-bit sRGB code without a table (the builds that define
/// `RK_ROOT4`, x^¼): below 0.0031308 the standard's line, above it a degree-5
/// polynomial in u = x^¼ for 255·(1.055·u^(5/3) − 0.055), fitted by iteratively
/// reweighted least squares on [0.0031308^¼, 1] (max error 0.0017 code in
/// float32; the ¼ power keeps the curve gentle enough for 5 terms). Rounded
/// to nearest. Within 1 code of `SRGB.encode8` and closer to it than the
/// 4096-entry table (whose 1/4095 steps are up to 0.8 code near black).
static inline rk_pi RK_FN(pcode8)(F x) {
    F v = CLAMP01(x), u = RK_ROOT4(v);
    F c = FMA(FMA(FMA(FMA(FMA((F)-17.3754311f, u, (F)73.8223877f), u, (F)-147.245575f), u, (F)320.119659f), u,
                  (F)41.3193474f), u, (F)-15.6420603f);
    c = SEL(v <= 0.0031308f, v * (12.92f * 255.0f), c);
    rk_pi k = (rk_pi)(c + 12582912.0f) - 0x4B400000;
    return __builtin_elementwise_min(__builtin_elementwise_max(k, (rk_pi)0), (rk_pi)255);
}
#endif

/// A strip's linear r, g, b (`m` pixels, the planes padded to a multiple of
/// RK_LANES) through colour, vignette and display encoding into RGBA bytes.
static void RK_FN(pfinish)(const RKPreview *p, float *R, float *G, float *B, int32_t *I0, int32_t *I1, int32_t *I2,
                           int m, const float *dx2, float dy2, uint32_t *out) {
    for (int i = 0; i < m; i += RK_LANES) {
        F r = RK_FN(pload)(R + i), g = RK_FN(pload)(G + i), b = RK_FN(pload)(B + i);
        if (p->hasColor) RK_FN(pcolor)(p, &r, &g, &b);
        if (p->vignette) {
            F d = __builtin_elementwise_sqrt(RK_FN(ploadf)(dx2 + i, m - i) + dy2);
            F w = RK_FN(psmooth)((F)p->vigInner, (F)p->vigInv, d);
            if (p->vignette == 1) {
                F f = FMA(-(F)p->vigStrength, w, (F)1);
                r = r * f; g = g * f; b = b * f;
            } else {
                F f = -p->vigStrength * w;
                r = FMA(1.0f - r, f, r); g = FMA(1.0f - g, f, g); b = FMA(1.0f - b, f, b);
            }
        }
#ifdef RK_ROOT4
        // Computed codes packed a vector at a time: no table, no scalar loop.
        rk_pu px = (rk_pu)RK_FN(pcode8)(r) | (rk_pu)RK_FN(pcode8)(g) << 8 | (rk_pu)RK_FN(pcode8)(b) << 16 | 0xFF000000u;
        if (m - i >= RK_LANES) memcpy(out + i, &px, sizeof px);
        else memcpy(out + i, &px, 4 * (size_t)(m - i));
    }
    (void)I0; (void)I1; (void)I2;
#else
        RK_FN(pstorei)(I0 + i, RK_FN(pencode)(r));
        RK_FN(pstorei)(I1 + i, RK_FN(pencode)(g));
        RK_FN(pstorei)(I2 + i, RK_FN(pencode)(b));
    }
    const uint8_t *lut = p->lut;
    PSCALAR for (int i = 0; i < m; i++)
        out[i] = (uint32_t)lut[I0[i]] | (uint32_t)lut[I1[i]] << 8 | (uint32_t)lut[I2[i]] << 16 | 0xFF000000u;
#endif
}

/// Scratch for one strip.
typedef struct {
    float r[PSTRIP] PALIGNED, g[PSTRIP] PALIGNED, b[PSTRIP] PALIGNED, f0[PSTRIP] PALIGNED, f1[PSTRIP] PALIGNED,
        f2[PSTRIP] PALIGNED, k[PSTRIP] PALIGNED;
    int32_t i0[PSTRIP] PALIGNED, i1[PSTRIP] PALIGNED, i2[PSTRIP] PALIGNED;
} RK_FN(PScratch);

/// r, g, b (already multiplied by the local gain) through the exposure curve
/// indexed by √x (`rootCurves` when `roots`, else `curves`) or, without a
/// curve, squared back to linear light when `roots`.
static void RK_FN(pexposure)(const RKPreview *p, RK_FN(PScratch) *s, int m, int roots) {
    if (!p->er) {
        if (roots)
            for (int i = 0; i < m; i += RK_LANES) {
                F r = RK_FN(pload)(s->r + i), g = RK_FN(pload)(s->g + i), b = RK_FN(pload)(s->b + i);
                RK_FN(pstore)(s->r + i, r * r); RK_FN(pstore)(s->g + i, g * g); RK_FN(pstore)(s->b + i, b * b);
            }
        return;
    }
    const float size = p->curveSize;
    for (int i = 0; i < m; i += RK_LANES) {
        F r = RK_FN(pload)(s->r + i), g = RK_FN(pload)(s->g + i), b = RK_FN(pload)(s->b + i);
        if (roots) { r = MIN(r, (F)1); g = MIN(g, (F)1); b = MIN(b, (F)1); }
        else {
            r = __builtin_elementwise_sqrt(CLAMP01(r)); g = __builtin_elementwise_sqrt(CLAMP01(g));
            b = __builtin_elementwise_sqrt(CLAMP01(b));
        }
        RK_FN(psplit)(r * size, s->i0 + i, s->f0 + i);
        RK_FN(psplit)(g * size, s->i1 + i, s->f1 + i);
        RK_FN(psplit)(b * size, s->i2 + i, s->f2 + i);
    }
    RK_FN(plookup)(p->er, s->i0, s->f0, s->r, m);
    RK_FN(plookup)(p->eg, s->i1, s->f1, s->g, m);
    RK_FN(plookup)(p->eb, s->i2, s->f2, s->b, m);
}

void RK_FN(rk_preview_row)(const RKPreview *pp, size_t pixel, int x0, int n, float dy2, uint32_t *out) {
    // A copy: stores through the scratch's int planes may not alias its fields.
    const RKPreview P = *pp, *p = &P;
    RK_FN(PScratch) s;
    for (int s0 = 0; s0 < n; s0 += PSTRIP) {
        int m = n - s0 < PSTRIP ? n - s0 : PSTRIP;
        size_t q = pixel + (size_t)s0;
        // √gain at the mask value (`rootGain`), then √gain · √x.
        if (p->base) {
            for (int i = 0; i < m; i += RK_LANES)
                RK_FN(psplit)(RK_FN(pload16)(p->base + q + i, m - i, p->gainScale), s.i0 + i, s.f0 + i);
            RK_FN(plookup)(p->rootGain, s.i0, s.f0, s.k, m);
        }
        for (int i = 0; i < m; i += RK_LANES) {
            F k = p->base ? RK_FN(pload)(s.k + i) : (F)1;
            RK_FN(pstore)(s.r + i, RK_FN(pload16)(p->sr + q + i, m - i, p->rootInv) * k);
            RK_FN(pstore)(s.g + i, RK_FN(pload16)(p->sg + q + i, m - i, p->rootInv) * k);
            RK_FN(pstore)(s.b + i, RK_FN(pload16)(p->sb + q + i, m - i, p->rootInv) * k);
        }
        RK_FN(pexposure)(p, &s, m, 1);
        RK_FN(pfinish)(p, s.r, s.g, s.b, s.i0, s.i1, s.i2, m, p->dx2 + x0 + s0, dy2, out + s0);
    }
}

/// `Kernels.log2` (exponent plus a mantissa polynomial; same coefficients).
static inline F RK_FN(plog2)(F x) {
    rk_pu bits = (rk_pu)MAX(x, (F)1e-7f);
    F e = __builtin_convertvector((rk_pi)((bits >> 23) & 0xff) - 127, F);
    F t = (F)((bits & 0x007fffff) | 0x3f800000) - 1.0f;
    F c = FMA(t, (F)0.0451489816f, (F)-0.193575516f);
    c = FMA(t, c, (F)0.41560588f);
    c = FMA(t, c, (F)-0.709096377f);
    c = FMA(t, c, (F)1.44191703f);
    return FMA(t, c, e);
}

void RK_FN(rk_render_row)(const RKPreview *pp, const float *ra, const float *rb, size_t pixel, int x0, int n,
                          float dy2, uint32_t *out) {
    const RKPreview P = *pp, *p = &P;
    RK_FN(PScratch) s;
    typedef float Px __attribute__((ext_vector_type(4 * RK_LANES)));
    for (int s0 = 0; s0 < n; s0 += PSTRIP) {
        int m = n - s0 < PSTRIP ? n - s0 : PSTRIP;
        const float *src = p->pixels + 4 * (pixel + (size_t)s0);
        // `deinterleave`: RGBA → planes.
        for (int i = 0; i < m; i += RK_LANES) {
            Px v = 0;
            if (m - i >= RK_LANES) memcpy(&v, src + 4 * i, sizeof v);
            else memcpy(&v, src + 4 * i, 16 * (size_t)(m - i));
            RK_FN(pstore)(s.r + i, __builtin_shufflevector(v, v, RK_PLANE(0)));
            RK_FN(pstore)(s.g + i, __builtin_shufflevector(v, v, RK_PLANE(1)));
            RK_FN(pstore)(s.b + i, __builtin_shufflevector(v, v, RK_PLANE(2)));
        }
        if (p->gain) {
            // `maskBase`: the row's coefficients at each column (scalar), then a·log2 Y + b;
            // `localGain`: the gain table at the mask value.
            const int32_t *xi = p->xIndex + x0 + s0;
            const float *xf = p->xFrac + x0 + s0;
            PSCALAR for (int i = 0; i < m; i++) {
                int j = xi[i];
                float tx = xf[i];
                // Fused, as the replaced intrinsics kernel's C expression was (contraction on there).
                s.f1[i] = __builtin_fmaf(ra[j + 1] - ra[j], tx, ra[j]);
                s.f2[i] = __builtin_fmaf(rb[j + 1] - rb[j], tx, rb[j]);
            }
            const float lo = p->baseLo, binv = p->baseInv, size = p->gainSize;
            for (int i = 0; i < m; i += RK_LANES) {
                F y = FMA((F)0.2126f, RK_FN(pload)(s.r + i),
                          FMA((F)0.7152f, RK_FN(pload)(s.g + i), 0.0722f * RK_FN(pload)(s.b + i)));
                F base = FMA(RK_FN(pload)(s.f1 + i), RK_FN(plog2)(y), RK_FN(pload)(s.f2 + i));
                RK_FN(psplit)(CLAMP01((base - lo) * binv) * size, s.i0 + i, s.f0 + i);
            }
            RK_FN(plookup)(p->gain, s.i0, s.f0, s.k, m);
            for (int i = 0; i < m; i += RK_LANES) {
                F k = RK_FN(pload)(s.k + i);
                RK_FN(pstore)(s.r + i, RK_FN(pload)(s.r + i) * k);
                RK_FN(pstore)(s.g + i, RK_FN(pload)(s.g + i) * k);
                RK_FN(pstore)(s.b + i, RK_FN(pload)(s.b + i) * k);
            }
        }
        RK_FN(pexposure)(p, &s, m, 0);
        RK_FN(pfinish)(p, s.r, s.g, s.b, s.i0, s.i1, s.i2, m, p->dx2 + x0 + s0, dy2, out + s0);
    }
}

#undef F
#undef FMA
#undef SEL
#undef MIN
#undef MAX
#undef CLAMP01
