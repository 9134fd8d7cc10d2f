// The one description of the CIEDE2000 block and the linear RGB → CIELAB
// conversion (see DeltaEKernels.h), written once on clang vectors of RK_LANES
// floats and compiled three times: `deltae_generic.c` for the baseline target
// (8 lanes: each operation becomes two SSE2 instructions on x86-64, or the
// target's own vectors elsewhere), `deltae_avx2.c` under `target("avx2")`
// (8 lanes, one instruction) and `deltae_avx512.c` under `target("avx512f")`
// (16 lanes). Only IEEE add, subtract, multiply, divide and square root,
// comparisons and bit selects, with contraction off: every lane rounds the
// same at any width, so all builds give the same bits (`DeltaEAVX2Tests`).
//
// Include after defining RK_FN(name) (the build's function name) and RK_LANES.
#include <string.h>
#include "DeltaEKernels.h"

#pragma clang fp contract(off)
// The 8-lane helpers are inlined: no vector crosses a call, so no ABI note applies.
#pragma clang diagnostic ignored "-Wpsabi"

typedef float rk_f8 __attribute__((ext_vector_type(RK_LANES)));
typedef int32_t rk_i8 __attribute__((ext_vector_type(RK_LANES)));

static inline rk_f8 RK_FN(load)(const float *p) { rk_f8 v; memcpy(&v, p, sizeof v); return v; }
static inline void RK_FN(store)(float *p, rk_f8 v) { memcpy(p, &v, sizeof v); }
/// c ? a : b per lane, with c a comparison's mask (all ones or zero).
static inline rk_f8 RK_FN(sel)(rk_i8 c, rk_f8 a, rk_f8 b) { return (rk_f8)((c & (rk_i8)a) | (~c & (rk_i8)b)); }
static inline rk_f8 RK_FN(sqrt)(rk_f8 x) { return __builtin_elementwise_sqrt(x); }
static inline rk_f8 RK_FN(abs)(rk_f8 x) { return (rk_f8)((rk_i8)x & 0x7FFFFFFF); }
#define L RK_FN(load)
#define ST RK_FN(store)
#define SEL RK_FN(sel)
#define SQRT RK_FN(sqrt)
#define ABS RK_FN(abs)

/// Cube root of x > 0 to float precision (relative error < 1e-6): a bit-level
/// first guess (exponent ÷ 3, ≈3 %), then two Halley steps (cubic convergence).
static inline rk_f8 RK_FN(cbrt)(rk_f8 x) {
    rk_f8 v = SEL(x > 1e-30f, x, (rk_f8)1e-30f);
    rk_f8 y = (rk_f8)((rk_i8)v / 3 + 0x2A514067);   // v > 0: the bit pattern is non-negative
    rk_f8 y3 = y * y * y;
    y = y * (y3 + 2 * v) / (2 * y3 + v);
    y3 = y * y * y;
    y = y * (y3 + 2 * v) / (2 * y3 + v);
    return y;
}

static inline rk_f8 RK_FN(labf)(rk_f8 t) {
    rk_f8 lin = (24389.0f / 27.0f * t + 16) * (1.0f / 116.0f);
    return SEL(t > 216.0f / 24389.0f, RK_FN(cbrt)(t), lin);
}

/// Linear RGB → L*, a*, b* for one vector of pixels (D65, the sRGB matrix).
static inline void RK_FN(lab)(rk_f8 px, rk_f8 py, rk_f8 pz, rk_f8 *l, rk_f8 *a, rk_f8 *b) {
    rk_f8 x = (0.4124564f * px + 0.3575761f * py + 0.1804375f * pz) * (1.0f / 0.95047f);
    rk_f8 y = 0.2126729f * px + 0.7151522f * py + 0.0721750f * pz;
    rk_f8 z = (0.0193339f * px + 0.1191920f * py + 0.9503041f * pz) * (1.0f / 1.08883f);
    rk_f8 fx = RK_FN(labf)(x), fy = RK_FN(labf)(y), fz = RK_FN(labf)(z);
    *l = 116 * fy - 16;
    *a = 500 * (fx - fy);
    *b = 200 * (fy - fz);
}

void RK_FN(rk_lab_planar)(float *r, float *g, float *b, long n) {
    for (long i = 0; i < n; i += RK_LANES) {
        rk_f8 l, a, bb;
        RK_FN(lab)(L(r + i), L(g + i), L(b + i), &l, &a, &bb);
        ST(r + i, l);
        ST(g + i, a);
        ST(b + i, bb);
    }
}

