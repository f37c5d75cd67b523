import LosslessJSON
import ModelBrowser

#if canImport(Glibc)
import Glibc
#endif

extension BrowserRuntime {
    /// Writes an inferred schema's file (atomically, as documents are saved); an existing file
    /// only when asked to overwrite it. Answers with how the document's folder names the file.
    static func writeSchema(_ text: String, to path: String, overwrite: Bool, documentPath: String?) -> Event {
        if !overwrite, access(path, F_OK) == 0 {
            return .schemaNotWritten(path: path, message: "\(path) exists", exists: true)
        }
        let bytes = Array(text.utf8)
        do throws(JSONFileError) {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONFileError) in
                _ = try AtomicFileWriter.write(buffer, to: path)
            }
        } catch {
            return .schemaNotWritten(path: path, message: "the schema was not written: \(error)", exists: false)
        }
        return .schemaWritten(path: path, reference: Self.reference(to: path, from: documentPath))
    }

    /// How a document at `documentPath` names a file at `path` in `$schema`: relative to the
    /// document's folder when the file is in it or below it, else by its absolute path.
    static func reference(to path: String, from documentPath: String?) -> String {
        let target = absolute(path)
        guard let documentPath else { return target }
        let folder = absolute(documentPath).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard target.hasPrefix(folder + "/") else { return target }
        return String(target.dropFirst(folder.count + 1))
    }

    /// A path made absolute against the working directory, with `.` and `..` steps resolved.
    static func absolute(_ path: String) -> String {
        var parts: [Substring] = []
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            parts = String(cString: cwd).split(separator: "/")
            free(cwd)
        }
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
