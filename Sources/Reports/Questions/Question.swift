import Foundation
import Harness

/// A design question as one plug-in: its strategies, task format, simulator and
/// metric names (`TrialQuestion`), plus its report sections and the task
/// factors of its exported trial tables.
///
/// Adding a question means writing one type conforming to this protocol and
/// listing it in `QuestionCatalog.standard`; nothing else switches on names.
public protocol Question: TrialQuestion {
    /// The question's own report sections and the selections they read.
    var reportSections: QuestionSections { get }
    /// Columns `refine export` adds after the common task columns, computed
    /// from each trial's task (PIP: the corners; effects: the kind of task).
    func taskFactors() -> [TaskFactor]
}

extension Question {
    public func taskFactors() -> [TaskFactor] { [] }
}

/// What a question's report sections are built from and into.
public struct QuestionReport {
    public let spec: ExperimentSpec
    public let results: ResultSet
    /// The run's Morris screening, when the spec asked for one.
    public let screening: ScreeningAnalysis?
    /// The report's folder while it is being written (for rendered images).
    public let folder: URL
    public var document: ReportDocument
    /// Figures to render with gnuplot once every section is built.
    public var figures: [GnuplotFigure]
}

/// One question-specific column of the exported trial table.
public struct TaskFactor {
    public var column: TableColumn
    /// The column's value for a trial of `task`.
    public var value: (TaskSpec) -> TableValue

    public init(_ column: TableColumn, value: @escaping (TaskSpec) -> TableValue) {
        self.column = column
        self.value = value
    }

    /// A text column read from each trial's question-defined task of type `T`, missing for other tasks.
    public static func text<T: QuestionTaskGoal>(
        _ name: String, of type: T.Type, meaning: String, _ value: @escaping (T) -> String
    ) -> TaskFactor {
        TaskFactor(TableColumn(name, .string, optional: true, meaning: meaning)) {
            $0.custom(type).map { .string(value($0)) } ?? .missing
        }
    }

    /// A number column read from each trial's question-defined task of type `T`, missing for other tasks.
    public static func number<T: QuestionTaskGoal>(
        _ name: String, of type: T.Type, meaning: String, _ value: @escaping (T) -> Double
    ) -> TaskFactor {
        TaskFactor(TableColumn(name, .double, optional: true, meaning: meaning)) {
            $0.custom(type).map { .double(value($0)) } ?? .missing
        }
    }
}

extension ExperimentSpec {
    /// The spec's question as a full plug-in, or nil when the spec was read
    /// against a catalog of harness-only questions (tests).
    package var reportedQuestion: (any Question)? { plugin as? any Question }
}
