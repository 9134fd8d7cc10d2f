// AVX2 schedule of the CIEDE2000 block and the Lab conversion (see DeltaEKernels.h).
// Each line restates one line of the Swift loops in `ImageComparison.swift`, in
// the same evaluation order (Swift evaluates left to right, as written here), so
// the results are identical; `target("avx2")` without FMA keeps clang from fusing.
#include "DeltaEKernels.h"

int rk_cpu_has_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#pragma STDC FP_CONTRACT OFF

typedef __m256 F8;
#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps
#define DIV _mm256_div_ps
#define SQRT _mm256_sqrt_ps
static inline F8 S(float x) { return _mm256_set1_ps(x); }
static inline F8 L(const float *p) { return _mm256_loadu_ps(p); }
static inline void ST(float *p, F8 v) { _mm256_storeu_ps(p, v); }
static inline F8 ABS(F8 x) { return _mm256_andnot_ps(S(-0.0f), x); }
/// c ? a : b, with c a comparison mask.
static inline F8 SEL(F8 c, F8 a, F8 b) { return _mm256_blendv_ps(b, a, c); }
#define GT(a, b) _mm256_cmp_ps(a, b, _CMP_GT_OQ)
#define LT(a, b) _mm256_cmp_ps(a, b, _CMP_LT_OQ)
#define NE(a, b) _mm256_cmp_ps(a, b, _CMP_NEQ_UQ)

/// `FastMath.cbrt`.
static inline F8 cbrt8(F8 x) {
    F8 v = SEL(GT(x, S(1e-30f)), x, S(1e-30f));
    // bitPattern / 3 (unsigned: v > 0, so the sign bit is clear and a signed
    // division by 3 through double is exact) &+ 0x2A514067.
    __m256i bits = _mm256_castps_si256(v);
    __m128i lo = _mm256_castsi256_si128(bits), hi = _mm256_extracti128_si256(bits, 1);
    __m256d dlo = _mm256_floor_pd(_mm256_div_pd(_mm256_cvtepi32_pd(lo), _mm256_set1_pd(3)));
    __m256d dhi = _mm256_floor_pd(_mm256_div_pd(_mm256_cvtepi32_pd(hi), _mm256_set1_pd(3)));
    __m256i q = _mm256_set_m128i(_mm256_cvttpd_epi32(dhi), _mm256_cvttpd_epi32(dlo));
    F8 y = _mm256_castsi256_ps(_mm256_add_epi32(q, _mm256_set1_epi32(0x2A514067)));
    F8 y3 = MUL(MUL(y, y), y);
    y = DIV(MUL(y, ADD(y3, MUL(S(2), v))), ADD(MUL(S(2), y3), v));
    y3 = MUL(MUL(y, y), y);
    y = DIV(MUL(y, ADD(y3, MUL(S(2), v))), ADD(MUL(S(2), y3), v));
    return y;
}

static inline F8 labf(F8 t) {
    F8 lin = MUL(ADD(MUL(S(24389.0f / 27.0f), t), S(16)), S(1.0f / 116.0f));
    return SEL(GT(t, S(216.0f / 24389.0f)), cbrt8(t), lin);
}

void rk_lab_planar_avx2(float *r, float *g, float *b, long n) {
    for (long i = 0; i < n; i += 8) {
        F8 px = L(r + i), py = L(g + i), pz = L(b + i);
        F8 x = MUL(ADD(ADD(MUL(S(0.4124564f), px), MUL(S(0.3575761f), py)), MUL(S(0.1804375f), pz)), S(1.0f / 0.95047f));
        F8 y = ADD(ADD(MUL(S(0.2126729f), px), MUL(S(0.7151522f), py)), MUL(S(0.0721750f), pz));
        F8 z = MUL(ADD(ADD(MUL(S(0.0193339f), px), MUL(S(0.1191920f), py)), MUL(S(0.9503041f), pz)), S(1.0f / 1.08883f));
        F8 fx = labf(x), fy = labf(y), fz = labf(z);
        ST(r + i, SUB(MUL(S(116), fy), S(16)));
        ST(g + i, MUL(S(500), SUB(fx, fy)));
        ST(b + i, MUL(S(200), SUB(fy, fz)));
    }
}

