import LosslessJSON

/// JSON Schema's idea of equal values: numbers by mathematical value (`1` equals `1.0`, never
/// `true`), strings by code points, arrays in order, objects as sets of members.
enum JSONSemantics {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.literal == y.literal || DecimalValue(x) == DecimalValue(y)
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            let xs = members(x)
            let ys = members(y)
            guard xs.count == ys.count else { return false }
            for (key, value) in xs {
                guard let other = ys[key], equal(value, other) else { return false }
            }
            return true
        default: return false
        }
    }

    /// An object's members by key (the last of duplicate keys wins, as reading does).
    static func members(_ object: JSONObject) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for member in object.members { result[member.key] = member.value }
        return result
    }

    /// A text equal for equal values and different for different ones: numbers normalized, object
    /// members sorted (for `uniqueItems` over many elements).
    static func canonical(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "n"
        case .bool(let b): out += b ? "t" : "f"
        case .number(let number): out += "#" + DecimalValue(number).description + ";"
        case .string(let s): out += "s" + String(s.unicodeScalars.count) + ":" + s
        case .array(let elements):
            out += "["
            for element in elements { write(element, into: &out); out += "," }
            out += "]"
        case .object(let object):
            out += "{"
            for (key, member) in members(object).sorted(by: { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }) {
                out += String(key.unicodeScalars.count) + ":" + key + "="
                write(member, into: &out)
                out += ","
            }
            out += "}"
        }
    }

    /// The JSON type names of a value (an integral number is both "integer" and "number").
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): DecimalValue(n).isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
