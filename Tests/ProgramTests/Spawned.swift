import Foundation

/// A program started with `posix_spawn` and waited for with `waitpid`, where `Process` will not do:
/// it cannot pass an environment with a name given twice, and it now and then waited for ever for
/// a script that had ended but left a server running.
enum Spawned {
    /// Runs `path` with `arguments`, standard input from /dev/null and standard output into
    /// `output`, on `environment` exactly as given (each `NAME=value`, in order) or else this
    /// process's own; returns its wait status (0: it exited with 0), or nil if it did not start.
    static func run(_ path: String, _ arguments: [String], environment: [String]? = nil, output: String) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let inherited = ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }
        let envp = (environment ?? inherited).map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
