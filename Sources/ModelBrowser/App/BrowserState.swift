import DictionaryStorage
import LosslessJSON

/// One visible row: a node of the document at a depth.
struct Row: Hashable, Sendable {
    var node: Int
    var depth: Int
    /// Position among its siblings (the array index for elements).
    var index: Int
    /// The parent node's id (-1 for the root).
    var parent: Int
}

/// What the browser is doing besides showing the tree.
public enum Mode: Hashable, Sendable {
    case normal
    /// Editing text for a purpose.
    case editing(LineEditor, EditPurpose)
    /// Choosing among options.
    case menu(Menu)
    /// A yes/no or multi-choice question.
    case confirm(Confirmation)
    /// The help screen, scrolled.
    case help(scroll: Int)
    /// The pending changes as a unified diff, scrolled.
    case diff(lines: [String], scroll: Int)
}

/// What typed text is for.
public enum EditPurpose: Hashable, Sendable {
    /// A new value for a known field (through the model's setter).
    case field(row: Int, kind: FieldEditKind)
    /// Raw JSON replacing the value at a row.
    case rawValue(row: Int)
    /// The key of a new member of the object at a row (then its value).
    case newKey(row: Int)
    /// The JSON value of a new member.
    case newMemberValue(row: Int, key: String)
    /// The JSON value of a new array element.
    case newElement(row: Int)
    /// A new key for the member at a row.
    case rename(row: Int)
    /// A search query.
    case search
    /// A `:` command.
    case command
    /// "other…" value of an open enum.
    case otherEnumValue(row: Int)
}

/// How a known field's text is turned into JSON.
public enum FieldEditKind: Hashable, Sendable {
    case string, number, json
}

/// A menu.
public struct Menu: Hashable, Sendable {
    /// Why the menu is shown.
    public enum Purpose: Hashable, Sendable {
        case enumValue(row: Int)
        case variant(row: Int)
        case missingField(row: Int)
    }

    public var title: String
    public var options: [String]
    public var selected: Int
    public var purpose: Purpose
}

/// A question with choices.
public struct Confirmation: Hashable, Sendable {
    /// What the answer decides.
    public enum Purpose: Hashable, Sendable {
        case delete(row: Int)
        case quitUnsaved
        case overwriteChangedFile(path: String?)
    }

    public var question: String
    public var choices: [String]
    public var purpose: Purpose
}

/// The whole state of the browser, as a value: `update` changes it, `render` draws it.
public struct BrowserState: Sendable {
    /// The document as it is now.
    public internal(set) var document: JSONDocument {
        didSet { rows.document = document }
    }
    /// The document as loaded or last saved (for the diff view and the modified marker).
    public internal(set) var saved: JSONDocument
    /// What the title bar calls the source.
    public var sourceName: String
    /// Standard input and other sources without a file: saving needs `:w PATH`.
    public var hasFile: Bool
    /// The models the browser knows.
    public let registry: ModelRegistry
    /// The model bound to the root object, or to each element of a root array.
    public internal(set) var model: ModelSchema?
    /// The terminal size.
    public internal(set) var width: Int
    public internal(set) var height: Int
    /// The current mode.
    public internal(set) var mode: Mode = .normal
    /// A one-line message for the status line (errors in the warning colour).
    public internal(set) var message: String?
    public internal(set) var messageIsError = false
    /// The document is a record store's records: `{"Type": {"id": record, …}, …}`.
    public let isRecordStore: Bool
    /// Whether colours are drawn (NO_COLOR and monochrome terminals draw markers only).
    public var colors: Bool = true

    var rows = RowList()
    /// Expanded containers, with their parent and index (to compute paths in O(depth)).
    var expanded: [Int: (parent: Int, index: Int)] = [:]
    /// The cursor row and the first row on screen.
    public internal(set) var cursor = 0
    var top = 0
    var undoStack: [[JSONSplice]] = []
    var redoStack: [[JSONSplice]] = []
    /// The undo depth at the last save (`nil` when the saved state is unreachable by undo).
    var savedDepth: Int? = 0
    var lastSearch: String?
    /// The number of elements of a root array (for the title), computed when the document changes.
    var rootCount = 0
    /// Quit once the pending save succeeds (`:wq`, or "save" when quitting).
    var quitAfterSave = false

