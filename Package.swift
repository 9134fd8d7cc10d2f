// swift-tools-version: 6.0
// Refine: a reproducible research harness for interaction design.
// Layering (DESIGN.md §1): Randomness (seeded generators) and Kernels (the C kernels' builds) depend
// on nothing of ours; ImageEngine on Kernels; Interaction on nothing; Statistics on Randomness and
// Kernels only (never on the people or the pixels); UserModels on Interaction, ImageEngine and
// Randomness; Designs on Interaction; Harness on all of those; Reports on Harness and Statistics;
// Questions (one folder per design question: task, simulator, report) on all of those; the `refine`
// executable on everything.
import PackageDescription

// One release build serves everything `bash scripts/test` and CI run: the end-to-end tier and the
// suite use its `refine`, and the unit and reference tiers run against the same optimised code,
// so our modules allow `@testable import` in release too, and the test targets themselves are
// compiled unoptimised there (they only call in; optimising them cost a minute of build).
// Cross-module optimisation lets the people's generic code (`using g: inout G`) be specialised for
// the one generator a run uses, where it called `next()` through a witness per draw: the same bits,
// a brushes study trajectory 9 % faster (release only: the `--fast` debug build's `-O` goes without).
let testableInRelease: [SwiftSetting] = [
    .unsafeFlags(["-enable-testing", "-cross-module-optimization"], .when(configuration: .release))]
let testsUnoptimised: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]
// `bash scripts/test --fast` keeps the debug build for its quick incremental rebuilds; the pixel
// engine and the simulated people are optimised there too: the unit tests render real photos and
// simulate people, which unoptimised code did 5–20× slower.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))] + testableInRelease

// The questions whose report prose is a Markdown file, `Sources/Questions/<Name>/<Name>Report.md`.
let reportProse = [
    "Brushes", "Color", "ColorMatch", "DoubleTap", "EdgeButton", "Effects", "Exposure", "Harmonica", "Hysteresis",
    "LabelAffordance", "PIP", "Pause", "Scroll", "TapMargin",
]

let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")

let package = Package(
    name: "Refine",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "refine", targets: ["refine"]),
        .library(name: "Randomness", targets: ["Randomness"]),
        .library(name: "Statistics", targets: ["Statistics"]),
        .library(name: "ImageEngine", targets: ["ImageEngine"]),
        .library(name: "Interaction", targets: ["Interaction"]),
        .library(name: "UserModels", targets: ["UserModels"]),
        .library(name: "Designs", targets: ["Designs"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Questions", targets: ["Questions"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // The 8-bit preview's AVX2/FMA kernels, chosen at run time (Docs/ImageEngine.md).
        .target(name: "CKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "Kernels", dependencies: ["CKernels"], swiftSettings: optimisedInDebug),
        .target(name: "Randomness", swiftSettings: optimisedInDebug),
        // Bootstrap, survival, sketches and tests: compiled beside the people and the pixels, not after them.
        .target(
            name: "Statistics", dependencies: ["Randomness", "Kernels", "CKernels"], swiftSettings: optimisedInDebug),
        .target(name: "ImageEngine", dependencies: ["CPNG", "CKernels", "Kernels"], swiftSettings: optimisedInDebug),
        .target(name: "Interaction", swiftSettings: optimisedInDebug),
        .target(
            name: "UserModels", dependencies: ["Interaction", "ImageEngine", "Randomness"],
            swiftSettings: optimisedInDebug),
        .target(name: "Designs", dependencies: ["Interaction", "ImageEngine"], swiftSettings: testableInRelease),
        .target(
            name: "Harness",
            dependencies: [
                "Interaction", "UserModels", "Designs", "Randomness",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: testableInRelease),
        .target(
            name: "Reports",
            dependencies: [
                "Harness", "Designs", "UserModels", "Interaction", "ImageEngine", "Statistics", "Randomness",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: testableInRelease),
        .target(
            name: "Questions",
            dependencies: [
                "Harness", "Reports", "Designs", "UserModels", "Interaction", "ImageEngine", "Statistics", "Randomness",
            ],
            // Each report's prose, as Markdown beside it, compiled into the binary (no bundle to ship).
            resources: reportProse.map { .embedInCode("\($0)/\($0)Report.md") },
            swiftSettings: testableInRelease),
        .executableTarget(
            name: "refine",
            dependencies: [
                "ImageEngine", "Interaction", "UserModels", "Designs", "Harness", "Statistics", "Randomness", "Reports",
                "Questions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "refine-bench",
            dependencies: [
                "ImageEngine", "Interaction", "UserModels", "Designs", "Harness", "Statistics", "Randomness", "Reports",
                "Questions",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/refine-bench",
            exclude: ["sqlite_peer.py", "README.md"]),
        // refine-bench's lower bound for the store's writer: the same inserts from C.
        .executableTarget(
            name: "sqlite-floor", path: "Benchmarks/sqlite-floor", linkerSettings: [.linkedLibrary("sqlite3")]),
        .executableTarget(
            name: "engine-bench", dependencies: ["ImageEngine"], path: "Benchmarks/engine-bench",
            exclude: ["peer.py", "README.md"]),
        .testTarget(
            name: "ImageEngineTests",
            dependencies: ["ImageEngine", "Kernels", propertyBased],
            resources: [.copy("Fixtures")],
            swiftSettings: testsUnoptimised),
        .testTarget(
            name: "InteractionTests",
            dependencies: ["Interaction", propertyBased],
            swiftSettings: testsUnoptimised),
        .testTarget(
            name: "UserModelsTests",
            dependencies: ["UserModels", "Interaction", "ImageEngine", "Randomness"],
            swiftSettings: testsUnoptimised),
        .testTarget(
            name: "DesignsTests",
            dependencies: ["Designs", "Interaction", "ImageEngine"],
            swiftSettings: testsUnoptimised),
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "Harness", "Reports", "Questions", "Designs", "UserModels", "Interaction", "Randomness", propertyBased,
            ],
            swiftSettings: testsUnoptimised),
        // The loaded-trials path (every trial of a run in memory) that the reports' one-pass readers
        // are tested against, and the textbook estimators the reference tier checks: tests only.
        .target(
            name: "TestSupport",
            dependencies: ["Reports", "Statistics", "Harness", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestSupport",
            swiftSettings: testableInRelease),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "TestSupport", "Reports", "Questions", "Statistics", "Harness", "UserModels", "ImageEngine",
                "Randomness", "Kernels",
                propertyBased,
            ],
            swiftSettings: testsUnoptimised),
        // The reference tier: Refine's statistics and export against scipy, lifelines, numpy and R
        // (fixtures made by the scripts beside them). `bash scripts/test --fast` leaves it out.
        .testTarget(
            name: "ReferenceTests",
            dependencies: ["TestSupport", "Reports", "Questions", "Statistics", "Harness", "UserModels"],
            resources: [.copy("Fixtures")],
            swiftSettings: testsUnoptimised),
        // The end-to-end tier: the release `refine` (REFINE_BIN) on real specs, gnuplot, replays, Slurm.
        .testTarget(
            name: "RefineCLITests",
            dependencies: ["refine", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testsUnoptimised),
    ]
)
