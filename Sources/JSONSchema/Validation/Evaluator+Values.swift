import LosslessJSON

/// Reading the values a keyword asks about from the index: types, exact number comparisons, lengths
/// in code points, duplicates, property names.
extension Evaluator {
    func matches(_ kind: JSONKind, _ node: JSONDocument.Node, _ mask: TypeMask) -> Bool {
        switch kind {
        case .null: return mask.contains(.null)
        case .true, .false: return mask.contains(.boolean)
        case .string: return mask.contains(.string)
        case .array: return mask.contains(.array)
        case .object: return mask.contains(.object)
        case .number:
            if mask.contains(.number) { return true }
            guard mask.contains(.integer) else { return false }
            guard let bytes = reader.rawBytes(node) else {
                return document.number(node).map { DecimalValue($0).isInteger } ?? false
            }
            return SmallDecimal.isIntegerLiteral(bytes)
        }
    }

    /// -1, 0 or 1 as a number value is below, equal to or above a limit: exactly, from its literal.
    func compare(_ node: JSONDocument.Node, to limit: NumberLimit) -> Int {
        if let bound = limit.small, let bytes = reader.rawBytes(node), let small = SmallDecimal(literal: bytes) {
            return small.compare(to: bound)
        }
        guard let number = document.number(node) else { return 0 }
        let value = DecimalValue(number)
        return value < limit.value ? -1 : (limit.value < value ? 1 : 0)
    }

    /// A string's length in code points (an unescaped one counted in place: its UTF-8 lead bytes).
    func scalarCount(_ node: JSONDocument.Node) -> Int? {
        if let bytes = reader.unescapedStringBytes(node) {
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return document.string(node)?.unicodeScalars.count
    }

    /// The positions of the first two equal items, if any.
    func duplicate(in node: JSONDocument.Node) -> (Int, Int)? {
        var seen: [String: Int] = [:]
        for (position, child) in document.children(node).enumerated() {
            let key = JSONSemantics.canonical(document.value(child))
            if let first = seen[key] { return (first, position) }
            seen[key] = position
        }
        return nil
    }

    /// Whether a property name (a string, not a node) is valid for a schema.
    func propertyName(_ key: String, isValidFor schema: SchemaNode) -> Bool {
        guard let keyDocument = try? JSONDocument(JSONWriter.quoted(key)) else { return false }
        let evaluator = Evaluator(document: keyDocument, index: index, assertFormat: assertFormat, annotate: false, collecting: false, memoizes: false)
        evaluator.dynamicScope = dynamicScope
        let valid = evaluator.evaluate(schema, keyDocument.root).valid
        // A pattern it could not decide, or a limit it reached, leaves this check's verdict unknown too.
        undecided += evaluator.undecided
        return valid
    }
}

extension Array where Element == ValidationError {
    /// Drops the last error when errors are recorded (a `false` subschema's generic message,
    /// replaced by a message in the parent keyword's terms).
    mutating func removeLastIfCollecting(_ collecting: Bool) {
        if collecting, !isEmpty { removeLast() }
    }
}
