// What this CPU runs, asked once per kernel family at run time; each kernel
// file is a schedule of one body for one of these targets.
#include "CKernels.h"
#include "DeltaEKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#define RK_CPU_SUPPORTS(test) __builtin_cpu_init(); return (test)
#else
// No x86 vector extensions elsewhere: the generic kernels run.
#define RK_CPU_SUPPORTS(test) return 0
#endif

int rk_cpu_has_avx2(void) { RK_CPU_SUPPORTS(__builtin_cpu_supports("avx2")); }

int rk_cpu_has_avx2_fma(void) { RK_CPU_SUPPORTS(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")); }

int rk_cpu_has_avx512(void) { RK_CPU_SUPPORTS(__builtin_cpu_supports("avx512f")); }