    /// Opens a document; `modelName` binds a registered model, else the best match is chosen.
    public init(
        document: JSONDocument, sourceName: String, hasFile: Bool, registry: ModelRegistry, modelName: String? = nil,
        width: Int = 80, height: Int = 24, isRecordStore: Bool = false
    ) {
        self.isRecordStore = isRecordStore
        self.document = document
        rows.document = document
        saved = document
        self.sourceName = sourceName
        self.hasFile = hasFile
        self.registry = registry
        self.width = width
        self.height = height
        model = isRecordStore ? nil : Self.chooseModel(document, registry: registry, name: modelName)
        if let modelName, model == nil {
            message = "no model named \(modelName); browsing untyped"
            messageIsError = true
        }
        expanded[0] = (-1, 0)
        // A root array of records opens its first element too.
        if document.kind(document.root) == .array, let first = document.children(document.root).first(where: { _ in true }),
            document.kind(first).isContainer
        {
            expanded[first.id] = (0, 0)
        }
        rebuildRows()
    }

    static func chooseModel(_ document: JSONDocument, registry: ModelRegistry, name: String?) -> ModelSchema? {
        if let name { return registry.schema(named: name) }
        let root = document.root
        let sample: JSONDocument.Node?
        switch document.kind(root) {
        case .object: sample = root
        case .array: sample = document.children(root).first { document.kind($0) == .object }
        default: sample = nil
        }
        guard let sample, document.range(sample).count < 1 << 20, case .object(let object) = document.value(sample) else { return nil }
        return registry.bestMatch(for: object)
    }

    /// Records the file the document was saved to (the executable calls this before `.saved`).
    public mutating func adoptOrigin(_ origin: JSONFileOrigin?) {
        document.origin = origin
    }

    /// Whether there are unsaved edits.
    public var isModified: Bool { savedDepth != undoStack.count }

    /// The number of visible rows.
    public var rowCount: Int { rows.count }

    /// The rows the tree area shows (the screen minus title, status and hint lines).
    var treeHeight: Int { max(1, height - 3) }

    // MARK: Rows

    /// Rebuilds the visible rows from the expansion state (after a load or an edit).
    mutating func rebuildRows() {
        rootCount = document.kind(document.root) == .array ? document.childCount(document.root) : 1
        rows.removeAll()
        rows.append(Row(node: 0, depth: 0, index: 0, parent: -1))
        if expanded[0] != nil { appendChildren(of: 0, depth: 0, at: 1, into: &rows) }
        cursor = min(cursor, rows.count - 1)
        scrollToCursor()
    }

    /// The rows of a node's children (and their expanded descendants), without recursion.
    private func appendChildren(of node: Int, depth: Int, at position: Int, into rows: inout RowList) {
        let container = JSONDocument.Node(id: node)
        rows.insert(items: childRows(of: node, from: node + 1, to: document.subtreeEnd(container), firstIndex: 0, depth: depth + 1), at: position)
    }

    /// The rows of the children of `parent` with ids in `first..<end` (and of their expanded
    /// descendants), the first at position `firstIndex` among its siblings. The closed children of
    /// a large container, shown whole, become runs between its open ones: no walk over its children.
    private func childRows(of parent: Int, from first: Int, to end: Int, firstIndex: Int, depth: Int) -> [RowList.Item] {
        var added: [RowList.Item] = []
        // The walk visits nodes in increasing id order, so the expanded ones below this node are
        // met in sorted order too: one pointer replaces a dictionary lookup per child.
        let expandedBelow = expanded.keys.filter { $0 >= first && $0 < end }.sorted()
        var nextExpanded = 0
        /// The children still to add of one expanded node: walked one by one, or, for a large
        /// container, its open children (with positions) and the position reached.
        enum Frame {
            case walk(JSONDocument.Children, depth: Int, parent: Int, index: Int)
            case large(open: [(id: Int, position: Int)], next: Int, position: Int, count: Int, depth: Int, parent: Int)
        }
        func frame(for node: Int, from first: Int, to end: Int, firstIndex: Int, depth: Int) -> Frame {
            let container = JSONDocument.Node(id: node)
            if first == node + 1, end == document.subtreeEnd(container), document.childCount(container) >= RowList.chunkSize {
                let open = expandedBelow.lazy.filter { $0 < end && self.expanded[$0]?.parent == node }
                    .map { (id: $0, position: self.expanded[$0]?.index ?? 0) }
                return .large(open: Array(open), next: 0, position: 0, count: document.childCount(container), depth: depth, parent: node)
            }
            return .walk(document.children(from: JSONDocument.Node(id: first), to: end), depth: depth, parent: node, index: firstIndex)
        }
        var stack = [frame(for: parent, from: first, to: end, firstIndex: firstIndex, depth: depth)]
        /// Adds a child's row, and its children's frame if it is open.
        func add(_ child: Int, depth: Int, index: Int, parent: Int) {
            added.append(.row(Row(node: child, depth: depth, index: index, parent: parent)))
            while nextExpanded < expandedBelow.count, expandedBelow[nextExpanded] < child { nextExpanded += 1 }
            let node = JSONDocument.Node(id: child)
            if nextExpanded < expandedBelow.count, expandedBelow[nextExpanded] == child, document.kind(node).isContainer {
                stack.append(frame(for: child, from: child + 1, to: document.subtreeEnd(node), firstIndex: 0, depth: depth + 1))
            }
        }
        while let top = stack.popLast() {
            switch top {
            case .walk(var children, let depth, let parent, let index):
                guard let child = children.next() else { continue }
                stack.append(.walk(children, depth: depth, parent: parent, index: index + 1))
                add(child.id, depth: depth, index: index, parent: parent)
            case .large(let open, let next, let position, let count, let depth, let parent):
                guard next < open.count else {
                    if position < count { added.append(.run(RowList.Run(parent: parent, depth: depth, firstIndex: position, count: count - position))) }
                    continue
                }
                let child = open[next]
                if child.position > position {
                    added.append(.run(RowList.Run(parent: parent, depth: depth, firstIndex: position, count: child.position - position)))
                }
                stack.append(.large(open: open, next: next + 1, position: child.position + 1, count: count, depth: depth, parent: parent))
                add(child.id, depth: depth, index: child.position, parent: parent)
            }
        }
        return added
    }

