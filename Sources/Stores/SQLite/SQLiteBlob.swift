import Essentials
import Fractal

/// A blob open for reading (`SQLiteConnection.withBlob`): its length, and its bytes by range,
/// each read straight from the pages that hold them. It reads only inside the `body` it was given
/// to: the blob is closed when that returns.
struct SQLiteBlob {
    let count: Int
    /// Copies the bytes at a range, never empty, to where the pointer points.
    let copy: (Range<Int>, UnsafeMutableRawPointer) throws -> Void

    /// Copies the bytes at `range` to `destination`.
    func read(_ range: Range<Int>, to destination: UnsafeMutableRawPointer) throws {
        guard !range.isEmpty else { return }
        try copy(range, destination)
    }

    /// The bytes at `range`.
    func bytes(_ range: Range<Int>) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            try read(range, to: start)
            initialized = range.count
        }
    }
}
