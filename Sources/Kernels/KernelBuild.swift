import CKernels

/// The builds of a C kernel in `Sources/CKernels` (the ΔE00 and Lab kernels of
/// `deltae_body.h`, the survival resamples of `survival_body.h`): one
/// description compiled for the baseline target, for AVX2 and for AVX-512F.
/// Every build gives the same bits (`DeltaEAVX2Tests`, `ResampleLanesTests`);
/// the choice is speed only.
public enum KernelBuild: CaseIterable, Sendable {
    case generic, avx2, avx512

    /// Whether this CPU runs the build (checked at run time).
    public var available: Bool {
        switch self {
        case .generic: true
        case .avx2: rk_cpu_has_avx2() != 0
        case .avx512: rk_cpu_has_avx512() != 0
        }
    }

    /// The widest build this CPU runs (checked once).
    public static let best: KernelBuild = allCases.last { $0.available }!
}