    /// The end (exclusive) of the rows below row `r` in its subtree.
    func subtreeEnd(of r: Int) -> Int {
        rows.end(after: r, deeperThan: rows[r].depth)
    }

    mutating func expand(_ r: Int) {
        let row = rows[r]
        guard document.kind(JSONDocument.Node(id: row.node)).isContainer, expanded[row.node] == nil else { return }
        expanded[row.node] = (row.parent, row.index)
        appendChildren(of: row.node, depth: row.depth, at: r + 1, into: &rows)
    }

    /// Opens row `r` and every container below it, in document order, up to `limit` containers;
    /// the rows are built once at the end. Returns whether every container was opened.
    mutating func expandSubtree(_ r: Int, limit: Int) -> Bool {
        let row = rows[r]
        let top = JSONDocument.Node(id: row.node)
        guard document.kind(top).isContainer else { return true }
        if expanded[top.id] == nil { expanded[top.id] = (row.parent, row.index) }
        var opened = 1
        var stack: [(children: JSONDocument.Children, parent: Int, index: Int)] = [(document.children(top), top.id, 0)]
        while !stack.isEmpty, opened < limit {
            guard let child = stack[stack.count - 1].children.next() else {
                stack.removeLast()
                continue
            }
            let (parent, index) = (stack[stack.count - 1].parent, stack[stack.count - 1].index)
            stack[stack.count - 1].index += 1
            guard document.kind(child).isContainer else { continue }
            if expanded[child.id] == nil {
                expanded[child.id] = (parent, index)
                opened += 1
            }
            stack.append((document.children(child), child.id, 0))
        }
        rows.removeSubrange((r + 1)..<subtreeEnd(of: r))
        appendChildren(of: top.id, depth: row.depth, at: r + 1, into: &rows)
        return stack.isEmpty
    }

    mutating func collapse(_ r: Int) {
        let row = rows[r]
        guard expanded[row.node] != nil else { return }
        let end = subtreeEnd(of: r)
        rows.removeSubrange((r + 1)..<end)
        expanded[row.node] = nil
        if cursor > r && cursor < end { cursor = r }
    }

    func isExpanded(_ r: Int) -> Bool { expanded[rows[r].node] != nil }

    // MARK: Paths

    /// The path of a row, from the expansion records of its ancestors (O(depth)).
    func path(ofRow r: Int) -> JSONPath {
        guard r >= 0, r < rows.count else { return .root }
        return path(node: rows[r].node, parent: rows[r].parent, index: rows[r].index)
    }

