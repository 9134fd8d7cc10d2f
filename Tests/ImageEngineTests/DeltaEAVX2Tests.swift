import Foundation
@testable import ImageEngine
import Kernels
import Testing

/// The AVX2 and AVX-512 builds of the CIEDE2000 and Lab kernels
/// (`Sources/CKernels/deltae_body.h`, compiled as `deltae_avx2.c` and
/// `deltae_avx512.c`) give the generic build's results bit for bit (the generic
/// build is what a CPU without them runs), on whichever of them this CPU runs: random pairs (zero chromas,
/// nearly opposite and nearly equal hues, odd block lengths so a block ends in a
/// partial vector) and real photo pairs. Identical bits are what keep every
/// metric of the photo questions unchanged.
@Suite struct DeltaEAVX2Tests {
    @Test func wideBuildsEqualTheGenericBlockBitForBit() throws {
        let wide = KernelBuild.allCases.filter { $0 != .generic && $0.available }
        var rng = SeededRNG(seed: 2005)
        func u(_ lo: Float, _ hi: Float) -> Float { lo + (hi - lo) * Float(rng.next() % 1_000_001) / 1_000_000 }
        let c = DeltaE2000Block.capacity
        var pairs: [(SIMD4<Float>, SIMD4<Float>)] = []
        for i in 0..<(40 * c) {
            let c1 = i % 11 == 0 ? 0 : u(0, 130), h1 = u(0, 2 * .pi)
            let h2 = i % 4 == 0 ? h1 + .pi + u(-0.02, 0.02) : i % 5 == 0 ? h1 + u(-0.01, 0.01) : u(0, 2 * .pi)
            let c2 = i % 13 == 0 ? 0 : i % 5 == 0 ? c1 + u(-1, 1) : u(0, 130)
            pairs.append((SIMD4(u(0, 100), c1 * cos(h1), c1 * sin(h1), 0), SIMD4(u(0, 100), c2 * cos(h2), c2 * sin(h2), 0)))
        }
        for name in FastPathTests.photoNames.prefix(4) {
            let a = try Fixtures.photo(name).downscaled(toFit: 96)
            let b = Renderer(threads: 1).render(a, with: Adjustments(brightness: 0.2, saturation: -0.5, blueSkies: 0.8))
            let la = LabImage(a), lb = LabImage(b)
            pairs += zip(la.pixels, lb.pixels).map { ($0, $1) }
        }
        var checked = 0, flagged = 0
        var start = 0, length = 1
        while start < pairs.count {
            let n = min(length, c, pairs.count - start)
            let portable = Self.run(pairs[start..<start + n], build: .generic)
            for build in wide {
                let fast = Self.run(pairs[start..<start + n], build: build)
                for i in 0..<n {
                    #expect(portable[i].bitPattern == fast[i].bitPattern || (portable[i].isNaN && fast[i].isNaN),
                            "pair \(start + i): \(pairs[start + i]) generic \(portable[i]) \(build) \(fast[i])")
                }
            }
            flagged += portable.filter(\.isNaN).count
            checked += n
            start += n
            length = length % c + 37   // 1, 38, 75, …: every remainder mod 8
        }
        #expect(checked == pairs.count && flagged > 100)
    }

    @Test func wideBuildsEqualTheGenericLabBitForBit() throws {
        let wide = KernelBuild.allCases.filter { $0 != .generic && $0.available }
        var rng = SeededRNG(seed: 1976)
        let n = DeltaE2000Block.capacity
        for round in 0..<100 {
            // Linear values from black (the linear branch) past white (HDR renders).
            let scale: Float = round % 2 == 0 ? 1 : 4
            let planes = (0..<3).map { _ in (0..<n).map { _ in scale * Float(rng.next() % 1_000_001) / 1_000_000 * (round % 3 == 0 ? 0.01 : 1) } }
            let count = n - round % 16
            func lab(_ build: KernelBuild) -> [[Float]] {
                var r = planes[0], g = planes[1], b = planes[2]
                r.withUnsafeMutableBufferPointer { rp in g.withUnsafeMutableBufferPointer { gp in b.withUnsafeMutableBufferPointer { bp in
                    LabImage.labPlanar(rp.baseAddress!, gp.baseAddress!, bp.baseAddress!, count, build: build) } } }
                return [r, g, b]
            }
            let portable = lab(.generic)
            for build in wide {
                let fast = lab(build)
                for k in 0..<3 {
                    for i in 0..<count { #expect(portable[k][i].bitPattern == fast[k][i].bitPattern, "\(build) plane \(k) pixel \(i)") }
                }
            }
        }
    }

    /// ΔE00 of each pair through `DeltaE2000Block.compute` (NaN: flagged for the direct formula).
    static func run(_ pairs: ArraySlice<(SIMD4<Float>, SIMD4<Float>)>, build: KernelBuild) -> [Float] {
        let block = DeltaE2000Block()
        defer { block.deallocate() }
        for (i, (p, q)) in pairs.enumerated() {
            block.l1[i] = p.x; block.a1[i] = p.y; block.b1[i] = p.z; block.l2[i] = q.x; block.a2[i] = q.y; block.b2[i] = q.z
        }
        DeltaE2000Block.rtTable.withUnsafeBufferPointer { rt in
            DeltaE2000Block.compute(block.l1, block.a1, block.b1, block.l2, block.a2, block.b2, block.out, pairs.count,
                                    scratch: block.storageBase + 7 * DeltaE2000Block.capacity, idx: block.idx,
                                    rt: rt.baseAddress!, build: build)
        }
        return (0..<pairs.count).map { block.out[$0] }
    }
}
