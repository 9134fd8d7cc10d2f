@testable import ImageEngine
import Kernels
import Testing

/// The fused comparison (`LabPlanes.forEachDifferenceBlock`) gives, bit for bit, what converting the render to a
/// `LabImage` and comparing it with the goal's gives: the ΔE00 map (ill-conditioned pairs included), the lightness
/// and the chroma differences; and every build of its per-pixel kernel gives the generic build's bits.
@Suite struct LabPlanesTests {
    /// A goal and a render of an odd size (blocks end in partial vectors), every fifth pixel of the render the
    /// goal's colour mirrored about its grey (nearly opposite hues, which the block kernel hands to the direct
    /// formula), some past white.
    static func pair() -> (goal: Image, render: Image) {
        var rng = SeededRNG(seed: 1205)
        func u() -> Float { Float(rng.next() % 1_000_001) / 1_000_000 }
        let width = 37, height = 29
        var goal: [SIMD4<Float>] = [], render: [SIMD4<Float>] = []
        for i in 0..<(width * height) {
            let g = SIMD4<Float>(u(), u(), u(), 1) * (i % 7 == 0 ? 3 : 1)
            let grey = (g.x + g.y + g.z) / 3
            let mirrored = SIMD4<Float>(2 * grey - g.x, 2 * grey - g.y, 2 * grey - g.z, 1) * (1 + 0.02 * u())
            goal.append(g)
            render.append(i % 5 == 0 ? pointwiseMax(mirrored, .zero) : SIMD4(u(), u(), u(), 1))
        }
        return (Image(width: width, height: height, pixels: goal), Image(width: width, height: height, pixels: render))
    }

    @Test func blocksEqualTheLabImageComparison() {
        let (goalImage, render) = Self.pair()
        let goal = LabImage(goalImage), current = LabImage(render)
        let map = current.deltaE2000Map(to: goal)
        var deltaE: [Float] = [], lightness: [Float] = [], chroma: [Float] = []
        LabPlanes(goal).forEachDifferenceBlock(of: render) { block in
            #expect(block.start == deltaE.count)
            deltaE += block.deltaE; lightness += block.lightness; chroma += block.chroma
        }
        #expect(deltaE.map(\.bitPattern) == map.map(\.bitPattern))
        let expectedL = zip(goal.pixels, current.pixels).map { q, p in q.x - p.x }
        let expectedC = zip(goal.pixels, current.pixels).map { q, p in
            (q.y * q.y + q.z * q.z).squareRoot() - (p.y * p.y + p.z * p.z).squareRoot()
        }
        #expect(lightness.map(\.bitPattern) == expectedL.map(\.bitPattern))
        #expect(chroma.map(\.bitPattern) == expectedC.map(\.bitPattern))
        // The direct formula was needed: the test covers the fallback.
        let pairs = zip(current.pixels, goal.pixels).prefix(DeltaE2000Block.capacity).map { ($0, $1) }
        #expect(DeltaEAVX2Tests.run(pairs[...], build: .generic).contains { $0.isNaN })
    }

    @Test func wideBuildsOfTheDifferenceKernelEqualTheGeneric() {
        let (goalImage, render) = Self.pair()
        let planes = LabPlanes(LabImage(goalImage))
        let n = DeltaE2000Block.capacity - 5
        func run(_ build: KernelBuild) -> [[Float]] {
            let block = DeltaE2000Block()
            let d = UnsafeMutablePointer<Float>.allocate(capacity: 2 * DeltaE2000Block.capacity)
            defer { block.deallocate(); d.deallocate() }
            render.pixels.withUnsafeBufferPointer { src in
                planes.l.withUnsafeBufferPointer { gl in
                    planes.chroma.withUnsafeBufferPointer { gc in
                        block.labDifferences(
                            src.baseAddress!, n, goalL: gl.baseAddress!, goalChroma: gc.baseAddress!, dl: d,
                            dc: d + DeltaE2000Block.capacity, build: build)
                    }
                }
            }
            let planes = [block.l1, block.a1, block.b1, d, d + DeltaE2000Block.capacity]
            return planes.map { p in (0..<n).map { p[$0] } }
        }
        let portable = run(.generic)
        for build in KernelBuild.allCases where build != .generic && build.available {
            let fast = run(build)
            for k in portable.indices {
                #expect(portable[k].map(\.bitPattern) == fast[k].map(\.bitPattern), "\(build) plane \(k)")
            }
        }
    }
}
