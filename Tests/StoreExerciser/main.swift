// A test-only program that writes to a durable store from its own process, so that tests can
// crash it and run several at once. It prints "ack N" once change N has returned.
//
//     store-exerciser disk|sqlite|postgres PATH LABEL COUNT [pairs PADDING]
//     store-exerciser disk|sqlite|postgres PATH show
//
// Each change appends "LABEL-N", or with `pairs` the two entries "LABEL-N-a" and "LABEL-N-b" as
// one change, so that a half-kept change would show, each followed by PADDING dots so that the
// store soon rewrites its snapshot. `show` prints the entries, one a line, and changes nothing.
// A store that cannot be read is "Error: …" on standard error and exit status 65, as in the
// programs; warnings go to standard error too. For postgres, PATH names the store on the server
// that $APPCORE_TEST_POSTGRES names.
import Foundation
import Fractal
import StoreTestSupport
import Stores

let arguments = CommandLine.arguments
let usage =
    "usage: store-exerciser disk|sqlite|postgres PATH LABEL COUNT [pairs PADDING] | disk|sqlite|postgres PATH show\n"
guard arguments.count >= 4, let variant = DurableVariant(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
let path = arguments[2]

do {
    let store = try variant.open(at: path, initial: Ledger())
    if arguments[3] == "show" {
        for entry in try store.state().entries { print(entry) }
        exit(0)
    }
    guard arguments.count >= 5, let count = Int(arguments[4]) else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
    let (label, pairs) = (arguments[3], arguments.count > 5 && arguments[5] == "pairs")
    let padding = String(repeating: ".", count: arguments.count > 6 ? Int(arguments[6]) ?? 0 : 0)
    for index in 0..<count {
        let name = "\(label)-\(index)"
        try store.change(pairs ? .appendBoth("\(name)-a\(padding)", "\(name)-b\(padding)") : .append(name))
        FileHandle.standardOutput.write(Data("ack \(index)\n".utf8))
    }
} catch let error as StoreError {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(65)
} catch {
    FileHandle.standardError.write(Data("store-exerciser: \(error)\n".utf8))
    exit(1)
}