void rk_de00_compute_avx2(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                          float *out, long n, long c, float *scratch, int32_t *idx, const float *rt) {
    const float p7 = 6103515625.0f;
    const float c30 = 0.8660254f, s30 = 0.5f, c6 = 0.9945219f, s6 = 0.10452846f;
    const float c63 = 0.4539905f, s63 = 0.8910065f, c275 = 0.08715574f, s275 = -0.9961947f;
    float *cp1 = scratch, *cp2 = scratch + c, *dHs = scratch + 2 * c, *chs = scratch + 3 * c, *shs = scratch + 4 * c;
    const F8 zero = S(0), one = S(1), half = S(0.5f);
    // 1. G and the primed chromas (a′ overwrites a).
    for (long i = 0; i < n; i += 8) {
        F8 A1 = L(a1 + i), B1 = L(b1 + i), A2 = L(a2 + i), B2 = L(b2 + i);
        F8 c1 = SQRT(ABS(ADD(MUL(A1, A1), MUL(B1, B1)))), c2 = SQRT(ABS(ADD(MUL(A2, A2), MUL(B2, B2))));
        F8 cb = MUL(ADD(c1, c2), half);
        F8 cb2 = MUL(cb, cb), cb7 = MUL(MUL(MUL(cb2, cb2), cb2), cb);
        F8 g = MUL(half, SUB(one, SQRT(ABS(DIV(cb7, ADD(cb7, S(p7)))))));
        F8 ap1 = MUL(ADD(one, g), A1), ap2 = MUL(ADD(one, g), A2);
        ST(a1 + i, ap1); ST(a2 + i, ap2);
        ST(cp1 + i, SQRT(ABS(ADD(MUL(ap1, ap1), MUL(B1, B1)))));
        ST(cp2 + i, SQRT(ABS(ADD(MUL(ap2, ap2), MUL(B2, B2)))));
    }
    // 2. Unit hue vectors → ΔH′ and the mean hue direction; NaN flags nearly opposite hues.
    for (long i = 0; i < n; i += 8) {
        F8 C1 = L(cp1 + i), C2 = L(cp2 + i);
        F8 i1 = SEL(GT(C1, zero), DIV(one, C1), zero), i2 = SEL(GT(C2, zero), DIV(one, C2), zero);
        F8 ux1 = MUL(L(a1 + i), i1), uy1 = MUL(L(b1 + i), i1), ux2 = MUL(L(a2 + i), i2), uy2 = MUL(L(b2 + i), i2);
        F8 prod = MUL(C1, C2);
        F8 dx = SUB(ux1, ux2), dy = SUB(uy1, uy2);
        F8 cross = SUB(MUL(ux1, uy2), MUL(uy1, ux2));
        F8 dH = SQRT(ABS(MUL(prod, ADD(MUL(dx, dx), MUL(dy, dy)))));
        dH = SEL(LT(cross, zero), _mm256_xor_ps(dH, S(-0.0f)), dH);
        F8 pos = GT(prod, zero);
        dH = SEL(pos, dH, zero);
        F8 sx = ADD(ux1, ux2), sy = ADD(uy1, uy2);
        F8 s2 = ADD(MUL(sx, sx), MUL(sy, sy));
        F8 s2pos = GT(s2, zero);
        F8 inv = SEL(s2pos, DIV(one, SQRT(ABS(s2))), zero);
        ST(chs + i, SEL(s2pos, MUL(sx, inv), one));
        ST(shs + i, SEL(s2pos, MUL(sy, inv), zero));
        ST(dHs + i, SEL(_mm256_and_ps(pos, LT(s2, S(1e-4f))), S(__builtin_nanf("")), dH));
    }
    // 3. T and R_T from the mean hue (T into chs, R_C into shs; table indices in idx, fractions in out).
    for (long i = 0; i < n; i += 8) {
        F8 ch = L(chs + i), sh = L(shs + i);
        F8 cos2 = SUB(MUL(ch, ch), MUL(sh, sh)), sin2 = MUL(MUL(S(2), ch), sh);
        F8 cos3 = MUL(ch, SUB(MUL(MUL(S(4), ch), ch), S(3))), sin3 = MUL(sh, SUB(S(3), MUL(MUL(S(4), sh), sh)));
        F8 cos4 = SUB(MUL(MUL(S(2), cos2), cos2), one), sin4 = MUL(MUL(S(2), sin2), cos2);
        F8 t = SUB(ADD(ADD(SUB(one, MUL(S(0.17f), ADD(MUL(ch, S(c30)), MUL(sh, S(s30))))), MUL(S(0.24f), cos2)),
                       MUL(S(0.32f), SUB(MUL(cos3, S(c6)), MUL(sin3, S(s6))))),
                   MUL(S(0.20f), ADD(MUL(cos4, S(c63)), MUL(sin4, S(s63)))));
        F8 rx = ADD(MUL(ch, S(c275)), MUL(sh, S(s275))), ry = SUB(MUL(sh, S(c275)), MUL(ch, S(s275)));
        F8 ax = SEL(GT(rx, zero), rx, zero);
        F8 den = ADD(ax, ABS(ry));
        F8 q = SEL(GT(den, zero), DIV(ry, den), zero);
        // `Kernels.split((q + 1) · 1024)`.
        F8 s = MUL(ADD(q, one), S(1024.0f));
        const F8 magic = S(12582912.0f);
        F8 m = ADD(SUB(s, half), magic);
        ST(out + i, SUB(s, SUB(m, magic)));
        _mm256_storeu_si256((__m256i *)(idx + i), _mm256_sub_epi32(_mm256_castps_si256(m), _mm256_set1_epi32(0x4B400000)));
        F8 cbp = MUL(ADD(L(cp1 + i), L(cp2 + i)), half);
        F8 cbp2 = MUL(cbp, cbp), cbp7 = MUL(MUL(MUL(cbp2, cbp2), cbp2), cbp);
        ST(chs + i, t);
        ST(shs + i, MUL(S(2), SQRT(ABS(DIV(cbp7, ADD(cbp7, S(p7)))))));
    }
    // Table reads stay scalar (gathers measured slower here; see preview_avx2.c), and
    // only over the n real pairs: the tail lanes' indices are not meaningful.
    for (long i = 0; i < n; i++) {
        const float *e = rt + 2 * (long)idx[i];
        shs[i] *= e[0] + e[1] * out[i];
    }
    // 4. The weighted sum.
    for (long i = 0; i < n; i += 8) {
        F8 cbp = MUL(ADD(L(cp1 + i), L(cp2 + i)), half);
        F8 lb = MUL(ADD(L(l1 + i), L(l2 + i)), half);
        F8 l50 = MUL(SUB(lb, S(50)), SUB(lb, S(50)));
        F8 root = SQRT(ABS(ADD(S(20), l50)));
        F8 slNum = ADD(root, MUL(S(0.015f), l50));
        F8 sc = ADD(one, MUL(S(0.045f), cbp)), shh = ADD(one, MUL(MUL(S(0.015f), cbp), L(chs + i)));
        F8 w = DIV(one, MUL(MUL(slNum, sc), shh));
        F8 tl = MUL(MUL(MUL(SUB(L(l2 + i), L(l1 + i)), root), MUL(sc, shh)), w);
        F8 tc = MUL(MUL(SUB(L(cp2 + i), L(cp1 + i)), MUL(slNum, shh)), w);
        F8 dH = L(dHs + i);
        F8 flagged = NE(dH, dH);
        F8 th = MUL(MUL(SEL(flagged, zero, dH), MUL(slNum, sc)), w);
        F8 d2 = ADD(ADD(ADD(MUL(tl, tl), MUL(tc, tc)), MUL(th, th)), MUL(MUL(L(shs + i), tc), th));
        F8 d = SQRT(ABS(SEL(GT(d2, zero), d2, zero)));
        ST(out + i, SEL(flagged, S(__builtin_nanf("")), d));
    }
}

#pragma clang attribute pop
#else
void rk_lab_planar_avx2(float *r, float *g, float *b, long n) { (void)r; (void)g; (void)b; (void)n; }
void rk_de00_compute_avx2(const float *l1, float *a1, const float *b1, const float *l2, float *a2, const float *b2,
                          float *out, long n, long c, float *scratch, int32_t *idx, const float *rt) {
    (void)l1; (void)a1; (void)b1; (void)l2; (void)a2; (void)b2; (void)out; (void)n; (void)c; (void)scratch; (void)idx; (void)rt;
}
#endif
