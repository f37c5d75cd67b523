#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModelBrowser

/// Edits a value's text somewhere outside the browser: the person's editor, or a stand-in in tests.
public protocol ValueEditor: Sendable {
    /// Edits the request's text (the terminal is handed over meanwhile) and says how it ended.
    func edit(_ request: EditorRequest) -> EditorOutcome
}

/// The person's editor — `$VISUAL`, else `$EDITOR`, else a configured one, else `vi` — run on a
/// temporary file holding the value, with `+LINE` for editors known to take it.
public struct ExternalEditor: ValueEditor {
    /// The editor command line used when neither `$VISUAL` nor `$EDITOR` is set.
    public var fallback: String

    /// An editor with a fallback for when the environment names none.
    public init(fallback: String = "vi") {
        self.fallback = fallback
    }

    /// The editor command line that will run (it may hold arguments: `code --wait`).
    public var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return fallback
    }

    /// Editors that open a file at a line given as `+LINE`.
    static let takesLineArgument: Set<String> = ["vi", "vim", "nvim", "gvim", "view", "nano", "pico", "emacs", "emacsclient", "micro", "kak", "ne", "joe", "mg"]

    public func edit(_ request: EditorRequest) -> EditorOutcome {
        let file: TemporaryFile
        do {
            file = try TemporaryFile(text: request.text, fileExtension: request.fileExtension)
        } catch {
            return .failed(error.description)
        }
        defer { file.remove() }
        let command = self.command
        let program = command.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) } ?? command
        var arguments: [String] = []
        if let line = request.line, Self.takesLineArgument.contains(program) { arguments.append("+\(line)") }
        arguments.append(file.path)
        // Through the shell, so that an editor setting with arguments works as it does in git.
        let status = run(["/bin/sh", "-c", command + " \"$@\"", "sh"] + arguments)
        switch status {
        case .failedToStart(let reason): return .failed("cannot start the editor: \(reason) (\(command))")
        case .exited(0): break
        case .exited(let code): return .failed("the editor exited with status \(code) (\(command))")
        case .signalled(let signal): return .failed("the editor was stopped by signal \(signal) (\(command))")
        }
        let edited: String
        do {
            edited = try file.read()
        } catch {
            return .failed(error.description)
        }
        return edited == request.text ? .unchanged : .edited(edited)
    }

    /// How a child process ended.
    enum Status { case exited(Int32), signalled(Int32), failedToStart(String) }

    /// Runs a program with the terminal (standard input, output and error inherited) and waits.
    func run(_ argv: [String]) -> Status {
        var pid = pid_t()
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let spawned = posix_spawn(&pid, argv[0], nil, nil, cArguments, environ)
        guard spawned == 0 else { return .failedToStart(String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failedToStart(String(cString: strerror(errno))) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (they are macros).
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// A temporary file holding a value's text, removed when done.
struct TemporaryFile {
    /// Why it could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let path: String

    init(text: String, fileExtension: String) throws(Failure) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/keepsake-value-XXXXXX.\(fileExtension)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(fileExtension.utf8.count + 1)) }
        guard fd >= 0 else { throw Failure(description: "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))") }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { close(fd) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                unlink(path)
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += n
        }
        bytes.removeAll()
    }

    /// The file's text now. An editor may have put something else at the path: a FIFO would block
    /// the read for ever, so anything but a regular file is refused at once (and removed with the
    /// temporary file); bytes that are not UTF-8 are refused, not repaired into U+FFFD.
    func read() throws(Failure) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(description: "cannot read \(path) back: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: "cannot read \(path) back: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "the editor left something other than a file at \(path) (a FIFO, a device or a folder); the value is unchanged")
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(data.count)) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw Failure(description: "cannot read \(path) back: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            data += chunk[0..<n]
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = Self.firstInvalidUTF8(in: data) ?? 0
            throw Failure(description: "the edited text is not valid UTF-8 (at byte \(offset)); the value is unchanged")
        }
        return text
    }

    /// The offset of the first byte that does not belong to valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    func remove() { unlink(path) }
}
