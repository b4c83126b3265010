import AppCore
import ProgramKit

extension Session {
    /// Sends a to-do command and returns its answer; a failure becomes the program's failure.
    func todo(_ command: TodoCommand) throws -> TodoAnswer {
        for case .todo(let answer) in try send(.todo(command)) {
            if case .failed(let reason) = answer { throw ProgramFailure(reason) }
            return answer
        }
        throw ProgramFailure("the to-do feature did not answer", exit: .data)
    }
}

extension Session {
    /// A session for the to-do program: new ids are drawn from a fresh seed each run.
    static func forTodos(_ options: CommonOptions) throws -> Session {
        try Session(options: options, seed: RandomSource.drawSeed())
    }
}
