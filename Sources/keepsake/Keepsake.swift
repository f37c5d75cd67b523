import ArgumentParser
import CBuildInfo
import LosslessJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `keepsake` command: lossless JSON tools.
struct Keepsake: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepsake",
        abstract: "Read, check and edit JSON without losing a byte.",
        version: versionText,
        subcommands: [
            BrowseCommand.self, ValidateCommand.self, DescribeCommand.self, GetCommand.self, SetCommand.self, DeleteCommand.self, EditCommand.self, DBCommand.self,
            ModelsCommand.self, SchemaCommand.self, SampleDBCommand.self, YAMLEventsCommand.self,
        ],
        defaultSubcommand: BrowseCommand.self
    )

    /// The release, as the packages name it (`Scripts/package.sh` reads it from `--version`).
    static let release = "0.1.0"

    /// What `--version` prints: the release and the commit it was built from, for crash reports.
    static var versionText: String {
        let commit = String(cString: keepsake_build_commit())
        return commit.isEmpty ? release : "\(release) (commit \(commit))"
    }

    /// The position (1 for the first after the program's name) of the first argument whose bytes
    /// are not UTF-8, if one is not.
    static func firstArgumentNotUTF8() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil { return index }
        }
        return nil
    }

    /// Runs a command line with Keepsake's exit codes: 0 success, 1 failure, 2 usage error.
    static func main(exitCodes arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(Array(arguments.dropFirst()))
            try command.run()
            terminate(0)
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { printError("keepsake: error: " + failure.message) }
            terminate(failure.code)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                terminate(0)
            }
            let usageError = code == .validationFailure
            if !message.isEmpty { printError(message) }
            terminate(usageError ? 2 : code.rawValue == 0 ? 1 : code.rawValue)
        }
    }
}

/// A failure already explained to the user; `code` is the process exit status.
struct CommandFailure: Error {
    var message: String
    var code: Int32 = 1
}

/// Writes a message to standard error, escaped as the browser escapes what it draws: file names,
/// keys, schema texts and record fields in it reach the terminal as text, never as control
/// sequences.
func printError(_ text: String) {
    var line = TerminalText.escapedKeepingLines(text)
    if !line.hasSuffix("\n") { line += "\n" }
    writeAll(Array(line.utf8), to: STDERR_FILENO)
}

/// Prints a line for a person to read (a finding, a name, a count) escaped as `printError` does.
/// Data a script reads back — JSON text, `--raw` strings — is printed exactly, with `print`.
func printLine(_ text: String) {
    print(TerminalText.escapedKeepingLines(text))
}

/// Writes every byte to a file descriptor, retrying short writes.
func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return }
        done += n
    }
}

/// Writes every byte of an array to a file descriptor.
func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBufferPointer { writeAll($0, to: fd) }
}

/// Ends the process with a status.
func terminate(_ status: Int32) -> Never {
    exit(status)
}
