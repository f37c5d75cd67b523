#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The child side of `YAMLReaderProcess`: reads a YAML text on standard input with libfyaml and
/// writes its events on standard output (`keepsake yaml-events` runs it).
public enum YAMLEventServer {
    /// Serves one text; returns the exit status (0 read, 1 not YAML, 2 input or output failed).
    public static func run() -> Int32 {
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return report("cannot read standard input: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            text.append(contentsOf: chunk[0..<count])
        }
        var writer = EventWriter()
        // libfyaml loops for ever on some malformed UTF-8: such a text is refused before it is read.
        if let (offset, reason) = YAMLStream.firstUnprintable(text) {
            var line = 1
            var lineStart = 0
            for (position, byte) in text[0..<offset].enumerated() where byte == 0x0A {
                line += 1
                lineStart = position + 1
            }
            _ = report("<stdin>:\(line):\(offset - lineStart + 1): error: \(reason)")
            YAMLEventWire.appendEnd(YAMLEventWire.invalid, to: &writer.buffer)
            return writer.flush() ? 1 : 2
        }
        do {
            try LibFYAMLReader().read(text, into: &writer)
            YAMLEventWire.appendEnd(YAMLEventWire.finished, to: &writer.buffer)
            return writer.flush() ? 0 : 2
        } catch {
            // The reason and place go where the parent reads them: standard error.
            if case .invalid(let reason?, let line?, let column?) = error { _ = report("<stdin>:\(line):\(column): error: \(reason)") }
            YAMLEventWire.appendEnd(YAMLEventWire.invalid, to: &writer.buffer)
            return writer.flush() ? 1 : 2
        }
    }

    private static func report(_ message: String) -> Int32 {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return 2
    }

    /// Writes events as records, 64 KiB at a time.
    private struct EventWriter: YAMLEventSink {
        var buffer: [UInt8] = []
        var failed = false

        mutating func take(_ event: YAMLEvent) throws(YAMLParseError) {
            YAMLEventWire.append(event, to: &buffer)
            if buffer.count >= 1 << 16, !flush() { throw YAMLParseError("cannot write standard output", line: 1, column: 1) }
        }

        /// Writes what is buffered; false when standard output failed.
        mutating func flush() -> Bool {
            var written = 0
            while written < buffer.count {
                let count = buffer.withUnsafeBytes { write(1, $0.baseAddress! + written, $0.count - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            buffer.removeAll(keepingCapacity: true)
            return true
        }
    }
}
