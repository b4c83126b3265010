import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A disk that fills up or turns read-only under a store: a change that is refused is refused
/// whole, with one line naming the file; a change that was kept is acknowledged, even when
/// rewriting the snapshot after it fails; nothing acknowledged is lost.
@Suite("Hostile disks", .enabled(if: SmallDisk.canMount, "mounting a small disk takes root; skipped"))
struct HostileDiskSpec {
    static let padding = String(repeating: "x", count: 500)

    @Test(arguments: DurableVariant.files)
    func aFullDiskRefusesAChangeWholeAndLosesNothingKept(_ variant: DurableVariant) throws {
        let disk = try SmallDisk(kilobytes: 128)
        let path = disk.path("store")
        let warnings = WarningLog()
        let store = try variant.open(at: path, initial: Ledger(), warn: warnings.warn)
        var kept: [String] = []
        var refusal: StoreError?
        for index in 0..<1_000 {
            let entry = "\(index) \(Self.padding)"
            do {
                try store.change(.append(entry))
                kept.append(entry)
            } catch let error as StoreError {
                refusal = error
                break
            }
        }

        let said = refusal?.description ?? ""
        #expect(said.contains(path) && !said.contains("\n"), "\(said)")
        #expect(try store.state().entries == kept)
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == kept)
        #expect(warnings.said.allSatisfy { $0.hasPrefix("the change was kept, but rewriting") })

        try disk.remount(readOnly: false, kilobytes: 4096)  // room again
        try store.change(.append("tea"))
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == kept + ["tea"])
    }

    /// Entries of half a kilobyte make the disk store rewrite its snapshot every few changes: in
    /// a folder where no file may be made, each rewrite fails after its change was kept.
    @Test(arguments: DurableVariant.files)
    func aFolderMadeReadOnlyUnderAStoreKeepsEveryChangeItAcknowledged(_ variant: DurableVariant) throws {
        let disk = try SmallDisk(kilobytes: 4096)
        let path = disk.path("store")
        let warnings = WarningLog()
        let store = try variant.open(at: path, initial: Ledger(), warn: warnings.warn)
        try store.change(.append("milk"))
        try immutable(disk.folder.url.path, true)
        defer { try? immutable(disk.folder.url.path, false) }
        let entries = ["milk"] + (0..<30).map { "\($0) \(Self.padding)" }

        for entry in entries.dropFirst() { try store.change(.append(entry)) }

        #expect(try store.state().entries == entries)
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == entries)
        if variant == .disk {
            #expect(!warnings.said.isEmpty)
            let rewriting = "the change was kept, but rewriting the snapshot of \(path)"
            #expect(warnings.said.allSatisfy { $0.hasPrefix(rewriting) })
            // The store is named, not the file it could not make beside it, and it was not left
            // untouched: the change was kept.
            #expect(warnings.said.allSatisfy { !$0.contains(".new-") && !$0.contains("untouched") }, "\(warnings.said)")
        }
        // As a program sees it: every change acknowledged, each failed rewrite one line, exit 0.
        let run = try ChildProcess.run(exerciser: [variant.rawValue, path, "p", "10", "pairs", "500"])
        #expect(run.status == 0)
        #expect(run.lines.count == 10)
        let said = run.errors.split(separator: "\n")
        #expect(said.allSatisfy { $0.hasPrefix("Warning: the change was kept, but rewriting") }, "\(run.errors)")
        #expect(variant == .sqlite || !said.isEmpty)
        #expect(try variant.open(at: path, initial: Ledger()).state().entries.count == entries.count + 20)
    }

    @Test(arguments: DurableVariant.files)
    func aReadOnlyDiskIsReadAndAChangeRefusedNamingTheFile(_ variant: DurableVariant) throws {
        let disk = try SmallDisk(kilobytes: 1024)
        let path = disk.path("store")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        try disk.remount(readOnly: true, kilobytes: 1024)

        let run = try ChildProcess.run(exerciser: [variant.rawValue, path, "show"])
        let write = try ChildProcess.run(exerciser: [variant.rawValue, path, "w", "1"])

        #expect(run.lines == ["milk"], "\(run.errors)")
        #expect(write.status == 65)
        #expect(write.errors.hasPrefix("Error: ") && write.errors.contains(path), "\(write.errors)")
        try disk.remount(readOnly: false, kilobytes: 1024)
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["milk"])
    }

    /// A store made where no file can be made is refused naming the store, not the file it would
    /// have been made as beside it, and nothing is left there.
    @Test(arguments: DurableVariant.files)
    func aNewStoreOnAReadOnlyDiskIsRefusedNamingTheStore(_ variant: DurableVariant) throws {
        let disk = try SmallDisk(kilobytes: 1024)
        let path = disk.path("new")
        try disk.remount(readOnly: true, kilobytes: 1024)
        defer { try? disk.remount(readOnly: false, kilobytes: 1024) }

        let error = #expect(throws: StoreError.self) { try variant.open(at: path, initial: Ledger()).state() }

        let said = error?.description ?? ""
        // (The disk store makes its lock first, which it names as the store's.)
        #expect(said.contains("the store at \(path)") && !said.contains(".new-") && !said.contains("\n"), "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder.url.path).isEmpty)
    }

    /// `chattr +i` on a folder: no file may be made, renamed or removed in it, even by root.
    private func immutable(_ folder: String, _ on: Bool) throws {
        let process = try Process.run(URL(fileURLWithPath: "/usr/bin/chattr"), arguments: [on ? "+i" : "-i", folder])
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
