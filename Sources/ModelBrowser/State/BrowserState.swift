import DictionaryStorage
import LosslessJSON

/// The whole state of the browser, as a value: `update` changes it, `render` draws it.
///
/// It is made of a few parts, each with its own changes: what is on screen (`view`), the edits
/// and where the last save stands among them (`history`), the schema check and its problems
/// (`check`), and the status line (`status`); the rest says what is browsed and how.
public struct BrowserState: Sendable {
    /// The document as it is now.
    public internal(set) var document: JSONDocument {
        didSet {
            view.rows.document = document
            revision += 1
        }
    }
    /// What is on screen.
    var view: TreeView
    /// The edits, for undo and redo, and the document as last saved.
    var history: EditHistory
    /// The schema check and what it found.
    var check = DocumentCheck()
    /// The status line.
    var status = StatusLine()
    /// Counts the document's versions (a check made in the background applies to one of them).
    public private(set) var revision = 0

    /// Runs `body`, which replaces the document with the same text indexed further (an unfold):
    /// the version stays, so a check under way still applies to it.
    mutating func keepingRevision(_ body: (inout BrowserState) -> Void) {
        let kept = revision
        body(&self)
        revision = kept
    }
    /// The document as loaded or last saved (for the diff view and the modified marker).
    public internal(set) var saved: JSONDocument {
        get { history.saved }
        set { history.saved = newValue }
    }
    /// What the title bar calls the source.
    public var sourceName: String
    /// Whether saving needs no path (standard input needs `:w PATH`).
    public var canSaveInPlace: Bool
    /// Whether the source saves a text of its own (YAML): `D` asks it for the pending diff.
    public var diffBySource = false
    /// Whether members can be turned off (commented out) and on: not in a source that cannot
    /// save them so (YAML), where comments that read as members are comments.
    public var membersTurnOff = true
    /// The models the browser knows.
    public internal(set) var registry: ModelRegistry
    /// What is known about the root.
    public internal(set) var binding: RootBinding
    /// The keys and what they do.
    public var keys: KeyTable = .standard
    /// The terminal size.
    public var width: Int { view.width }
    public var height: Int { view.height }
    /// The current mode.
    public internal(set) var mode: Mode = .normal
    /// A one-line message for the status line (errors in the warning colour).
    public var message: String? { status.message }
    public var messageIsError: Bool { status.isError }
    /// Whether colours are drawn (NO_COLOR and monochrome terminals draw markers only).
    public var colors: Bool = true

    // Mutated in place (`_modify`): through a getter and setter, each insertion would go into a
    // copy shared with the view and copy it whole (opening a 100,000-deep document took minutes).
    var rows: RowList {
        get { view.rows }
        _modify { yield &view.rows }
    }
    var expanded: [Node: Expansion] {
        get { view.expanded }
        _modify { yield &view.expanded }
    }
    /// The cursor row and the first row on screen.
    public internal(set) var cursor: Int {
        get { view.cursor }
        set { view.cursor = newValue }
    }
    var top: Int {
        get { view.top }
        set { view.top = newValue }
    }
    var lastSearch: String?
    /// The number of elements of a root array (for the title), computed when the document changes.
    var rootCount = 0
    /// Quit once the pending save succeeds (`:wq`, or "save" when quitting).
    var quitAfterSave = false
    /// What someone else changed in the source, not yet offered for reloading (it waits while the
    /// person is in the middle of something).
    var changedByOthers: String?
    /// What checks the document after each edit (a JSON Schema), if anything.
    public var checker: (any DocumentChecker)? { check.checker }
    /// Whether the whole document is being checked in the background (the runtime runs it and
    /// answers with `Event.checked`); edits are not checked one by one meanwhile.
    public var checkPending: Bool { check.pending }
    /// While the document is the start of a file whose whole is still loading (or failed to).
    public internal(set) var partialLoad: PartialLoad?
    /// The schema the model was inferred from, when nothing else described the document.
    public internal(set) var inferredSchema: InferredSchema?
    /// A record store's types described by the schemas kept with them (`describeRecords`), by type
    /// name: what each type's group of records is.
    public internal(set) var recordTypes: [String: FieldType] = [:]
    /// What the checker found, in document order.
    public var problems: [DocumentProblem] { check.problems }
    /// The first problem at each path (for the rows' warnings).
    var problemAtPath: [JSONPath: String] { check.problemAtPath }
    /// Whether long values wrap over several screen lines (else they are cut at the screen's edge).
    public internal(set) var wrapValues: Bool {
        get { view.wrapValues }
        set { view.wrapValues = newValue }
    }
    /// Columns of the cursor row's value scrolled out on the left (reset when the cursor moves).
    public internal(set) var valueOffset: Int {
        get { view.valueOffset }
        set { view.valueOffset = newValue }
    }

    /// Opens a document from a source of `layout`; `modelName` binds a registered model, else the
    /// best match is chosen.
    public init(
        document: JSONDocument, sourceName: String, canSaveInPlace: Bool = true, layout: RootLayout = .document,
        registry: ModelRegistry, modelName: String? = nil, width: Int = 80, height: Int = 24
    ) {
        self.document = document
        view = TreeView(width: max(1, width), height: max(1, height))
        view.rows.document = document
        history = EditHistory(saved: document)
        self.sourceName = sourceName
        self.canSaveInPlace = canSaveInPlace
        self.registry = registry
        binding = RootBinding(layout: layout, document: document, registry: registry, modelName: modelName)
        if let modelName, binding.model == nil { status.say("no model named \(modelName); browsing untyped", error: true) }
        expanded[document.root] = .root
        // A root array of records opens its first element too.
        if document.kind(document.root) == .array, let first = document.children(document.root).first(where: { _ in true }),
            document.kind(first).isContainer
        {
            if let unfolded = self.document.unfolding(first) { self.document = unfolded }
            expanded[first] = Expansion(parent: document.root, index: 0)
        }
        rebuildRows()
    }

