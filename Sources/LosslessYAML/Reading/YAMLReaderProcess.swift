#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libfyaml reading the syntax in a child process: the text goes to the child's standard input, its
/// events come back as records (`YAMLEventWire`), its standard error carries libfyaml's reason for
/// a text that is not YAML.
///
/// A defect of the library met on hostile text (libfyaml 0.7.12 has some; docs/DESIGN.md) then
/// ends the child, not the program holding pending edits: a crash or a stall is an error placed
/// where the events stopped. The child is any program that serves `YAMLEventServer` when run with
/// `arguments` — `keepsake yaml-events`.
public struct YAMLReaderProcess: YAMLSyntaxReader {
    /// The program to run (a path), or nil when none was found: reading then fails saying so.
    public var executable: String?
    /// Its arguments.
    public var arguments: [String]
    /// How long the child may go without reporting anything before it is stopped as stalled.
    public var stallSeconds: Int

    /// A reader running `executable` with `arguments`.
    public init(executable: String?, arguments: [String] = ["yaml-events"], stallSeconds: Int = 30) {
        self.executable = executable
        self.arguments = arguments
        self.stallSeconds = stallSeconds
    }

    /// The reader programs use by default: `$KEEPSAKE_YAML_READER` when set (`keepsake` sets it to
    /// itself, under whatever name it runs), else this program when it is `keepsake`, else a
    /// `keepsake` beside it (tests and tools built with it), else the `keepsake` found on `PATH`.
    public static let standard = YAMLReaderProcess(executable: findExecutable())

    static func findExecutable() -> String? {
        if let chosen = getenv("KEEPSAKE_YAML_READER").map({ String(cString: $0) }), !chosen.isEmpty { return chosen }
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        if length > 0 {
            let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            if path.hasSuffix("/keepsake") { return path }
            if access(folder + "/keepsake", X_OK) == 0 { return folder + "/keepsake" }
        }
        let searchPath = getenv("PATH").map { String(cString: $0) } ?? ""
        for folder in searchPath.split(separator: ":") where access(folder + "/keepsake", X_OK) == 0 {
            return folder + "/keepsake"
        }
        return nil
    }

    public func read<Sink: YAMLEventSink>(_ bytes: [UInt8], into sink: inout Sink) throws(YAMLReadFailure) {
        guard !bytes.isEmpty else { return }
        guard let executable else {
            throw .readerFailed("no YAML reader: keepsake was not found beside this program or on PATH (KEEPSAKE_YAML_READER names one)")
        }
        var child = try ReaderChild(executable: executable, arguments: arguments)
        defer { child.stop() }
        var pending: [UInt8] = []
        var written = 0
        var ended: UInt8?
        var malformed = false
        try child.exchange(stallSeconds: stallSeconds, input: { fd throws(YAMLReadFailure) in
            // The text, as much as the socket takes now; MSG_NOSIGNAL: a child that died is an
            // error read below, not a SIGPIPE ending this program.
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { written += sent }
            return written == bytes.count || sent < 0 && errno != EAGAIN && errno != EINTR
        }, output: { chunk throws(YAMLReadFailure) in
            pending.append(contentsOf: chunk)
            var offset = 0
            defer { pending.removeFirst(offset) }
            while ended == nil {
                let record: YAMLEventWire.Record?
                do {
                    record = try pending.withUnsafeBytes { buffer throws(YAMLEventWire.Malformed) in
                        try YAMLEventWire.record(in: buffer, at: &offset, textCount: bytes.count)
                    }
                } catch {
                    malformed = true
                    return false
                }
                switch record {
                case nil: return true
                case .end(let kind): ended = kind
                case .event(let event):
                    do throws(YAMLParseError) {
                        try sink.take(event)
                    } catch {
                        throw .refused(error)
                    }
                }
            }
            return false
        })
        let status = child.wait()
        if malformed { throw .readerFailed("the YAML reader \(executable) wrote something that is not its events") }
        switch (ended, status) {
        case (YAMLEventWire.finished, .exited(0)):
            return
        case (YAMLEventWire.invalid, _):
            let (reason, line, column) = Self.reason(in: child.errorText)
            throw .invalid(reason: reason, line: line, column: column)
        case (_, .signalled(let signal)):
            throw .readerFailed("libfyaml, reading it in a child process, crashed (signal \(signal))")
        case (_, .stalled):
            throw .readerFailed("the YAML reader reported nothing for \(stallSeconds) s and was stopped")
        case (_, .exited(let code)):
            let said = child.errorText.split(separator: "\n").first.map { ": " + $0 } ?? ""
            throw .readerFailed("the YAML reader \(executable) ended with status \(code) before the end of its events\(said)")
        }
    }

    /// libfyaml's reason and place in its report on standard error (`<name>:LINE:COLUMN: error: REASON`).
    static func reason(in report: String) -> (String?, Int?, Int?) {
        for line in report.split(separator: "\n") {
            guard let marker = line.firstRange(of: ": error: ") else { continue }
            let reason = String(line[marker.upperBound...])
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false).suffix(2).map { Int($0) }
            guard place.count == 2, let row = place[0], let column = place[1] else { return (reason, nil, nil) }
            return (reason, row, column)
        }
        return (nil, nil, nil)
    }
}