void RK_FN(rk_lab_differences)(const float *rgba, long n, const float *gl, const float *gc, float *l, float *a,
                               float *b, float *dl, float *dc) {
    for (long i = 0; i < n; i += RK_LANES) {
        float pr[RK_LANES], pg[RK_LANES], pb[RK_LANES];
        const float *p = rgba + 4 * i;
        if (n - i >= RK_LANES) {
            // A fixed count: unrolled into shuffles.
            for (int j = 0; j < RK_LANES; j++) { pr[j] = p[4 * j]; pg[j] = p[4 * j + 1]; pb[j] = p[4 * j + 2]; }
        } else {
            // The last, partial vector: lanes past `n` are black (computed and ignored).
            memset(pr, 0, sizeof pr); memset(pg, 0, sizeof pg); memset(pb, 0, sizeof pb);
            for (long j = 0; j < n - i; j++) { pr[j] = p[4 * j]; pg[j] = p[4 * j + 1]; pb[j] = p[4 * j + 2]; }
        }
        rk_f8 cl, ca, cb;
        RK_FN(lab)(L(pr), L(pg), L(pb), &cl, &ca, &cb);
        ST(l + i, cl);
        ST(a + i, ca);
        ST(b + i, cb);
        ST(dl + i, L(gl + i) - cl);
        ST(dc + i, L(gc + i) - SQRT(ca * ca + cb * cb));
    }
}

