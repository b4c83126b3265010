import NIOCore
import NIOHTTPTypes

/// The first of each connection's handlers after HTTP is read, before any route: it turns away a
/// connection from an address that holds its share already, and closes one that has not sent a
/// request whole in the time a request is given, counted from when the connection opened or its
/// last answer ended. The idle timeout alone is reset by every byte, so a request sent a byte
/// every few seconds would hold its place for good. Nothing is counted while an answer is on its
/// way (a live page's stream lasts for hours). A class, as NIO's handlers are: one a connection,
/// holding that connection's count and deadline.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let addresses: ConnectionsByAddress
    private let requestTime: TimeAmount
    /// The address this connection is counted under, once admitted.
    private var counted: String?
    /// When the request awaited must have arrived whole.
    private var deadline: Scheduled<Void>?
    /// Requests arrived whole whose answers have not ended: while there are any, none is awaited.
    private var unanswered = 0

    init(addresses: ConnectionsByAddress, requestSeconds: Int64) {
        self.addresses = addresses
        self.requestTime = .seconds(requestSeconds)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A connection without an IP address (a Unix socket) is not a network client's.
        guard let address = context.channel.remoteAddress.flatMap(Self.client) else { return }
        guard addresses.admit(address) else { return context.close(promise: nil) }
        counted = address
        awaitRequest(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopAwaiting()
        if let counted { addresses.release(counted) }
        counted = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            // A request begun while an answer is on its way (pipelined) is given its time too.
            if deadline == nil { awaitRequest(context) }
        case .end:
            stopAwaiting()
            unanswered += 1
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 && deadline == nil { awaitRequest(context) }
        }
        context.write(data, promise: promise)
    }

    /// Who a connection's address says the client is: an IPv4 address, or an IPv6 address's
    /// first 64 bits, the network one client is given and may pick any address in (an IPv4
    /// address a dual-stack server sees as `::ffff:a.b.c.d` is that IPv4 address).
    static func client(_ address: SocketAddress) -> String? {
        guard case .v6(let six) = address else { return address.ipAddress }
        let bytes = withUnsafeBytes(of: six.address.sin6_addr) { Array($0) }
        if bytes[..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":") + "::/64"
    }

    /// Closes the connection unless a request arrives whole in time.
    private func awaitRequest(_ context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: requestTime) { channel.close(promise: nil) }
    }

    private func stopAwaiting() {
        deadline?.cancel()
        deadline = nil
    }
}
