import Foundation
@testable import JSONSchema
import LosslessJSON
import Testing

/// References read files only where they are allowed: the schema's own folder and below, and the
/// `--schema-map` folders; anything else is refused by name, without being read.
@Suite("References stay in their folders")
struct ReferenceConfinementTests {
    /// A folder `root` holding `schemas/` (the schema's folder, with `sub/inner.json`) and a file
    /// beside it, outside: `outside.json`.
    struct Layout {
        let root: String
        var schemas: String { root + "/schemas" }
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-refs-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/schemas/sub", withIntermediateDirectories: true)
            try #"{"type": "integer"}"#.write(toFile: root + "/schemas/sub/inner.json", atomically: true, encoding: .utf8)
            try #"{"type": "string"}"#.write(toFile: root + "/outside.json", atomically: true, encoding: .utf8)
        }
        func schema(_ text: String) throws -> String {
            let path = schemas + "/main.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Why a schema could not have its reference: the compiler's error, or (a failing part, the
    /// rest of the schema compiled) the unresolved references' errors.
    func refusal(_ body: () throws -> JSONSchema) -> String {
        do {
            let unresolved = try body().unresolvedReferences
            return unresolved.isEmpty ? "not refused" : unresolved.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    @Test func aReferenceBelowTheSchemasFolderIsRead() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let schema = try JSONSchema(contentsOfFile: try layout.schema(#"{"$ref": "sub/inner.json"}"#))
        #expect(schema.isValid(try JSONDocument("1")))
        #expect(!schema.isValid(try JSONDocument(#""a""#)))
    }

    @Test func referencesOutsideItAreRefusedUnread() throws {
        let layout = try Layout()
        defer { layout.remove() }
        for reference in ["../outside.json", "/etc/passwd", "file:///etc/shadow", "sub/../../outside.json"] {
            let path = try layout.schema(#"{"$ref": "\#(reference)"}"#)
            let message = refusal { try JSONSchema(contentsOfFile: path) }
            #expect(message.contains("outside the folders references may read"), "\(reference): \(message)")
            #expect(message.contains("not read"), "\(reference): \(message)")
            #expect(!message.contains("root:"), "\(reference): the file's contents reached the message")
        }
    }

    @Test func aLinkOutOfTheFolderIsRefused() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try FileManager.default.createSymbolicLink(atPath: layout.schemas + "/link.json", withDestinationPath: layout.root + "/outside.json")
        let message = refusal { try JSONSchema(contentsOfFile: try layout.schema(#"{"$ref": "link.json"}"#)) }
        #expect(message.contains("outside the folders references may read"), "\(message)")
    }

    @Test func aMappedFolderIsAllowedAndItsParentIsNot() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let options = JSONSchema.Options(resolver: SchemaResolver(mappings: [("https://example.com/s/", layout.schemas + "/sub")]))
        let mapped = try JSONSchema(text: #"{"$ref": "https://example.com/s/inner.json"}"#, options: options)
        #expect(mapped.isValid(try JSONDocument("1")))
        // `..` after a mapped prefix (a URI read as it is written, not normalised first) stays in the folder.
        var escaping = ""
        do {
            _ = try options.resolver.text(of: "https://example.com/s/../../outside.json")
        } catch {
            escaping = error.description
        }
        #expect(escaping.contains("outside the folders references may read"), "\(escaping)")
        // A schema not read from a file, with no mapping, may read no file at all.
        let unplaced = refusal { try JSONSchema(text: #"{"$ref": "file://\#(layout.root)/outside.json"}"#) }
        #expect(unplaced.contains("no folder is allowed"), "\(unplaced)")
    }
}
