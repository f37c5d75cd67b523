import LosslessJSON

/// Applies compiled schemas to the values of one document, walking its index directly (strings and
/// numbers are decoded only where a keyword reads them).
///
/// Two modes: a fast one that only answers valid or not (stopping at the first failure), and a
/// collecting one that records every error with its instance and keyword paths — run only when the
/// fast one said no. Annotations (evaluated properties and items) are kept only when some schema
/// has an `unevaluated*` keyword.
@_spi(SchemaGraph) public final class Evaluator {
    let document: JSONDocument
    /// The document read by node without copying it per question (the hot paths use it).
    let reader: JSONDocumentReader
    let assertFormat: Bool
    let annotate: Bool
    let index: SchemaIndex
    /// Whether errors are recorded.
    var collecting: Bool
    var errors: [ValidationError] = []
    /// Patterns the engine could not decide, with the values they were applied to: while any is
    /// here, neither verdict can be trusted.
    var undecided: [ValidationError] = []
    var instancePath: [JSONPath.Component] = []
    var keywordPath: [String] = []
    /// The schema resources entered, outermost first (for `$dynamicRef` and `$recursiveRef`).
    var dynamicScope: [SchemaNode] = []
    /// How deep evaluation has gone (a bound instead of a stack overflow on a deep value).
    var depth = 0
    /// How deep evaluation has gone since it last moved to a child value: past `maxDepth`, the
    /// schema refers to itself without ever reaching a value.
    var depthAtValue = 0
    /// The deepest evaluation allowed at one value: on the large-stack thread, and less on a
    /// caller's own stack.
    let maxDepth: Int
    static let maxDepth = 4_000
    /// The deepest evaluation allowed in all, along a deep value (its levels, and the schema's at
    /// each): what the large-stack thread holds with room to spare.
    let maxTotalDepth: Int
    /// Subschemas applied so far, and how many may be before the check gives up: enough for any
    /// schema applied in linear time (`stepsPerValue` per value, plus `baseSteps`), far less than
    /// nested applicators or cycles could take.
    var steps = 0
    let budget: Int
    static let baseSteps = 4_000_000
    static let stepsPerValue = 256
    /// Whether the check gave up (deeper or longer than allowed): every evaluation after ends at once.
    var gaveUp = false
    /// Whether an earlier run already found the value invalid for certain (the collecting run after
    /// the fast one): giving up then only ends the list of errors, it cannot make the verdict unknown.
    let verdictKnown: Bool
    /// Outcomes of references already followed at a value, by target and value: a schema whose
    /// applicators reach the same definition along many paths evaluates it once per value.
    /// (Off when `$dynamicRef` or `$recursiveRef` make a target's outcome depend on the path.)
    var followed: [FollowedReference: Outcome] = [:]
    /// Collecting, the failures of references already followed, with their errors (keyword
    /// locations relative to the reference).
    var explained: [FollowedReference: (outcome: Outcome, errors: [ValidationError])] = [:]
    let memoizes: Bool
    /// The references being followed now: one reached again at the same value loops forever.
    var following: Set<FollowedReference> = []
    static let loopSearchDepth = 32
    /// The most outcomes remembered (then forgotten all at once): bounded memory on a large document.
    static let maxFollowed = 1 << 20

    /// A reference's target schema applied at one value.
    struct FollowedReference: Hashable {
        let target: ObjectIdentifier
        let node: Int
    }

    init(
        document: JSONDocument, index: SchemaIndex, assertFormat: Bool, annotate: Bool, collecting: Bool,
        memoizes: Bool, verdictKnown: Bool = false, maxDepth: Int = Evaluator.maxDepth
    ) {
        self.document = document
        reader = JSONDocumentReader(document)
        self.index = index
        self.assertFormat = assertFormat
        self.annotate = annotate
        self.collecting = collecting
        self.memoizes = memoizes
        self.verdictKnown = verdictKnown
        self.maxDepth = maxDepth
        maxTotalDepth = maxDepth == Evaluator.maxDepth ? 20_000 : maxDepth
        let (perValue, overflow) = document.nodeCount.multipliedReportingOverflow(by: Self.stepsPerValue)
        budget = overflow ? Int.max : Self.baseSteps + perValue
    }

    // MARK: Reporting

    /// A pattern's answer for a value or key at `node`; an undecided one is noted (always, in both
    /// modes: it overrules the verdict) and reads as no match.
    func patternHolds(_ answer: Bool?, for regex: ECMARegex, at node: JSONDocument.Node, keyword: String, schema: SchemaNode) -> Bool {
        guard let answer else {
            let path = JSONPath(instancePath)
            undecided.append(ValidationError(
                instancePath: path, node: node, keywordLocation: Self.pointer(keywordPath),
                absoluteKeywordLocation: schema.absoluteLocation + "/" + keyword, keyword: keyword,
                message: "too complex to decide: \(shown(node)) could not be checked against the pattern \(JSONStringQuote(regex.source)): \(ECMARegex.undecidedReason)"))
            return false
        }
        return answer
    }

    /// Stops the check: past a limit its verdict would be a guess. The reason is noted as
    /// undecided (the value is neither valid nor invalid) — or, when the value is already known
    /// invalid, as the last error listed.
    func giveUp(_ node: JSONDocument.Node, schema: SchemaNode, _ reason: String) -> Outcome {
        if !gaveUp {
            gaveUp = true
            let error = ValidationError(
                instancePath: JSONPath(instancePath), node: node, keywordLocation: Self.pointer(keywordPath),
                absoluteKeywordLocation: schema.absoluteLocation, keyword: "", message: "too complex to decide: " + reason)
            if verdictKnown {
                if collecting { errors.append(error) }
            } else {
                undecided.append(error)
            }
        }
        return .invalid
    }

