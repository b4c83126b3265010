import ArgumentParser
import Essentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ParsableCommand {
    /// Runs the program as swift-argument-parser does, but says a usage error in one line,
    /// `Error: …`, like every other error, with where to read more; `--help` prints as usual.
    public static func mainSayingErrorsInOneLine(arguments: [String]? = nil) {
        do {
            if let refusal = CommandLineLimit.refusal() {
                throw refusal
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exitSayingInOneLine(error, arguments: arguments)
        }
    }

    /// Ends the program for `error`: help as swift-argument-parser prints it, a usage error as
    /// one line and exit 64 (with the subcommand a mistyped word most likely meant), an exit
    /// status a command chose (already said) as it is. `arguments` are those parsed, where the
    /// program gave its own.
    public static func exitSayingInOneLine(_ error: any Error, arguments: [String]? = nil) -> Never {
        let code = exitCode(for: error)
        if code == .success { exitPrinting(fullMessage(for: error)) }  // --help, --version, help
        var message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        if code == .validationFailure,
            let meant = SubcommandSuggestion.suggestion(
                for: message, arguments: arguments ?? Array(CommandLine.arguments.dropFirst()), root: self)
        {
            message += "; did you mean '\(meant)'?"
        }
        if !message.isEmpty {
            StandardError.line(
                "Error: \(TerminalText.escaped(message.longWordsCut)) (see '\(helpCommand(for: error)) --help')")
        }
        #if canImport(Glibc)
            Glibc.exit(code.rawValue)
        #else
            Darwin.exit(code.rawValue)
        #endif
    }
}

extension ParsableCommand {
    /// Prints what `--help`, `--version` or `help` asked for and exits 0, or says in one line that
    /// it could not be written and exits 74, as every other command does (`todo --version > /dev/full`).
    static func exitPrinting(_ text: String) -> Never {
        do {
            if !text.isEmpty { try StandardOutput.line(text) }
            try StandardOutput.finish()
        } catch let failure as ProgramFailure {
            report(failure)
            exitNow(failure.exit.rawValue)
        } catch {
            exitNow(ProgramExit.output.rawValue)
        }
        exitNow(ProgramExit.success.rawValue)
    }

    private static func exitNow(_ code: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(code)
        #else
            Darwin.exit(code)
        #endif
    }

    /// The command whose help tells what went wrong: the subcommand the parser names in its own,
    /// longer message (`See 'dice deck draw --help' …`), else the program. Where the parser fell
    /// back on the default subcommand for a word that may be a mistyped one (`coin histry` read
    /// as `coin flip histry`), the program's help, which lists every subcommand, tells more.
    private static func helpCommand(for error: any Error) -> String {
        let program = configuration.commandName ?? "the program"
        let full = fullMessage(for: error)
        guard let start = full.firstRange(of: "See '")?.upperBound,
            let end = full[start...].firstRange(of: " --help'")?.lowerBound
        else { return program }
        let named = String(full[start..<end])
        if let fallback = configuration.defaultSubcommand?.configuration.commandName,
            named == "\(program) \(fallback)", let first = CommandLine.arguments.dropFirst().first,
            first != fallback, !first.hasPrefix("-")
        {
            return program
        }
        return named
    }
}

extension AsyncParsableCommand {
    /// `mainSayingErrorsInOneLine`, for a program whose commands run asynchronously.
    public static func mainSayingErrorsInOneLine() async {
        do {
            if let refusal = CommandLineLimit.refusal() { throw refusal }
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exitSayingInOneLine(error)
        }
    }
}
