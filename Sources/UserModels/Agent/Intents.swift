/// Something a person means to do on a screen of an app, in words any app user
/// knows — never the name of a design or of a control.
public enum AppIntent: String, Sendable, Hashable, CaseIterable {
    case logIn = "log-in", cancel, recoverPassword = "forgot-password"

    /// Word stems that name this intent on a label (case-insensitive): everyday
    /// app vocabulary for signing in, leaving and recovering a password.
    var stems: [String] {
        switch self {
        case .logIn: ["log in", "login", "log on", "sign in", "authori", "enter"]
        case .cancel: ["cancel", "close", "back", "dismiss"]
        case .recoverPassword: ["forgot", "reset password", "recover", "restore"]
        }
    }

    /// Whether `label` names this intent: a person looking for a way to do it
    /// would consider a control with that label.
    public func isNamed(by label: String?) -> Bool {
        guard let text = label?.lowercased() else { return false }
        return stems.contains { text.contains($0) }
    }
}
