/// The exit statuses every program shares, so a script can tell what went wrong.
public enum ProgramExit: Int32, CaseIterable, Sendable {
    /// It did what was asked.
    case success = 0
    /// Something asked for by name or id does not exist.
    case notFound = 1
    /// The command line was wrong: an unknown option, a value out of range (as sysexits' EX_USAGE).
    case usage = 64
    /// Data could not be read or kept: an unreadable store, a malformed file or one over a limit
    /// (as EX_DATAERR).
    case data = 65
    /// The output could not be written: a full disk, a closed standard output (as EX_IOERR).
    case output = 74
    /// A change was sent to the store and its reply lost (a PostgreSQL connection gone after
    /// `COMMIT`), or the store's file was replaced while it was kept: the store may hold it or
    /// not (as EX_TEMPFAIL: look, then try again if it does not).
    case outcomeUnknown = 75
    /// A server could not listen where it was told: the port is taken, or the address is not this
    /// machine's (as EX_UNAVAILABLE). Only the web program listens.
    case unavailable = 69
    /// A fault of the program itself: its core gave an answer the program was not written to show
    /// (as EX_SOFTWARE). No user's input leads here; it is a defect to report.
    case fault = 70

    /// The lines that `--help` and the README show.
    public static let explanation = """
        Exit status: 0 success, 1 not found, 64 usage error, 65 data error \
        (stored data unreadable or not written, or a file to import malformed or over a limit), \
        74 output error (standard output could not be written), 75 unknown outcome (the store's reply to a \
        change was lost, or its file replaced meanwhile: look before making it again), 70 a fault of the \
        program (an answer it was not written to show: please report it).
        """
}
