import AppCore
import ProgramKit

extension Session {
    /// A session for the to-do program: new ids are drawn from a fresh seed each run.
    static func forTodos(_ options: CommonOptions) throws -> Session {
        try Session(options: options, seed: RandomSource.drawSeed())
    }
}
