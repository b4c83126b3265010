// A test-only program that writes to a durable store from its own process, so that tests can
// crash it and run several at once. It prints "ack N" once change N has returned.
//
//     store-exerciser disk|sqlite PATH LABEL COUNT [pairs PADDING]
//
// Each change appends "LABEL-N", or with `pairs` the two entries "LABEL-N-a" and "LABEL-N-b" as
// one batch, so that a half-kept change would show, each followed by PADDING dots so that the
// store soon rewrites its snapshot.
import Foundation
import StoreTestSupport

let arguments = CommandLine.arguments
guard arguments.count >= 5, let variant = DurableVariant(rawValue: arguments[1]), let count = Int(arguments[4])
else {
    FileHandle.standardError.write(Data("usage: store-exerciser disk|sqlite PATH LABEL COUNT [pairs PADDING]\n".utf8))
    exit(64)
}
let (path, label, pairs) = (arguments[2], arguments[3], arguments.count > 5 && arguments[5] == "pairs")
let padding = String(repeating: ".", count: arguments.count > 6 ? Int(arguments[6]) ?? 0 : 0)

do {
    let store = try variant.open(at: path, initial: Ledger())
    for index in 0..<count {
        let name = "\(label)-\(index)"
        try store.change(pairs ? [.append("\(name)-a\(padding)"), .append("\(name)-b\(padding)")] : [.append(name)])
        FileHandle.standardOutput.write(Data("ack \(index)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("store-exerciser: \(error)\n".utf8))
    exit(1)
}
