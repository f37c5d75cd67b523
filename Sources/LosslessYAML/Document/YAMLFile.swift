import LosslessJSON

/// A YAML file read for editing: its stream, and its state on disk, which a save checks so that
/// another writer's change is never overwritten unseen.
public struct YAMLFile: Sendable {
    /// The path as given ("-" for standard input).
    public let path: String
    /// The file's state when read (nil for standard input and pipes).
    public let origin: JSONFileOrigin?
    /// The stream it holds.
    public let stream: YAMLStream

    /// Reads the file at `path` ("-" for standard input).
    public init(path: String, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLFileError) {
        let storage: JSONBytes
        do {
            (storage, origin) = try JSONFileReader.read(path: path)
        } catch {
            throw .file(error)
        }
        self.path = path
        do {
            stream = try YAMLStream(bytes: Array(storage.buffer), reader: reader)
        } catch {
            throw .invalid(path: path, error)
        }
    }

    /// Its document `number` (0-based).
    public func document(_ number: Int) throws(YAMLFileError) -> YAMLDocument {
        do {
            return try YAMLDocument(stream, document: number)
        } catch {
            throw .document(path: path, error)
        }
    }

    /// What a saved edit gives back: what a person should know, and the text when it was asked for
    /// instead of a save.
    public struct Outcome: Sendable {
        /// The edit's notes (anchors whose aliases share it, a style or tag not kept).
        public var notes: [String]
        /// The edited text, for `FileSaveRequest.Destination.text`.
        public var text: [UInt8]?
    }

    /// Makes an edit of document `number` of the file at `path` and saves it as `request` says,
    /// crash-safe and under the file's lock. A file that changed on disk since it was read is read
    /// again and the edit made again on it (`request.merge`), else refused unless `request.force`.
    public static func edit(
        path: String, document number: Int, saving request: FileSaveRequest, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard,
        _ make: (YAMLDocument) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit)
    ) throws(YAMLFileError) -> Outcome {
        for _ in 0..<max(1, request.attempts) {
            let file = try YAMLFile(path: path, reader: reader)
            let document = try file.document(number)
            let made: (document: YAMLDocument, edit: YAMLEdit)
            do throws(YAMLDocumentError) {
                // `make` reads the data before it edits (`setting`, `removing`): a document whose data
                // cannot be read (an alias bomb, a duplicate key) is refused there, nothing written.
                made = try make(document)
            } catch {
                throw .document(path: path, error)
            }
            let bytes = made.document.stream.bytes
            let target: String
            var options = AtomicFileWriter.Options(hardLinks: request.writeInPlace ? .writeInPlace : .refuse)
            switch request.destination {
            case .text:
                return Outcome(notes: made.edit.notes, text: bytes)
            case .file(let other):
                target = other
            case .inPlace:
                guard path != "-", let origin = file.origin else {
                    throw .file(.cannotWrite(path: path, reason: "standard input cannot be saved to; give --output"))
                }
                target = path
                options.expected = request.force ? nil : origin
            }
            do {
                try bytes.withUnsafeBufferPointer { buffer in _ = try AtomicFileWriter.write(buffer, to: target, options: options) }
                return Outcome(notes: made.edit.notes, text: nil)
            } catch JSONFileError.changedOnDisk where request.merge {
                continue
            } catch let error as JSONFileError {
                throw .file(error)
            } catch {
                throw .file(.cannotWrite(path: target, reason: "\(error)"))
            }
        }
        throw .file(.changedOnDisk(path: path))
    }
}

/// Why a YAML file could not be read, edited or saved; the message names the file.
public enum YAMLFileError: Error, Sendable, CustomStringConvertible {
    /// Reading or saving the file failed.
    case file(JSONFileError)
    /// The text is not YAML (or its data not JSON's).
    case invalid(path: String, YAMLParseError)
    /// The document or the path is not there, or the edit cannot be made.
    case document(path: String, YAMLDocumentError)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalid(let path, let error): "\(shownInMessage(path)):\(error.line):\(error.column): \(error.message)"
        case .document(let path, .invalid(let error)): "\(shownInMessage(path)):\(error.line):\(error.column): \(error.message)"
        case .document(let path, let error): "\(shownInMessage(path)): \(error)"
        }
    }
}

extension YAMLFile {
    /// Whether a file's name says it is YAML (`.yaml`, `.yml`, in any case).
    public static func isYAMLName(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }
}
