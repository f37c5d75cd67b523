/// A file could not be read, parsed or saved. The message names the file.
public enum JSONFileError: Error, Sendable, CustomStringConvertible {
    /// Opening or reading failed.
    case cannotRead(path: String, reason: String)
    /// Writing, syncing or renaming failed; the original file is untouched.
    case cannotWrite(path: String, reason: String)
    /// The text is not valid JSON.
    case invalidJSON(path: String, JSONParseError)
    /// The file changed on disk after it was loaded; saving would overwrite someone else's change.
    case changedOnDisk(path: String)
    /// Reading was stopped by its progress handler.
    case cancelled(path: String)
    /// Another process kept the file locked for a save longer than the wait allowed.
    case locked(path: String, seconds: Double)
    /// The file has other hard links, which replacing it by rename would split from it.
    case hardLinked(path: String, links: Int)

    public var description: String {
        let path = Self.shown(path)
        return switch self {
        case .cannotRead(_, let reason): "\(path): cannot read: \(reason)"
        case .cannotWrite(_, let reason): "\(path): cannot save: \(reason); the original file is unchanged"
        case .invalidJSON(_, let error): "\(path):\(error.line):\(error.column): \(error.message)"
        case .changedOnDisk: "\(path): the file changed on disk since it was opened; not overwritten (force to overwrite)"
        case .cancelled: "\(path): loading was cancelled"
        case .locked(_, let seconds):
            "\(path): another process is saving it (locked for more than \(Int(seconds.rounded())) s); nothing written"
        case .hardLinked(_, let links):
            "\(path): the file has \(links) hard links; saving by replacing it would split them (save in place to keep them); nothing written"
        }
    }

    /// The path the error is about.
    public var path: String {
        switch self {
        case .cannotRead(let path, _), .cannotWrite(let path, _), .invalidJSON(let path, _), .changedOnDisk(let path),
            .cancelled(let path), .locked(let path, _), .hardLinked(let path, _):
            path
        }
    }

    /// A path as a message shows it: a very long one shortened in the middle (a script may pass a
    /// path of any length; the message must stay readable).
    static func shown(_ path: String) -> String {
        let limit = 300
        let scalars = Array(path.unicodeScalars)
        guard scalars.count > limit else { return path }
        var shortened = String.UnicodeScalarView()
        shortened.append(contentsOf: scalars[..<(limit / 2)])
        shortened.append(contentsOf: "…(\(scalars.count - limit) characters)…".unicodeScalars)
        shortened.append(contentsOf: scalars[(scalars.count - limit / 2)...])
        return String(shortened)
    }
}
