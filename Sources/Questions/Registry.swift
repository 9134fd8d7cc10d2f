import Harness
import Reports

extension QuestionCatalog {
    /// Every design question Refine knows: the one list to extend when adding one.
    public static let standard = QuestionCatalog([
        PIPQuestion(),
        ExposureQuestion(),
        EffectsQuestion(),
        PauseQuestion(),
        TapMarginQuestion(),
        ScrollQuestion(),
        HysteresisQuestion(),
        DoubleTapQuestion(),
        ColorMatchQuestion(),
        EdgeButtonQuestion(),
        HarmonicaQuestion(),
        ColorQuestion(),
        BrushesQuestion(),
        LabelAffordanceQuestion(),
    ])
}

extension QuestionCatalog {
    /// The published studies' tasks a question's own trial runs (`refine validate --replications`, `refine fit`).
    public static let replicationTasks: ReplicationTaskKinds = ["list-scrolling": ListScrolling.parse]
}
