// The eight-resample passes (`resample_body.h`) for the baseline
// target: what runs on a CPU without AVX2, and what the others are tested against.
#define RK_FN(name) name##_generic
#include "resample_body.h"
