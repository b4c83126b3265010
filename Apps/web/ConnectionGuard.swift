import NIOCore
import NIOHTTPTypes

/// The first of each connection's handlers after HTTP is read, before any route: it turns away a
/// connection from an address that holds its share already, and closes one whose request has not
/// arrived whole in the time a request is given. The idle timeout alone is reset by every byte,
/// so a body sent a byte every few seconds would hold its place for good. A class, as NIO's
/// handlers are: one a connection, holding that connection's count and deadline.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let addresses: ConnectionsByAddress
    private let requestTime: TimeAmount
    /// The address this connection is counted under, once admitted.
    private var counted: String?
    /// When the request under way must have arrived whole.
    private var deadline: Scheduled<Void>?

    init(addresses: ConnectionsByAddress, requestSeconds: Int64) {
        self.addresses = addresses
        self.requestTime = .seconds(requestSeconds)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A connection without an IP address (a Unix socket) is not a network client's.
        guard let address = context.channel.remoteAddress?.ipAddress else { return }
        if addresses.admit(address) {
            counted = address
        } else {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let counted { addresses.release(counted) }
        counted = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let channel = context.channel
            deadline = context.eventLoop.scheduleTask(in: requestTime) { channel.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }
}