    func path(node: Int, parent: Int, index: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = (node: node, parent: parent, index: index)
        while current.parent >= 0 {
            let parentNode = JSONDocument.Node(id: current.parent)
            if document.kind(parentNode) == .object {
                components.append(.key(document.key(JSONDocument.Node(id: current.node)) ?? ""))
            } else {
                components.append(.index(current.index))
            }
            guard let info = expanded[current.parent] else { break }
            current = (current.parent, info.parent, info.index)
        }
        return JSONPath(components.reversed())
    }

    /// The path of the cursor.
    public var cursorPath: JSONPath { path(ofRow: cursor) }

    // MARK: Scrolling

    mutating func scrollToCursor() {
        if cursor < top { top = cursor }
        if cursor >= top + treeHeight { top = cursor - treeHeight + 1 }
        top = max(0, min(top, max(0, rows.count - 1)))
    }

    mutating func moveCursor(to r: Int) {
        cursor = max(0, min(rows.count - 1, r))
        scrollToCursor()
    }

    // MARK: Document changes

    /// Replaces the document after an edit, keeping the expansion and the cursor by path.
    ///
    /// When the edit parsed only part of the text again (`change`), only the rows and expansions
    /// inside that part are built again; the others move by the change. Otherwise every expanded
    /// path is looked up in the new document and the rows are built from them.
    mutating func replaceDocument(_ new: JSONDocument, change: JSONNodeChange? = nil, cursorPath: JSONPath? = nil) {
        let keepCursor = cursorPath ?? self.cursorPath
        if let change {
            follow(change, to: new)
        } else {
            // Paths from the document, not the expansion records: a node inside a closed one keeps
            // its expansion (opening the outer one shows it again) but not an unbroken record chain.
            let expandedPaths = expanded.keys.map { document.path(of: JSONDocument.Node(id: $0)) }
            let rootIsOpen = expanded[0] != nil
            document = new
            expanded = rootIsOpen ? [0: (-1, 0)] : [:]
            reexpand(expandedPaths)
            rebuildRows()
        }
        // Put the cursor back on the same path, or on its nearest surviving ancestor.
        var target = keepCursor
        while true {
            if let r = row(for: target) {
                moveCursor(to: r)
                break
            }
            guard let parent = target.parent else {
                moveCursor(to: 0)
                break
            }
            target = parent
        }
    }

    /// Marks the containers at these paths of the current document expanded (paths that no longer
    /// lead to a container are dropped).
    private mutating func reexpand(_ paths: [JSONPath]) {
        for path in paths where !path.isRoot {
            guard let node = document.node(at: path), document.kind(node).isContainer, let parentPath = path.parent,
                let parent = document.node(at: parentPath), let position = document.child(parent, holding: node)?.position
            else { continue }
            expanded[node.id] = (parent.id, position)
        }
    }

    /// Follows an edit that parsed again only the children `change.replaced` of one container:
    /// the rows and expansions after them move, theirs are built again.
    private mutating func follow(_ change: JSONNodeChange, to new: JSONDocument) {
        let low = change.replaced.lowerBound
        let high = change.replaced.upperBound
        let container = change.container.id
        // Expansions outside the region move; inside it they are found again by path.
        var regionPaths: [JSONPath] = []
        var moved: [Int: (parent: Int, index: Int)] = [:]
        for (node, info) in expanded {
            guard let id = change.newID(node) else {
                regionPaths.append(document.path(of: JSONDocument.Node(id: node)))
                continue
            }
            // The parent of a node outside the region is outside it too.
            let parent = info.parent < 0 ? -1 : change.newID(info.parent) ?? -1
            let index = info.parent == container && node >= high ? info.index + change.childDelta : info.index
            moved[id] = (parent, index)
        }
        // The rows of the region are one run (rows are in document order, as ids are).
        let first = rows.lowerBound(ofNode: low)
        let end = rows.lowerBound(ofNode: high)
        rows.follow(change, from: end)
        rows.removeSubrange(first..<end)
        document = new
        expanded = moved
        reexpand(regionPaths)
        rootCount = document.kind(document.root) == .array ? document.childCount(document.root) : 1
        // The region's new children are shown if their container is open and on screen.
        if expanded[container] != nil, let containerRow = rows.firstIndex(ofNode: container) {
            let added = childRows(
                of: container, from: low, to: low + change.insertedCount, firstIndex: change.firstPosition,
                depth: rows[containerRow].depth + 1)
            rows.insert(items: added, at: first)
        }
    }

    /// The visible row showing a path, if any (expands nothing).
    func row(for target: JSONPath) -> Int? {
        guard let node = document.node(at: target) else { return nil }
        return rows.firstIndex(ofNode: node.id)
    }
}
