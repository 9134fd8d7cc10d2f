import Designs
import Harness
import Interaction
import Reports

/// Exposure (iPhoto talk): six sliders, a histogram, one exposure control, or on the photo.
public struct ExposureQuestion: Question, SimulatedQuestion, BuildingQuestion, DeclaringQuestion {
    public typealias Simulator = ExposureSimulator
    public var design: DesignQuestion { ExposureDesigns.question }

    public var declaredFields: [String] { ExposureDeclaration.fields }

    public func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        try parameters.finish(known: [])
        return ExposureDeclaration.declaration(like: name)
    }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> any ExposureDesign {
        try ExposureDeclaration.design(strategy)
    }

    /// A design file is checked on the device too: its layouts must fit it.
    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        if let declared = strategy.declared { return try ExposureDeclaration.check(declared, on: device) }
        _ = try build(strategy, on: device)
    }

    public func screens(
        of design: any ExposureDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        ExposureScreens.all(design, on: device)
    }

    public var reportSections: QuestionSections {
        QuestionSections { ExposureReport(spec: $0.spec, results: $0.results, screening: $0.screening) }
    }
}
