extension ProgramFailure {
    /// The failure for an answer a command was not written to show. A program that showed nothing
    /// and exited 0 would say that all went well while the user saw nothing of it: this says, in
    /// one line and with exit 70, which answer came, so the defect can be found and reported.
    ///
    ///     guard case .drew(let cards, let left) = answer else { throw ProgramFailure.unexpected(answer) }
    public static func unexpected(_ answer: some Any) -> ProgramFailure {
        ProgramFailure(
            "the program was not written to show the answer \"\(caseName(of: answer))\": a fault of the program, please report it",
            exit: .fault)
    }

    /// An enumeration's case as written in its source, without its values: an answer's values may
    /// be a whole list of to-dos, and its name alone says which answer it was.
    static func caseName(of answer: some Any) -> String {
        Mirror(reflecting: answer).children.first?.label ?? String(describing: answer)
    }
}
