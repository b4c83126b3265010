import AppCore
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Prints a value as one JSON object on stdout, in the AppCore's encoding; a failed write is a
/// `ProgramFailure` (exit 74).
public func printJSON(_ value: some Encodable) throws {
    let data: Data
    do {
        data = try ValueCoding.makeEncoder().encode(value)
    } catch {
        throw ProgramFailure("cannot write the answer as JSON: \(error)", exit: .data)
    }
    try StandardOutput.line(String(decoding: data, as: UTF8.self))
}
