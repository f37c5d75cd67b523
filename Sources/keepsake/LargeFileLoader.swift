import CursesTerminal
import Dispatch
import LosslessJSON
import ModelBrowser
import Synchronization

/// Loads a large JSON file inside the browser's terminal: a progress bar while the file is read and
/// while it is indexed (on another thread), redrawn on resize, and q, Escape or ^C to cancel.
struct LargeFileLoader {
    /// Files at least this large get the loading screen; smaller ones load before it could show.
    static let threshold = 16 << 20

    let path: String
    let options: JSONParseOptions
    let terminal: CursesTerminal

    /// Why loading stopped.
    enum Failure: Error {
        case file(JSONFileError)
        case cancelled
    }

    /// Reads and indexes the file, drawing progress; the document keeps the file's origin.
    func load() throws(Failure) -> JSONDocument {
        var shown = LoadingProgress(sourceName: path, phase: .reading, done: 0, total: 0)
        draw(shown)
        let storage: JSONBytes
        let origin: JSONFileOrigin?
        do {
            (storage, origin) = try JSONFileReader.read(path: path) { done, total in
                let now = LoadingProgress(sourceName: path, phase: .reading, done: done, total: total)
                if now.percent != shown.percent {
                    shown = now
                    draw(now)
                }
                return !cancelRequested(waiting: 0)
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .file(error)
        }

        let progress = JSONParseProgress()
        let outcome = Mutex<Result<JSONDocument, JSONParseError>?>(nil)
        let options = options
        DispatchQueue.global().async {
            let result = Result { () throws(JSONParseError) in try JSONDocument(storage: storage, options: options, progress: progress) }
            outcome.withLock { $0 = result }
        }
        while true {
            if let result = outcome.withLock({ $0 }) {
                switch result {
                case .success(var document):
                    document.origin = origin
                    return document
                case .failure(let error) where error.isCancellation:
                    throw .cancelled
                case .failure(let error):
                    throw .file(.invalidJSON(path: path, error))
                }
            }
            draw(LoadingProgress(sourceName: path, phase: .indexing, done: progress.bytesParsed, total: storage.count))
            // The wait for a key is the pause between frames.
            if cancelRequested(waiting: 50) { progress.cancel() }
        }
    }

    private func draw(_ progress: LoadingProgress) {
        let size = terminal.size
        terminal.draw(renderLoading(progress, width: size.width, height: size.height, colors: terminal.colors))
    }

    /// Whether the person pressed q, Escape or ^C (waiting up to `milliseconds` for a key).
    private func cancelRequested(waiting milliseconds: Int32) -> Bool {
        switch terminal.nextEvent(timeout: milliseconds) {
        case .key(.character("q"))?, .key(.escape)?, .key(.control("c"))?: true
        default: false
        }
    }
}
