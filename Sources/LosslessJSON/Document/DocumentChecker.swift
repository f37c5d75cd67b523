/// Something wrong with a value of a document, as a checker (a JSON Schema) finds it.
public struct DocumentProblem: Hashable, Sendable, CustomStringConvertible {
    /// The value's path.
    public var path: JSONPath
    /// What is wrong.
    public var message: String
    /// Where in the checker's rules it comes from (a schema's keyword location), so that a checker
    /// can tell which problems a look at one value again replaces.
    public var source: String

    /// A problem.
    public init(path: JSONPath, message: String, source: String = "") {
        self.path = path
        self.message = message
        self.source = source
    }

    public var description: String { "\(path.jq): \(message)" }
}

/// Checks a document after it was opened and after each edit — the edit's path lets a checker
/// look again at only what the edit can affect.
public protocol DocumentChecker: Sendable {
    /// What the checker is (a schema's name), for messages.
    var name: String { get }
    /// Every problem of a document, in document order.
    func problems(in document: JSONDocument) -> [DocumentProblem]
    /// The problems after an edit at `path` (`nil`: anywhere), given those before it.
    func problems(in document: JSONDocument, changedAt path: JSONPath?, before: [DocumentProblem]) -> [DocumentProblem]
}
