// The eight-resample passes (`resample_body.h`) under AVX-512F (one zmm
// register a vector of eight doubles), chosen at run time (`rk_cpu_has_avx512`).
// AVX-512F has FMA, but contraction is off in the body. Elsewhere than x86
// (never called) the same body is built plainly under these names.
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#endif
#define RK_FN(name) name##_avx512
#include "resample_body.h"
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute pop
#endif
