/// Where a feature's slice lies in its whole: a function that reads it, and one that lends it out
/// to be changed in place (`{ $0._coins }`, `{ try $1(&$0._coins) }`).
///
/// Not a key path (`\._coins`): a program makes a key path at run time from its pattern, looking
/// up the generic slice type by its name and checking each of its requirements against the
/// program's thousands of protocol conformance records. For the five slices of the AppCore that
/// was 2.3 M instructions, more than a small command's own work (`coin flip --store memory`, 3.7 M
/// in all). A function is compiled where the types are known, and costs nothing at start.
public struct SliceAccess<Whole, Part: Changeable & Fresh>: Sendable {
    /// Lends the slice of a whole to a function that changes it in place.
    public typealias Change = @Sendable (inout Whole, (inout Slice<Part>) throws -> Void) throws -> Void

    /// The slice of a whole.
    public let read: @Sendable (Whole) -> Slice<Part>
    /// Lends the slice of a whole to a function that changes it in place.
    public let change: Change

    @inlinable
    public init(read: @escaping @Sendable (Whole) -> Slice<Part>, change: @escaping Change) {
        (self.read, self.change) = (read, change)
    }
}
