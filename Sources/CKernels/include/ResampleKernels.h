// Cluster-bootstrap replicates eight resamples at a time: the one-resample
// passes of `ClusteredSample.statistic(.mean, weights:)`, `SurvivalGrid.curve`
// and `SurvivalGrid.restrictedMean`, run on 8 lanes (one resample a lane) so
// each participant's (or cell's) data is read once for eight resamples.
// One description (`resample_body.h`) built three times, `_generic` for any
// CPU, `_avx2` (call only when `rk_cpu_has_avx2`) and `_avx512` (only when
// `rk_cpu_has_avx512`). Each lane does the scalar pass's integer tallies and
// IEEE operations in the same order, with contraction off: every build and
// every lane gives the scalar pass's bits (`ResampleLanesTests`).
// Swift API: `ClusteredSample.statistics(_:lanes:into:)`,
// `SurvivalGrid.restrictedMeans(tau:lanes:into:)`, `SurvivalGrid.survivalLanes`.
#ifndef REFINE_RESAMPLE_KERNELS_H
#define REFINE_RESAMPLE_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Resamples a call computes (lanes).
#define RK_RESAMPLE_LANES 8

/// The weighted mean of eight resamples: `weights[c * 8 + k]` is how often
/// participant c (of `participants`, with value total `sums[c]` over
/// `counts[c]` values) is drawn in resample k; `out[k]` is Σ w·sums / Σ w·counts,
/// summed in participant order over the drawn ones. Every Σ w·counts must fit in
/// 32 bits (the caller checks participants × the largest count < 2³¹).
void rk_cluster_mean8_generic(const double *sums, const int64_t *counts, long participants, const int32_t *weights, double *out);
void rk_cluster_mean8_avx2(const double *sums, const int64_t *counts, long participants, const int32_t *weights, double *out);
void rk_cluster_mean8_avx512(const double *sums, const int64_t *counts, long participants, const int32_t *weights, double *out);

/// A `SurvivalGrid`: cell j's entries are `cellEnds[j - 1]..<cellEnds[j]`
/// (from 0 for j = 0), each a participant (`owners`) with its events and
/// leavers there; `counts[c]` is participant c's number of observations.
typedef struct {
    const double *cellTimes;
    const int32_t *cellEnds;
    long cells;
    const int32_t *owners, *events, *leaving;
    const int64_t *counts;
    long participants;
} RKSurvivalGrid;

/// The restricted mean up to `tau` of eight resamples: `weights[c * 8 + k]` is
/// how often participant c is drawn in resample k; `out[k]` its restricted
/// mean. Every tally (Σ weight × count) must fit in 32 bits: the caller checks
/// participants × the largest count < 2³¹.
void rk_survival_rmst8_generic(const RKSurvivalGrid *grid, const int32_t *weights, double tau, double *out);
void rk_survival_rmst8_avx2(const RKSurvivalGrid *grid, const int32_t *weights, double tau, double *out);
void rk_survival_rmst8_avx512(const RKSurvivalGrid *grid, const int32_t *weights, double tau, double *out);

/// Eight resampled Kaplan–Meier curves, read where the reports read them,
/// over the cells up to `through`: `firstAtOrBelow[k]`, the time of resample
/// k's first step with S ≤ `until` (+∞ if none); `atQuery[q * 8 + k]`, its S
/// at `queries[q]` (ascending; 1 before its first step). With no queries the
/// pass stops once every lane is at or below `until`.
void rk_survival_km8_generic(const RKSurvivalGrid *grid, const int32_t *weights, double until, double through,
                             const double *queries, long queryCount, double *firstAtOrBelow, double *atQuery);
void rk_survival_km8_avx2(const RKSurvivalGrid *grid, const int32_t *weights, double until, double through,
                          const double *queries, long queryCount, double *firstAtOrBelow, double *atQuery);
void rk_survival_km8_avx512(const RKSurvivalGrid *grid, const int32_t *weights, double until, double through,
                            const double *queries, long queryCount, double *firstAtOrBelow, double *atQuery);

#ifdef __cplusplus
}
#endif

#endif
