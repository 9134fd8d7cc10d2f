// The CIEDE2000 and Lab kernels (`deltae_body.h`) on 16 lanes under AVX-512F,
// chosen at run time (`rk_cpu_has_avx512`). AVX-512F has FMA, but contraction
// is off in the body, so nothing is fused: the results are the generic
// build's bit for bit. Elsewhere than x86 (never called) the same body is
// built plainly under these names.
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#endif
#define RK_FN(name) name##_avx512
#define RK_LANES 16
#include "deltae_body.h"
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute pop
#endif