    /// Opens a source's document.
    public init(document: JSONDocument, source: some DocumentSource, registry: ModelRegistry, modelName: String? = nil, width: Int = 80, height: Int = 24) {
        self.init(
            document: document, sourceName: source.name, canSaveInPlace: source.canSaveInPlace, layout: source.layout,
            registry: registry, modelName: modelName, width: width, height: height)
    }

    /// Checks the document with a checker now (or, `inBackground`, on another thread the runtime
    /// starts: a large document's first screen does not wait for it) and after every edit.
    public mutating func attach(_ checker: any DocumentChecker, inBackground: Bool = false) {
        check.attach(checker, to: document, inBackground: inBackground)
    }

    /// Describes the whole root with a type made from data (a JSON Schema's), its models and its
    /// checker, replacing what the registry's best match gave; the title bar shows `name`.
    /// `inferred` is the schema when it was inferred from the document (`S` saves it).
    public mutating func describe(
        as type: FieldType, name: String, models: ModelRegistry, checker: (any DocumentChecker)?, checkInBackground: Bool = false,
        inferred: InferredSchema? = nil
    ) {
        registry = models
        binding = .typed(type, name: name)
        inferredSchema = inferred
        if let checker { attach(checker, inBackground: checkInBackground) }
        rebuildRows()
    }

    /// Shows a note in the status line (a warning when `error`), the way an app explains what it chose.
    public mutating func note(_ text: String, error: Bool = false) {
        say(text, error: error)
    }

    /// Records the file the document was saved to (the runtime calls this before `.saved`).
    public mutating func adoptOrigin(_ origin: JSONFileOrigin?) {
        document.origin = origin
    }

    /// The model bound to the root (or its elements, or a table's rows), if any.
    public var model: ModelSchema? { binding.model }

    /// Whether there are unsaved edits.
    public var isModified: Bool { history.isModified }

    /// The number of visible rows.
    public var rowCount: Int { rows.count }

    /// Where each part of the screen goes.
    var layout: Layout { view.layout }

    /// The rows a page moves.
    var pageRows: Int { layout.pageRows }

    /// Shows a message in the status line.
    mutating func say(_ text: String, error: Bool = false) { status.say(text, error: error) }

    // MARK: Scrolling

    mutating func scrollToCursor() {
        if cursor < top { top = cursor }
        if cursor >= top + pageRows { top = cursor - pageRows + 1 }
        top = max(0, min(top, max(0, rows.count - 1)))
        guard wrapValues else { return }
        // Wrapped rows take several lines: move down until the cursor's row ends on screen.
        while top < cursor, linesUsed(from: top, through: cursor) > pageRows { top += 1 }
    }

    /// The screen lines rows `first...last` take when values wrap, laid out as render lays them out.
    private func linesUsed(from first: Int, through last: Int) -> Int {
        var cache = AnnotationCache()
        let layout = TreeLayout(self, from: first, count: pageRows, cache: &cache)
        return layout.lines.filter { $0.row <= last }.reduce(0) { $0 + layout.height(of: $1, wrapping: true, limit: pageRows) }
    }

    mutating func moveCursor(to r: Int) {
        let target = max(0, min(rows.count - 1, r))
        if target != cursor { valueOffset = 0 }
        cursor = target
        scrollToCursor()
    }

    // MARK: Paths

    /// The path of a row, from the expansion records of its ancestors (O(depth)).
    func path(ofRow r: Int) -> JSONPath {
        guard r >= 0, r < rows.count else { return .root }
        if let member = rows[r].disabled { return pathOfNode(rows[r].node).appending(.key(member.key)) }
        if rows[r].isPlaceholder, let key = placeholderKey(ofRow: r) { return pathOfNode(rows[r].node).appending(contentsOf: key) }
        return path(node: rows[r].node, reachedBy: Expansion(parent: rows[r].parent, index: rows[r].index))
    }

    /// A placeholder's path inside its object: the missing field's path there.
    func placeholderKey(ofRow r: Int) -> JSONPath? {
        var cache = AnnotationCache()
        return annotation(ofRow: r, cache: &cache).field?.path
    }

    /// The path of a node reached from `parent` at `index`.
    func path(node: Node, reachedBy expansion: Expansion) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = (node: node, expansion: expansion)
        while let parent = current.expansion.parent {
            if document.kind(parent) == .object {
                components.append(.key(document.key(current.node) ?? ""))
            } else {
                components.append(.index(current.expansion.index))
            }
            guard let info = expanded[parent] else { break }
            current = (parent, info)
        }
        return JSONPath(components.reversed())
    }

    /// The path of an open (or root) node.
    func pathOfNode(_ node: Node) -> JSONPath {
        guard node != document.root, let info = expanded[node] else { return .root }
        return path(node: node, reachedBy: info)
    }

    /// The path of the cursor.
    public var cursorPath: JSONPath { path(ofRow: cursor) }
}
