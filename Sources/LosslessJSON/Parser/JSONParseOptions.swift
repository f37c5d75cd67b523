/// Options for parsing a JSON text.
public struct JSONParseOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted; deeper input fails with a clear error.
    ///
    /// The parser itself uses no recursion, so any limit is safe for parsing and for the document
    /// operations; the default of 1,024 keeps recursive consumers of `JSONValue` trees (equality,
    /// deinitialisation) far from the stack limit. Raise it for machine-generated input.
    public var maxDepth: Int

    /// Whether the text is JSON Lines: one value per line (blank lines hold none), read as an array
    /// of the lines' values whose root spans the text. Edits keep each value on its line.
    public var jsonLines = false

    /// The syntax of the text (strict JSON by default). JSON Lines are read as strict JSON.
    public var syntax: JSONSyntax = .json

    /// Whether a byte order mark before the text is skipped. A JSON Lines text may start with
    /// one, its lines after the first may not: a line parsed on its own clears this.
    public var skipsByteOrderMark = true

    /// The farthest an index entry's offsets may lie from its segment's start (4 GiB); tests and
    /// the fuzzer set it low to exercise what a text of many gigabytes needs.
    @_spi(Testing) public var offsetLimit = JSONIndex.offsetLimit

    /// Creates options.
    public init(maxDepth: Int = 1024, jsonLines: Bool = false, syntax: JSONSyntax = .json) {
        self.maxDepth = max(0, maxDepth)
        self.jsonLines = jsonLines
        self.syntax = jsonLines ? .json : syntax
    }

    /// The defaults.
    public static let `default` = JSONParseOptions()
}
