import ArgumentParser
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// `get`, `set` and `delete` on a JSON Lines file (`.jsonl`, `.ndjson`), addressed as the browser
/// shows it: `.[N]` is the N-th line that holds a value (blank lines skipped), the rest of the path
/// is inside that line's value. Only the lines before it are looked at (their line breaks, not
/// their values), so a file of any size answers in the time it takes to reach the line; an edit
/// rewrites that line alone and the rest of the file is copied as it is.
extension DocumentOptions {
    /// Whether the file is read as JSON Lines.
    var isJSONLines: Bool { JSONFileSource.isJSONLines(file) }

    /// One value line of the file, the path inside it, and the file as read.
    struct LineTarget {
        let bytes: JSONBytes
        let origin: JSONFileOrigin?
        let line: JSONLines.Line
        /// The line's value parsed on its own, or why it is not JSON.
        let parsed: Result<JSONDocument, JSONParseError>
        /// The file's name, for messages.
        let file: String
        /// The path inside the line's value.
        let inner: JSONPath
        /// Whether the bytes are the file's mapped pages (not a copy in memory).
        let isMapped: Bool

        /// The line's value; an invalid line's error in the file's terms.
        func value() throws -> JSONDocument {
            do {
                return try parsed.get()
            } catch {
                throw CommandFailure(message: "\(file):\(line.number):\(error.column): error: \(error.message)")
            }
        }

        /// The file's text with `range` replaced: the rest stays the file's bytes (a piece table).
        func replacing(_ range: Range<Int>, with new: [UInt8]) -> JSONText {
            LocatedEdit.text(bytes, with: JSONSplice(offset: range.lowerBound, removed: bytes.slice(range), inserted: new))
        }
    }

    /// Reads the file (mapped when large) and finds the value line `path` starts with, first
    /// cleaning up what a killed save of it left behind (as `load` does; not again when it is read
    /// anew because another writer saved it meanwhile).
    func lineTarget(_ path: JSONPath, recovering: Bool = true) throws -> LineTarget {
        guard let position = path.components.first?.arrayIndex else {
            throw CommandFailure(message: "\(file): a JSON Lines file is addressed by line: .[N] is its N-th value, .[N].field a field of it", code: 2)
        }
        if recovering, file != "-" {
            for note in SaveLeftovers.recover(beside: file) { printError(note) }
        }
        let bytes: JSONBytes
        let origin: JSONFileOrigin?
        var isMapped = false
        do {
            if let mapped = try mapLargeFile(file) {
                (bytes, origin, isMapped) = (mapped.bytes, mapped.origin, true)
            } else {
                (bytes, origin) = try JSONFileReader.read(path: file)
            }
        } catch {
            throw CommandFailure(message: error.description)
        }
        guard let line = JSONLines.valueLine(position, in: bytes) else {
            throw CommandFailure(message: "\(file): no value at \(path) (the file has fewer value lines)")
        }
        // An invalid line can still be replaced or removed whole (that is how it is mended).
        let content = bytes.slice(line.content)
        var options = parsing.parseOptions
        options.skipsByteOrderMark = line.number == 1
        let parsed = Result { () throws(JSONParseError) in try JSONDocument(bytes: content, options: options) }
        return LineTarget(
            bytes: bytes, origin: origin, line: line, parsed: parsed, file: file, inner: JSONPath(Array(path.components.dropFirst())), isMapped: isMapped)
    }
}

extension GetCommand {
    /// Prints a value of a JSON Lines file.
    func printFromLines(_ path: JSONPath) throws {
        let value = try document.lineTarget(path).value()
        guard let node = value.node(at: JSONPath(Array(path.components.dropFirst()))) else {
            throw CommandFailure(message: "\(document.file): no value at \(path)")
        }
        if raw, let string = value.string(node) {
            print(string)
        } else {
            print(value.rawText(node))
        }
    }
}

/// What an edit does to one line of a JSON Lines file.
enum LineEdit {
    /// Nothing: the value is there already (the file is not written).
    case unchanged
    /// The line's bytes become these.
    case replace([UInt8])
    /// The line goes, with its line break.
    case remove
}

