import LosslessJSON

/// The status line's message, and the completions the `:` prompt offers on the hint line.
struct StatusLine: Sendable, Hashable {
    /// A one-line message (errors in the warning colour), or nil.
    private(set) var message: String?
    /// Whether the message is an error.
    private(set) var isError = false
    /// Completions of the path typed in the `:` prompt.
    var completions: [String] = []
    /// Where the last find landed among all its matches, shown while the cursor stays there and
    /// the document is unchanged.
    var found: FoundMatch?

    /// A find's match and its place among all the matches of the document at one revision.
    struct FoundMatch: Sendable, Hashable {
        let node: JSONDocument.Node
        let position: Int
        let total: Int
        let revision: Int
    }

    /// Shows a message.
    mutating func say(_ text: String, error: Bool = false) {
        message = text
        isError = error
    }

    /// Adds a note after the message there, keeping its colour.
    mutating func append(_ text: String) {
        message = (message.map { $0 + " — " } ?? "") + text
    }

    /// Clears the message (a key was pressed).
    mutating func clear() { message = nil }
}
