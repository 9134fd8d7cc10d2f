/// The simulated people as data: one line a catalogued parameter (its path, allowed range and the novices' and
/// experts' distributions) and one a mechanism an ablation switches off (the parameters it fixes). Every run
/// stores its SHA-256 (`run.model_sha256`), so a resume never continues, and a report never combines, runs whose
/// people were drawn from another catalogue (a changed default, a new distribution, a parameter added).
public enum ModelDescription {
    public static let text: String = {
        let parameters = ParameterCatalog.all.map {
            "\($0.path) \($0.allowed.lowerBound)...\($0.allowed.upperBound) novice \($0.novice) expert \($0.expert)"
        }
        let ablations = Ablation.allCases.map { a in
            "ablate \(a.rawValue) " + a.fixed.keys.sorted().map { "\($0)=\(a.fixed[$0]!)" }.joined(separator: " ")
        }
        return (parameters + ablations).joined(separator: "\n") + "\n"
    }()
}
