// The CIEDE2000 and Lab kernels (`deltae_body.h`) for the baseline target: what
// runs on a CPU without AVX2, and what the AVX2 build is tested against.
#define RK_FN(name) name##_generic
#define RK_LANES 8
#include "deltae_body.h"
