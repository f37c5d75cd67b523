/// Why a YAML text could not be read, and where: a line and column (1-based) for every bad input.
public struct YAMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int

    /// An error at a place.
    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(message)" }

    /// The reading was stopped by its progress's `cancel()` (nothing wrong with the text).
    public static let cancelled = YAMLParseError("reading was cancelled", line: 0, column: 0)
}

extension String {
    /// The string with zeros before it up to `width` characters (`"9"` → `"0009"`).
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
