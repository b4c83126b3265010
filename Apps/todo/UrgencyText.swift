/// Urgency as `todo next` shows it.
enum UrgencyText {
    /// `12.35`, `-3.00`, `0.80`: two decimals, rounded half away from zero.
    static func of(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = abs(hundredths) / 100
        let part = abs(hundredths) % 100
        return (hundredths < 0 ? "-" : "") + "\(whole)." + (part < 10 ? "0" : "") + "\(part)"
    }
}
