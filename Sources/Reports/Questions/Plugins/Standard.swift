import Harness

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

extension ExperimentSpec {
    /// The spec's question as a full plug-in, or nil when the spec was read
    /// against a catalog of harness-only questions (tests).
    var reportedQuestion: (any Question)? { plugin as? any Question }
}
