import LosslessJSON

/// What checks the document (a JSON Schema's checker) and what it found: after each edit, the
/// locations the edit reaches; a large or folded document whole, in the background.
struct DocumentCheck: Sendable {
    /// The checker, if one is attached.
    private(set) var checker: (any DocumentChecker)?
    /// Whether the whole document is being checked in the background (the runtime runs it and
    /// answers with `Event.checked`); edits are not checked one by one meanwhile.
    var pending = false
    /// What the checker found, in document order.
    private(set) var problems: [DocumentProblem] = []
    /// The first problem at each path (for the rows' warnings).
    private(set) var problemAtPath: [JSONPath: String] = [:]

    /// Checks `document` with `checker` now — or in the background when `inBackground` or the
    /// document is folded (it is checked whole) — and after every edit.
    mutating func attach(_ checker: any DocumentChecker, to document: JSONDocument, inBackground: Bool) {
        self.checker = checker
        pending = inBackground || document.mayHaveFolds
        set(pending ? [] : checker.problems(in: document))
    }

    /// Takes what a background check found.
    mutating func received(_ found: [DocumentProblem]) {
        set(found)
        pending = false
    }

    /// Checks again what a change at `path` can have affected; a folded document is checked whole
    /// in the background instead (`pending`). While a background check runs, its answer (for an
    /// older version) starts another.
    mutating func recheck(_ document: JSONDocument, changedAt path: JSONPath?) {
        guard let checker, !pending else { return }
        guard !document.mayHaveFolds else {
            pending = true
            return
        }
        set(checker.problems(in: document, changedAt: path, before: problems))
    }

    private mutating func set(_ found: [DocumentProblem]) {
        problems = found
        problemAtPath = Dictionary(found.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
    }
}
