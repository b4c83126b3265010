import Essentials
import Fractal

/// A PostgreSQL store's address that cannot be used as it is written: not a URL, one libpq
/// cannot read, a port out of range, a store's name that is empty or holds a control character.
/// Nothing was connected to: it is the command line's mistake (a usage error), not the data's.
public struct PostgresAddressError: Error, Equatable, CustomStringConvertible {
    /// The address as messages show it: without its password.
    public let address: String
    public let reason: String

    public var description: String { "could not open the store at \(address): \(reason)" }
}
