// swift-tools-version: 6.0
// Refine's image engine, developed on its own branch and merged into the main
// package later: the targets below are meant to be copied as they are.
import PackageDescription

let package = Package(
    name: "RefineEngine",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "refine", targets: ["refine"]),
        .executable(name: "engine-bench", targets: ["engine-bench"]),
        .library(name: "ImageEngine", targets: ["ImageEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            path: "Sources/CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .target(
            name: "ImageEngine",
            dependencies: ["CPNG"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "refine",
            dependencies: [
                "ImageEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "engine-bench",
            dependencies: ["ImageEngine"],
            path: "Benchmarks/engine-bench",
            exclude: ["peer.py", "README.md"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "ImageEngineTests",
            dependencies: ["ImageEngine"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
