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
        let path = shownInMessage(path)
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
}
