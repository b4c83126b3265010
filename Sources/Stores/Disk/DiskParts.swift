import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the large parts of the snapshot being written ahead of it in the disk store's file, one
/// after another from the end of the header, each named by where it starts (`PartKeptApart`):
/// `DiskFormat` says how the file lies.
///
/// A class, as a keeper is (`PartsKeeper`); `@unchecked Sendable` because it is used only on the
/// thread that writes the file, inside the encoding of its snapshot, under the store's lock.
final class DiskPartsKeeper: PartsKeeper, @unchecked Sendable {
    /// The parts kept so far, as the file holds them after its header.
    private(set) var bytes: [UInt8] = []
    let smallestKeptApart = DiskFormat.smallestKeptApart

    func keepApart(_ sealed: [UInt8]) throws -> PartKeptApart {
        let name = try PartKeptApart(number: UInt64(DiskFormat.partsHeaderSize + bytes.count), sealed: sealed)
        bytes += sealed
        return name
    }

    /// A part the state was read with is copied into the new file: the file it came from is about
    /// to be replaced.
    func keepAgain(_ part: PartKeptApart, bytes: PendingBytes) throws -> [UInt8] {
        try keepCopy(of: part, bytes: bytes)
    }
}

/// Reads the parts a snapshot keeps apart from the file the journal read it from, each by where it
/// starts, through a descriptor of its own: a writer replaces the file whole, by a rename, so the
/// file this descriptor holds never changes, and a part is read as it was when the snapshot was,
/// however long after and whatever other programs wrote since.
///
/// A class, because it owns the descriptor, which its parts share and which is closed once.
final class DiskPartReader: Sendable {
    private let descriptor: Int32
    private let path: String
    /// Where the parts end: the snapshot's record.
    private let partsEnd: Int

    /// Reads from a descriptor of its own onto the file `descriptor` has open.
    init(duplicating descriptor: Int32, path: String, partsEnd: Int) throws {
        let own = dup(descriptor)
        guard own >= 0 else {
            throw StoreError.failed(path: path, operation: "read", reason: String(cString: strerror(errno)))
        }
        (self.descriptor, self.path, self.partsEnd) = (own, path, partsEnd)
    }

    deinit { POSIXFile.close(descriptor) }

    /// The parts of the snapshot, as a decoder reads them.
    var parts: PartsKeptApart {
        PartsKeptApart { [self] name in PendingBytes(from: self) { try self.bytes(of: name) } }
    }

    /// The sealed value the part `name` names: its head and body, where the name says it starts.
    func bytes(of name: PartKeptApart) throws -> [UInt8] {
        let start = Int(clamping: name.number)
        let end = start + SealedValue.headSize + Int(name.length)
        guard start >= DiskFormat.partsHeaderSize, end <= partsEnd else {
            throw UnreadableSlice(reason: "its snapshot names a part at byte \(name.number), where none can be")
        }
        do {
            return try POSIXFile.read(descriptor, from: start, to: end, path: path)
        } catch let error as StoreError {
            throw UnreadableSlice(reason: "a part of its snapshot kept apart cannot be read (\(error.reason))")
        }
    }
}
