import Foundation
import LosslessJSON

/// The same data as a strict JSON file, written the way JSON-with-comments and JSON5 files are:
/// a line comment before every 8th member, a block comment before every 8th element, a trailing
/// comma in every non-empty container and — for JSON5 — identifier keys unquoted. The values are
/// the strict text's, byte for byte, so timing both measures what the syntax costs.
enum SyntaxVariant: String, CaseIterable {
    case jsonc, json5

    /// The syntax the variant is read in.
    var syntax: JSONSyntax { self == .jsonc ? .jsonc : .json5 }

    /// `strict` rewritten in this variant's syntax.
    func rewrite(_ strict: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(strict.count + strict.count / 4)
        // Per open container: whether it is an object, and how many values it holds so far.
        var containers: [(isObject: Bool, count: Int)] = []
        var next = Expected.value
        var pendingSpace: [UInt8] = []
        var members = 0, elements = 0
        var i = 0
        while i < strict.count {
            let byte = strict[i]
            if [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte) {
                pendingSpace.append(byte)  // held, so a trailing comma goes before it
                i += 1
                continue
            }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if let last = containers.popLast(), last.count > 0 { out.append(UInt8(ascii: ",")) }
                out += pendingSpace
                pendingSpace.removeAll(keepingCapacity: true)
                out.append(byte)
                next = .other
                i += 1
                continue
            }
            out += pendingSpace
            pendingSpace.removeAll(keepingCapacity: true)
            switch next {
            case .key:
                members += 1
                if members % 8 == 0 { out += Array("// member \(members)\n".utf8) }
                containers[containers.count - 1].count += 1
                let end = Self.stringEnd(strict, from: i)
                let key = strict[(i + 1)..<(end - 1)]
                out += self == .json5 && Self.isIdentifier(key) ? Array(key) : Array(strict[i..<end])
                i = end
                next = .other
                continue
            case .value where containers.last?.isObject == false:
                elements += 1
                if elements % 8 == 0 { out += Array("/* element \(elements) */ ".utf8) }
                containers[containers.count - 1].count += 1
            case .value, .other:
                break
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                containers.append((byte == UInt8(ascii: "{"), 0))
                next = byte == UInt8(ascii: "{") ? .key : .value
            case UInt8(ascii: ","):
                next = containers.last?.isObject == true ? .key : .value
            case UInt8(ascii: ":"):
                next = .value
            case UInt8(ascii: "\""):
                let end = Self.stringEnd(strict, from: i)
                out += strict[i..<(end - 1)]
                i = end - 1
                next = .other
            default:  // a number or a literal
                next = .other
            }
            out.append(strict[i])
            i += 1
        }
        out += pendingSpace
        return out
    }

    /// What may start at the next significant byte.
    private enum Expected { case key, value, other }

    /// The index after the string that starts at `start` (a `"`).
    static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
            i += 1
        }
        return bytes.count
    }

    /// Whether a key's bytes can be written unquoted in JSON5 (an ASCII identifier, no escapes).
    static func isIdentifier(_ key: ArraySlice<UInt8>) -> Bool {
        guard let first = key.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}

extension SyntaxVariant {
    /// The folder the variants are written to, for `Benchmarks/Scripts/jsonc_speed.py` to time the
    /// same bytes with Python's JSON5 parsers.
    static let folder = NSTemporaryDirectory() + "keepsake-syntax-bench"

    /// `strict` rewritten, checked to hold the same value, and written to `folder` as NAME.jsonc or
    /// NAME.json5 (beside NAME.json, the strict text).
    func written(from strict: Data, name: String) -> JSONBytes {
        let text = rewrite(Array(strict))
        do {
            let expected = try JSONDocument(storage: JSONBytes(strict))
            let variant = try JSONDocument(storage: JSONBytes(text), options: JSONParseOptions(syntax: syntax))
            guard variant.value(variant.root) == expected.value(expected.root) else {
                fatalError("the \(rawValue) variant of \(name) does not hold the strict file's value")  // a defect of the benchmark's setup
            }
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try Data(strict).write(to: URL(fileURLWithPath: "\(Self.folder)/\(name).json"))
            try Data(text).write(to: URL(fileURLWithPath: "\(Self.folder)/\(name).\(rawValue)"))
        } catch {
            fatalError("the \(rawValue) variant of \(name) could not be made: \(error)")  // a defect of the benchmark's setup
        }
        return JSONBytes(text)
    }
}
