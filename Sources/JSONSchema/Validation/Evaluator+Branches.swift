import LosslessJSON

/// The applicators that choose among subschemas: `then`/`else`, `anyOf`/`oneOf`, and how a failed
/// choice is named and explained (the branch that came closest).
extension Evaluator {
    /// `then` or `else`: its path in the keyword location is its own keyword's.
    func absorbSubschema(_ subschema: SchemaNode, keyword: String, _ node: JSONDocument.Node, _ outcome: inout Outcome) {
        if collecting { keywordPath[keywordPath.count - 1] = keyword }
        let result = evaluate(subschema, node)
        if !result.valid { outcome.valid = false }
        outcome.absorb(result)
    }

    /// `anyOf` and `oneOf`: every branch is tried (all of them when annotations are collected); on
    /// failure the errors reported are those of the branch that came closest, not every branch's.
    func applyAnyOrOne(
        _ check: UnsafeMutablePointer<Check>, _ schema: SchemaNode, _ node: JSONDocument.Node, _ list: [SchemaNode], exactlyOne: Bool, _ outcome: inout Outcome
    ) {
        var valid: [Int] = []
        var failures: [(position: Int, errors: [ValidationError])] = []
        // A branch that failed with no error of its own, only something undecided, might hold.
        var mightHold = false
        for (position, subschema) in list.enumerated() {
            if collecting { keywordPath.append(String(position)) }
            let undecidedBefore = undecided.count
            let (result, branchErrors) = separately { evaluate(subschema, node) }
            if collecting { keywordPath.removeLast() }
            if result.valid {
                valid.append(position)
                outcome.absorb(result)
                if !exactlyOne && !annotate { break }
                if exactlyOne && valid.count > 1 && !collecting { break }
            } else if collecting {
                failures.append((position, branchErrors))
                if branchErrors.isEmpty, undecided.count > undecidedBefore { mightHold = true }
            }
        }
        if valid.isEmpty {
            outcome.valid = false
            // No "valid against none" when a branch might hold (the undecided entries say why
            // the value's validity is unknown); a branch with an error of its own fails for certain.
            guard collecting, !mightHold else { return }
            let closest = Self.closest(failures, in: list, depth: instancePath.count)
            let name = closest.map { Self.branchName(list[$0.position], $0.position) } ?? ""
            // The closest branch's first error, shortened: nested anyOf at every level of a deep
            // value would otherwise repeat every message below in each one above (quadratic).
            let why = closest?.errors.first?.message ?? ""
            let shortened = why.count > 200 ? why.prefix(200) + "…" : Substring(why)
            report(check.pointee.keyword, node, schema: schema, "\(shown(node)) is valid against none of the \(list.count) schemas of \(check.pointee.keyword); the closest, \(name), fails: \(shortened)")
            record(closest?.errors ?? [])
        } else if exactlyOne && valid.count > 1 {
            outcome.valid = false
            report(check.pointee.keyword, node, schema: schema, "\(shown(node)) is valid against more than one schema of oneOf (\(valid.map { Self.branchName(list[$0], $0) }.joined(separator: ", ")))")
        }
    }

    /// The failed branch that came closest, for an instance `depth` steps below the root: the one
    /// whose discriminating keywords the value satisfies best — on the value itself a failed
    /// `type` counts 3, a failed `const` or `enum` 2, a missing `required` member 1; on a direct
    /// member (a tag) a failed `const` or `enum` 2 — so `"maybe"` is told about
    /// `"off"|"warn"|"error"`, not about an integer branch; then the one that got deepest, then
    /// the one with fewest errors, then the first.
    @_spi(SchemaGraph) public static func closest(_ failures: [(position: Int, errors: [ValidationError])], in list: [SchemaNode], depth: Int) -> (position: Int, errors: [ValidationError])? {
        func distance(_ errors: [ValidationError]) -> Int {
            errors.reduce(0) { sum, error in
                let onTheValue = error.instancePath.components.count == depth
                guard onTheValue || error.instancePath.components.count == depth + 1 else { return sum }
                switch error.keyword {
                case "type" where onTheValue: return sum + 3
                case "const", "enum": return sum + 2
                case "required" where onTheValue: return sum + 1
                default: return sum
                }
            }
        }
        return failures.min { a, b in
            let (ta, tb) = (distance(a.errors), distance(b.errors))
            if ta != tb { return ta < tb }
            let da = a.errors.map(\.instancePath.components.count).max() ?? 0
            let db = b.errors.map(\.instancePath.components.count).max() ?? 0
            if da != db { return da > db }
            return a.errors.count < b.errors.count
        }
    }

    /// How a branch is named: its title, its `$ref`'s last step, or its position.
    @_spi(SchemaGraph) public static func branchName(_ branch: SchemaNode, _ position: Int) -> String {
        if case .string(let title)? = branch.object?["title"] { return "\"\(title)\"" }
        if case .string(let reference)? = branch.object?["$ref"] { return reference.split(separator: "/").last.map(String.init) ?? reference }
        return "#\(position)"
    }
}
