// The CIEDE2000 and Lab kernels (`deltae_body.h`) compiled for AVX2, chosen at
// run time (`rk_cpu_has_avx2`). No FMA in the target: nothing can be fused, so
// the results are the generic build's bit for bit. Elsewhere than x86 (never
// called) the same body is built plainly under these names.
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#endif
#define RK_FN(name) name##_avx2
#define RK_LANES 8
#include "deltae_body.h"
#if defined(__x86_64__) || defined(__i386__)
#pragma clang attribute pop
#endif
