import Foundation
import JSONSchema
import LosslessJSON
import ModelBrowser
import SchemaDescriptions
import SchemaInference

/// The model of a document nothing else describes (no schema, no named model): a schema inferred
/// from the document, with a kind seen rarely where another is the rule left out so that values
/// of it stand out (`OutlierPolicy.leftOut`). A root array's elements are the samples — its first
/// `sampleLimit`, so a file of any size opens at once; another root is inferred whole when it is
/// at most `byteLimit` long. A document nested deeper than the inferrer's level limit gets none.
struct InferredModel {
    /// The elements of a root array inferred from, at most.
    static let sampleLimit = 1_000
    /// The longest root (not an array) inferred from.
    static let byteLimit = 64 << 20

    /// The schema, as compiled for the browser.
    let schema: JSONSchema
    /// Its text, as `S` saves it.
    let text: String
    /// What the title bar says.
    let name: String

    /// The inferred model of a document, or why there is none (a root too long to read at once).
    /// With `eachLine` (a JSON Lines file, held as a root array of its lines), the text `S` saves
    /// is the schema of one line, as `validate --schema` and `--schema` take it for such a file.
    static func infer(from document: JSONDocument, eachLine: Bool = false) -> Result<InferredModel, InferenceRefusal> {
        let inferrer = SchemaInferrer()
        let root = document.root
        let body: JSONValue
        var name = "inferred"
        if document.kind(root) == .array {
            var more = false
            for element in document.children(root) {
                guard inferrer.samples < sampleLimit else {
                    more = true
                    break
                }
                inferrer.add(element, of: document)
            }
            body = eachLine ? inferrer.schema(outliers: .leftOut) : inferrer.arraySchema(outliers: .leftOut)
            if more { name = "inferred from the first \(sampleLimit.formatted()) elements" }
        } else {
            let length = document.range(root).count
            guard length <= byteLimit else { return .failure(.tooLong(bytes: length)) }
            inferrer.add(document.root, of: document)
            body = inferrer.schema(outliers: .leftOut)
        }
        // Past the inferrer's level limit the model would stop typing anyway, and typing the rows of
        // a document that deep costs the browser more than the model gives.
        guard !inferrer.reachedDepthLimit else { return .failure(.tooDeep) }
        let text = JSONWriter.serialize(body, style: .pretty) + "\n"
        do {
            let uri = "urn:keepsake:inferred"
            let schema =
                eachLine && document.kind(root) == .array
                ? try EachElementSchema.compile(elementText: text, uri: uri, elementName: "line", container: .array, options: JSONSchema.Options())
                : try JSONSchema(text: text, uri: uri)
            return .success(InferredModel(schema: schema, text: text, name: name))
        } catch {
            // The writer makes only schemas that compile; say so plainly if one ever does not.
            return .failure(.uncompiled(error.description))
        }
    }

    /// Where saving proposes to write the schema of the document at `file`: beside it, its name's
    /// extension replaced by `.schema.json` (`people.json` → `people.schema.json`).
    static func proposedPath(besides file: String?) -> String? {
        guard let file, file != "-" else { return nil }
        let url = URL(fileURLWithPath: file)
        let known = ["json", "jsonc", "json5", "jsonl", "ndjson"]
        let base = known.contains(url.pathExtension.lowercased()) ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        let folder = (file as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + base + ".schema.json"
    }

    /// Describes a state by its inferred model: enums are menus, tags variants, and outliers are
    /// marked by the check that runs in the background when `checked` and the document is at most
    /// `byteLimit` bytes long: a large file (read behind its first screen) is typed, not checked,
    /// so that saving it never waits for a check of gigabytes against a guess.
    func describe(_ state: inout BrowserState, proposedPath: String?, checked: Bool) {
        let description = SchemaDescription(schema, name: name)
        let checks = checked && state.document.range(state.document.root).count <= Self.byteLimit
        state.describe(
            as: description.rootType, name: description.name, models: description.registry,
            checker: checks ? SchemaChecker(schema, name: description.name) : nil, checkInBackground: true,
            inferred: InferredSchema(text: text, proposedPath: proposedPath))
    }
}

/// Why a document got no inferred model.
enum InferenceRefusal: Error, CustomStringConvertible {
    /// A root that is not an array, longer than `InferredModel.byteLimit`.
    case tooLong(bytes: Int)
    /// Nested past the inferrer's level limit.
    case tooDeep
    /// The inferred schema did not compile (the message says why).
    case uncompiled(String)

    var description: String {
        switch self {
        case .tooLong(let bytes):
            "no model inferred: the root is \(bytes / 1_000_000) MB, too long to read at once (keepsake schema infer FILE writes a schema to give with --schema)"
        case .tooDeep: "no model inferred: the document nests deeper than 256 levels"
        case .uncompiled(let message): "no model inferred: \(message)"
        }
    }
}
