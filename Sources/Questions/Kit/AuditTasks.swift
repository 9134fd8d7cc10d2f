import Harness
import Reports

extension Array where Element == TaskSpec {
    /// The question-specific goals of these tasks, for the audit hooks whose layouts belong to the task.
    func goals<T: QuestionTaskGoal>(_ type: T.Type) -> [T] {
        compactMap { $0.custom(type) }
    }
}
