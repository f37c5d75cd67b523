import LosslessJSON

/// `$ref`, `$dynamicRef` and `$recursiveRef` followed at a value: the outcome remembered where
/// paths can multiply, and a loop at one value found on its first turn.
extension Evaluator {
    /// Applies a reference's target at a value: once per target and value (remembered), and a
    /// target reached again while it is being applied to the same value is a loop that would
    /// never end — the check gives up, naming it.
    func follow(_ target: SchemaNode, _ node: JSONDocument.Node) -> Outcome {
        // A reference that is the first subschema applied at its value (`items: {$ref}`) is reached
        // once per value: only those reached through another applicator at the same value, where
        // paths can multiply, are remembered (the common case costs no table).
        let memoizes = self.memoizes && depthAtValue > 1
        let key = FollowedReference(target: ObjectIdentifier(target), node: node.id)
        if memoizes, let known = followed[key], known.valid || !collecting { return known }
        // Collecting, a failure is remembered with its errors: their keyword locations below this
        // reference are the same wherever it is reached from, above it they are this path's.
        if collecting, memoizes, let known = explained[key] {
            let prefix = Self.pointer(keywordPath)
            record(known.errors.lazy.map { error in
                var error = error
                error.keywordLocation = prefix + error.keywordLocation
                return error
            })
            return known.outcome
        }
        let firstError = errors.count
        // Loops are looked for only in a long chain of references at one value (real schemas
        // nest a few): a loop is still found within `loopSearchDepth` and one turn of it.
        let watched = depthAtValue > Self.loopSearchDepth
        if watched {
            guard following.insert(key).inserted else {
                return giveUp(node, schema: target, "the schema refers to itself at this value without reaching another value (\(target.absoluteLocation)): a loop with no verdict")
            }
        }
        let result = evaluate(target, node)
        if watched { following.remove(key) }
        if memoizes, !gaveUp {
            if followed.count >= Self.maxFollowed { followed.removeAll(keepingCapacity: true) }
            followed[key] = result
            if collecting, !result.valid {
                let prefix = Self.pointer(keywordPath)
                if explained.count >= Self.maxFollowed { explained.removeAll(keepingCapacity: true) }
                explained[key] = (result, errors[firstError...].map { error in
                    var error = error
                    error.keywordLocation = String(error.keywordLocation.dropFirst(prefix.count))
                    return error
                })
            }
        }
        return result
    }

    /// A reference's target; for one whose document could not be had, nil, and the value that
    /// reached it failed here (so `not` cannot turn it into a pass) and said in the `undecided`
    /// list — its validity is unknown.
    func resolved(_ reference: Reference, _ node: JSONDocument.Node, schema: SchemaNode, keyword: String, _ outcome: inout Outcome) -> SchemaNode? {
        if let target = reference.target { return target }
        guard let unresolved = reference.unresolved else { return nil }
        outcome.valid = false
        guard undecided.count < Self.maxErrors else { return nil }
        undecided.append(ValidationError(
            instancePath: JSONPath(instancePath), node: node, keywordLocation: Self.pointer(keywordPath),
            absoluteKeywordLocation: schema.absoluteLocation + "/" + keyword, keyword: keyword,
            message: "\(shown(node)) could not be checked: \(unresolved.message)"))
        return nil
    }
}
