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
