import Foundation
import JSONSchema
import LosslessJSON

/// A schema that describes each element of a container — each line of a JSON Lines file (a root
/// array to the browser), each row of a table (an object by key) — made from the schema of one.
enum EachElementSchema {
    /// The container an element schema is applied through.
    enum Container {
        /// An array: each element (JSON Lines' lines).
        case array
        /// An object: each member's value (a table's rows by key).
        case object
    }

    /// Compiles `{"type": container, "items" | "additionalProperties": {"$ref": "#/$defs/element"}}`
    /// where the definition is an `allOf` of the element schema, so the elements' model is named
    /// `elementName` (a definition standing alone would be named for its document's place). The
    /// wrapper has no title: the title bar names what the caller names (the schema's file). The
    /// element schema stays a document of its own at `uri`, so its references resolve as when it
    /// is compiled alone.
    static func compile(elementText text: String, uri: String, elementName: String, container: Container, options: JSONSchema.Options) throws(SchemaLoadError) -> JSONSchema {
        var options = options
        options.resolver.documents[uri] = text
        let reference = JSONValue.object(["$ref": "#/$defs/element"])
        let wrapper = JSONValue.object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": container == .array ? "array" : "object",
            container == .array ? "items" : "additionalProperties": reference,
            "$defs": .object(["element": .object(["title": .string(elementName), "allOf": [.object(["$ref": .string(uri)])]])]),
        ])
        return try JSONSchema(text: JSONWriter.serialize(wrapper), uri: "urn:keepsake:each-element", options: options)
    }

    /// Compiles the schema in a file as the schema of each element (`compile(elementText:…)`),
    /// the elements named for its title or file; its folder may hold the files it refers to. A
    /// file that cannot be read is a usage error; a schema that does not compile throws.
    static func compile(file: String, container: Container, options: JSONSchema.Options) throws -> JSONSchema {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw CommandFailure(message: "\(shownInMessage(file)): cannot read the schema: \(error.localizedDescription)", code: 2)
        }
        var options = options
        options.resolver.allowedFolders.append(URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path)
        return try compile(elementText: text, uri: fileURI(file), elementName: elementName(text: text, file: file), container: container, options: options)
    }

    /// What the elements are called: the schema's title, else its file's name without
    /// `.schema.json` (or `.json`).
    static func elementName(text: String, file: String) -> String {
        if let title = (try? JSONValue(parsing: text))?.objectValue?["title"]?.stringValue, !title.isEmpty { return title }
        var stem = (file as NSString).lastPathComponent
        for suffix in [".json", ".schema"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        return stem
    }

    /// The `file://` URI of a path, as a schema read from that file is known by.
    static func fileURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute)
    }
}