/// Four short loops instead of one long one: the formula is a long chain of
/// dependent square roots and divisions, and a short loop body lets the
/// compiler interleave independent vectors (and the CPU overlap iterations).
void RK_FN(rk_de00_compute)(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                            float *out, long n, long c, float *scratch, int32_t *idx, const float *rt) {
    const float p7 = 6103515625.0f;   // 25⁷ (rounds to the nearest float)
    // cos/sin of the constant angles in T and of the −275° rotation.
    const float c30 = 0.8660254f, s30 = 0.5f, c6 = 0.9945219f, s6 = 0.10452846f;
    const float c63 = 0.4539905f, s63 = 0.8910065f, c275 = 0.08715574f, s275 = -0.9961947f;
    float *cp1 = scratch, *cp2 = scratch + c, *dHs = scratch + 2 * c, *chs = scratch + 3 * c, *shs = scratch + 4 * c;
    const rk_f8 zero = 0, one = 1;
    // 1. G and the primed chromas (a′ overwrites a).
    for (long i = 0; i < n; i += RK_LANES) {
        rk_f8 A1 = L(a1 + i), B1 = L(b1 + i), A2 = L(a2 + i), B2 = L(b2 + i);
        rk_f8 c1 = SQRT(ABS(A1 * A1 + B1 * B1)), c2 = SQRT(ABS(A2 * A2 + B2 * B2));
        rk_f8 cb = (c1 + c2) * 0.5f;
        rk_f8 cb2 = cb * cb, cb7 = cb2 * cb2 * cb2 * cb;
        rk_f8 g = 0.5f * (1 - SQRT(ABS(cb7 / (cb7 + p7))));
        rk_f8 ap1 = (1 + g) * A1, ap2 = (1 + g) * A2;
        ST(a1 + i, ap1); ST(a2 + i, ap2);
        ST(cp1 + i, SQRT(ABS(ap1 * ap1 + B1 * B1)));
        ST(cp2 + i, SQRT(ABS(ap2 * ap2 + B2 * B2)));
    }
    // 2. Unit hue vectors → ΔH′ (the chord between them × √(C′₁C′₂), signed by
    // the turn from hue 1 to hue 2) and the mean hue direction; NaN flags
    // nearly opposite hues (both chromas nonzero) for the direct formula.
    for (long i = 0; i < n; i += RK_LANES) {
        rk_f8 C1 = L(cp1 + i), C2 = L(cp2 + i);
        rk_f8 i1 = SEL(C1 > 0, one / C1, zero), i2 = SEL(C2 > 0, one / C2, zero);
        rk_f8 ux1 = L(a1 + i) * i1, uy1 = L(b1 + i) * i1, ux2 = L(a2 + i) * i2, uy2 = L(b2 + i) * i2;
        rk_f8 prod = C1 * C2;
        rk_f8 dx = ux1 - ux2, dy = uy1 - uy2;
        rk_f8 cross = ux1 * uy2 - uy1 * ux2;
        rk_f8 dH = SQRT(ABS(prod * (dx * dx + dy * dy)));
        dH = SEL(cross < 0, -dH, dH);
        rk_i8 pos = prod > 0;
        dH = SEL(pos, dH, zero);
        rk_f8 sx = ux1 + ux2, sy = uy1 + uy2;
        rk_f8 s2 = sx * sx + sy * sy;
        rk_i8 s2pos = s2 > 0;
        rk_f8 inv = SEL(s2pos, one / SQRT(ABS(s2)), zero);
        ST(chs + i, SEL(s2pos, sx * inv, one));   // both chromas zero: h̄′ = 0
        ST(shs + i, SEL(s2pos, sy * inv, zero));
        ST(dHs + i, SEL(pos & (s2 < 1e-4f), (rk_f8)__builtin_nanf(""), dH));
    }
    // 3. T (multiple-angle identities) and R_T from the mean hue (T into chs,
    // R_C into shs; table indices in idx, fractions in out). R_T = −sin(2Δθ)·R_C,
    // where Δθ depends on h̄′ − 275° only: read from the table by a pseudo-angle
    // of the direction rotated by −275° (one division; no atan2, exp or sin).
    for (long i = 0; i < n; i += RK_LANES) {
        rk_f8 ch = L(chs + i), sh = L(shs + i);
        rk_f8 cos2 = ch * ch - sh * sh, sin2 = 2 * ch * sh;
        rk_f8 cos3 = ch * (4 * ch * ch - 3), sin3 = sh * (3 - 4 * sh * sh);
        rk_f8 cos4 = 2 * cos2 * cos2 - 1, sin4 = 2 * sin2 * cos2;
        rk_f8 t = 1 - 0.17f * (ch * c30 + sh * s30) + 0.24f * cos2 + 0.32f * (cos3 * c6 - sin3 * s6)
                  - 0.20f * (cos4 * c63 + sin4 * s63);
        rk_f8 rx = ch * c275 + sh * s275, ry = sh * c275 - ch * s275;
        rk_f8 ax = SEL(rx > 0, rx, zero);   // the far half-plane reads the table's ends (≈ 0)
        rk_f8 den = ax + ABS(ry);
        rk_f8 q = SEL(den > 0, ry / den, zero);
        // `Kernels.split((q + 1) · 1024)`: index and fraction by the 1.5·2²³ add.
        rk_f8 s = (q + 1) * 1024.0f;
        const float magic = 12582912.0f;
        rk_f8 m = (s - 0.5f) + magic;
        ST(out + i, s - (m - magic));
        rk_i8 k = (rk_i8)m - 0x4B400000;
        memcpy(idx + i, &k, sizeof k);
        rk_f8 cbp = (L(cp1 + i) + L(cp2 + i)) * 0.5f;
        rk_f8 cbp2 = cbp * cbp, cbp7 = cbp2 * cbp2 * cbp2 * cbp;
        ST(chs + i, t);
        ST(shs + i, 2 * SQRT(ABS(cbp7 / (cbp7 + p7))));
    }
    // Table reads stay scalar (gathers measured slower here; see preview_body.h),
    // and only over the n real pairs: the tail lanes' indices are not meaningful.
#pragma clang loop vectorize(disable)
    for (long i = 0; i < n; i++) {
        const float *e = rt + 2 * (long)idx[i];
        shs[i] *= e[0] + e[1] * out[i];
    }
    // 4. The weighted sum. S_L = 1 + 0.015·l50/√(20 + l50) = (r + 0.015·l50)/r with
    // r = √(20 + l50): one division serves 1/S_L, 1/S_C and 1/S_H (all ≥ 1).
    for (long i = 0; i < n; i += RK_LANES) {
        rk_f8 cbp = (L(cp1 + i) + L(cp2 + i)) * 0.5f;
        rk_f8 lb = (L(l1 + i) + L(l2 + i)) * 0.5f;
        rk_f8 l50 = (lb - 50) * (lb - 50);
        rk_f8 root = SQRT(ABS(20 + l50));
        rk_f8 slNum = root + 0.015f * l50;
        rk_f8 sc = 1 + 0.045f * cbp, shh = 1 + 0.015f * cbp * L(chs + i);
        rk_f8 w = one / (slNum * sc * shh);
        rk_f8 tl = (L(l2 + i) - L(l1 + i)) * root * (sc * shh) * w;
        rk_f8 tc = (L(cp2 + i) - L(cp1 + i)) * (slNum * shh) * w;
        rk_f8 dH = L(dHs + i);
        rk_i8 flagged = dH != dH;
        rk_f8 th = SEL(flagged, zero, dH) * (slNum * sc) * w;
        rk_f8 d2 = tl * tl + tc * tc + th * th + L(shs + i) * tc * th;
        rk_f8 d = SQRT(ABS(SEL(d2 > 0, d2, zero)));
        ST(out + i, SEL(flagged, (rk_f8)__builtin_nanf(""), d));
    }
}

#undef L
#undef ST
#undef SEL
#undef SQRT
#undef ABS
