import AppCore
import Foundation

/// Prints a value as one JSON object on stdout, in the AppCore's encoding.
public func printJSON(_ value: some Encodable) throws {
    let data = try ValueCoding.makeEncoder().encode(value)
    print(String(decoding: data, as: UTF8.self))
}