extension OutputOptions {
    /// Makes `edit` on one value line of a JSON Lines file and writes the file with that line
    /// changed, every other byte copied. A file changed on disk since it was read is read again
    /// and the edit made again, as for JSON files, unless `--no-merge` or `--force`.
    func editLine(_ options: DocumentOptions, _ path: JSONPath, _ edit: (DocumentOptions.LineTarget) throws -> LineEdit) throws {
        for attempt in 1...Self.attempts {
            let target = try options.lineTarget(path, recovering: attempt == 1)
            let text: JSONText
            switch try edit(target) {
            case .unchanged: return
            case .replace(let bytes): text = target.replacing(target.line.content, with: bytes)
            case .remove: text = target.replacing(target.line.whole, with: [])
            }
            switch output {
            case "-":
                text.forEachChunk { writeAll($0, to: STDOUT_FILENO) }
                return
            case let destination?:
                do {
                    try AtomicFileWriter.write(text, to: destination, options: .init(hardLinks: inPlace && !target.isMapped ? .writeInPlace : .split))
                } catch {
                    throw CommandFailure(message: error.description)
                }
                return
            case nil:
                guard options.file != "-" else {
                    throw CommandFailure(message: "cannot save to standard input; use --output", code: 2)
                }
                if inPlace, target.isMapped {
                    // Writing the file's own pages while they are read from its mapping would mix the two.
                    throw CommandFailure(message: "\(options.file): a file this large (\(lazyFileSize) bytes or more) is not written in place; write it elsewhere with -o, or drop --in-place to replace it")
                }
                do {
                    try AtomicFileWriter.write(
                        text, to: options.file,
                        options: .init(expected: force ? nil : target.origin, hardLinks: inPlace ? .writeInPlace : .refuse))
                    return
                } catch .changedOnDisk where !noMerge && attempt < Self.attempts {
                    continue
                } catch .changedOnDisk where !noMerge {
                    throw CommandFailure(message: "\(options.file): the file kept changing on disk; the edit was made again \(attempt) times and never saved")
                } catch .changedOnDisk {
                    throw CommandFailure(message: "\(options.file): the file changed on disk since it was read; not overwritten (--force overwrites it)")
                } catch .hardLinked(_, let links) {
                    throw CommandFailure(message: "\(options.file): the file has \(links) hard links; replacing it would split them from it — use --in-place to write it in place, or --output to write elsewhere; nothing written")
                } catch {
                    throw CommandFailure(message: error.description)
                }
            }
        }
    }
}

extension SetCommand {
    /// Sets a value in a JSON Lines file: the line's own value edited (laid out on its one line).
    func setInLines(_ value: JSONValue, at path: JSONPath) throws {
        try output.editLine(document, path) { target in
            // A whole line is set as one minified line, so the file stays one value per line.
            if target.inner.isRoot {
                if case .success(let line) = target.parsed, line.holds(value, at: .root) { return .unchanged }
                return .replace(Array(JSONWriter.serialize(value, style: .minified).utf8))
            }
            var line = try target.value()
            if line.holds(value, at: target.inner) { return .unchanged }
            do throws(JSONEditError) {
                try line.apply(.set(at: target.inner, to: value))
            } catch {
                throw CommandFailure(message: "\(document.file): \(error.under(lineOf: path))")
            }
            return .replace(line.text.array)
        }
    }
}

extension DeleteCommand {
    /// Removes a value line, or a member or element inside one.
    func deleteInLines(at path: JSONPath) throws {
        try output.editLine(document, path) { target in
            if target.inner.isRoot { return .remove }
            var line = try target.value()
            do throws(JSONEditError) {
                try line.apply(.remove(at: target.inner))
            } catch {
                throw CommandFailure(message: "\(document.file): \(error.under(lineOf: path))")
            }
            return .replace(line.text.array)
        }
    }
}

extension JSONEditError {
    /// The error with its paths inside the line's value taken as inside the file's value `.[N]`.
    func under(lineOf path: JSONPath) -> JSONEditError {
        under(JSONPath(Array(path.components.prefix(1))))
    }
}
