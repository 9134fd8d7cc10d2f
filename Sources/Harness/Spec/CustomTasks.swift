/// The tasks a question defines itself (`TaskGoal.custom`): read from a spec's
/// `tasks:` list, and found again by type where a simulator or report needs them.
extension QuestionTaskGoal {
    /// Most questions' tasks happen on a screen, not on a photo.
    public var photo: String? { nil }
}

extension TaskSpec {
    /// The question-defined task, when it is one of type `T`.
    public func custom<T: QuestionTaskGoal>(_ type: T.Type = T.self) -> T? {
        guard case .custom(let goal) = goal else { return nil }
        return goal.value as? T
    }

    /// A spec's `tasks:` list of question-defined tasks, numbered in order (`numberedID`): each item has
    /// only `keys` and is read by `read` into its label and goal; an empty list is refused, showing `example`.
    public static func customList<T: QuestionTaskGoal>(
        _ node: SpecNode, example: String, keys: [String],
        _ read: (SpecNode) throws -> (label: String, task: T)
    ) throws -> [TaskSpec] {
        let items = try node.list()
        guard !items.isEmpty else { throw node.error("expected at least one task (\(example))") }
        return try items.enumerated().map { i, item in
            try item.rejectUnknownKeys(keys)
            let (label, task) = try read(item)
            return TaskSpec(
                id: numberedID(i, of: items.count), label: label, goal: .custom(CustomTaskGoal(task)))
        }
    }
}

extension PlannedTrial {
    /// This trial's question-defined task: a trial planned from another question's task is a bug.
    public func custom<T: QuestionTaskGoal>(_ type: T.Type) -> T {
        guard let task = task.custom(type) else {
            preconditionFailure("trial \(key) has a task that is not a \(type)")
        }
        return task
    }
}