    /// The most errors held at once: nested applicators can explain one failure with a number of
    /// errors that doubles at every level. Past it, errors are not recorded (`errorsDropped`).
    static let maxErrors = 1_000
    /// Whether some error was not recorded for `maxErrors`.
    var errorsDropped = false

    /// The error that says errors were dropped, if some were (listed last, at the value checked).
    func droppedNote(at node: JSONDocument.Node) -> [ValidationError] {
        guard errorsDropped else { return [] }
        return [ValidationError(
            instancePath: JSONPath([]), node: node, keywordLocation: "", absoluteKeywordLocation: "", keyword: "",
            message: "more errors than the \(Self.maxErrors) listed (nested applicators multiply them): the rest are not shown")]
    }

    /// Adds errors, as many as `maxErrors` allows.
    func record(_ more: some Collection<ValidationError>) {
        let room = Self.maxErrors - errors.count
        if more.count > room { errorsDropped = true }
        errors += more.prefix(max(0, room))
    }

    func report(_ keyword: String, _ node: JSONDocument.Node, schema: SchemaNode, _ message: @autoclosure () -> String) {
        guard collecting else { return }
        guard errors.count < Self.maxErrors else {
            errorsDropped = true
            return
        }
        let path = Self.pointer(keywordPath)
        let absolute = schema.absoluteLocation + (keyword.isEmpty ? "" : "/" + keyword)
        errors.append(ValidationError(
            instancePath: JSONPath(instancePath), node: node, keywordLocation: path, absoluteKeywordLocation: absolute,
            keyword: keyword, message: message()))
    }

    /// Describes a value shortly for messages.
    func shown(_ node: JSONDocument.Node) -> String {
        let range = document.range(node)
        if range.count > 40 {
            switch reader.kind(node) {
            case .object: return "an object"
            case .array: return "an array"
            default: return document.text.string(range.lowerBound..<(range.lowerBound + 37)) + "…"
            }
        }
        return document.rawText(node)
    }

    // MARK: Evaluating

    /// Applies a schema to a value from the start; returns the outcome and the errors recorded.
    /// A value inside the document (checked again on its own) gives its own instance and keyword
    /// paths, so its errors read as they would in a check of the whole.
    func run(
        _ schema: SchemaNode, _ node: JSONDocument.Node, instancePath: [JSONPath.Component] = [], keywordPath: [String] = []
    ) -> (outcome: Outcome, errors: [ValidationError]) {
        self.instancePath = instancePath
        self.keywordPath = keywordPath
        let outcome = evaluate(schema, node)
        return (outcome, errors)
    }

    /// A keyword path as a JSON Pointer, as error locations are written.
    static func pointer(_ keywordPath: [String]) -> String { JSONPath.pointer(keys: keywordPath) }

    /// Applies a schema to a value.
    func evaluate(_ schema: SchemaNode, _ node: JSONDocument.Node) -> Outcome {
        if let constant = schema.constant {
            if !constant { report("", node, schema: schema, "no value is allowed here (the schema is false)") }
            return constant ? Outcome() : .invalid
        }
        guard !gaveUp else { return .invalid }
        steps += 1
        guard steps <= budget else {
            return giveUp(node, schema: schema, "more than \(budget) subschema applications (applicators nested or repeated without end)")
        }
        depth += 1
        depthAtValue += 1
        defer {
            depth -= 1
            depthAtValue -= 1
        }
        guard depthAtValue < maxDepth else {
            return giveUp(node, schema: schema, "the schema applies more than \(maxDepth) subschemas within one another at this value")
        }
        guard depth < maxTotalDepth else {
            return giveUp(node, schema: schema, "the value nests too deeply to check against this schema (more than \(maxTotalDepth) levels of evaluation)")
        }
        let entered = schema.isResourceRoot
        if entered { dynamicScope.append(schema) }
        defer { if entered { dynamicScope.removeLast() } }
        var outcome = Outcome()
        let kind = reader.kind(node)
        // In place: a check is read through its pointer, never copied (no retain of what it holds).
        let checks = schema.frozenChecks
        guard let first = checks.baseAddress else { return outcome }
        for position in 0..<checks.count {
            let check = first + position
            if collecting { keywordPath.append(check.pointee.keyword) }
            apply(check, schema, node, kind, &outcome)
            if collecting { keywordPath.removeLast() }
            if !outcome.valid && !collecting { return outcome }
        }
        return outcome
    }

    /// Applies a schema to a child value (its path one step longer).
    func evaluate(_ schema: SchemaNode, child node: JSONDocument.Node, _ component: JSONPath.Component) -> Outcome {
        if collecting { instancePath.append(component) }
        let atParent = depthAtValue
        depthAtValue = 0
        defer {
            depthAtValue = atParent
            if collecting { instancePath.removeLast() }
        }
        return evaluate(schema, node)
    }

    /// Evaluates without recording errors (for `not`, `if`, `contains`, and branches).
    func quietly<T>(_ body: () -> T) -> T {
        let was = collecting
        collecting = false
        defer { collecting = was }
        return body()
    }

    /// Runs `body` with errors kept apart; returns its result and the errors it recorded.
    func separately(_ body: () -> Outcome) -> (Outcome, [ValidationError]) {
        let start = errors.count
        let outcome = body()
        let recorded = Array(errors[start...])
        errors.removeSubrange(start...)
        return (outcome, recorded)
    }

}
