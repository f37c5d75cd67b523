import ArgumentParser
import CursesTerminal
import DictionaryStorage
import LosslessJSON
import ModelBrowser
import SampleModels
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake FILE`: the terminal browser.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse and edit a JSON file in the terminal, through a model's typed fields (the default command).",
        discussion: "Keys: press ? in the browser. FILE may be - for standard input (save it with :w PATH)."
    )

    @Argument(help: "The JSON file, or - for standard input.")
    var file: String

    @Option(help: "Bind the root (or each element of a root array) to this registered model; see `keepsake models`.")
    var model: String?

    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int = 10_000

    func run() throws {
        if looksLikeSQLite(file) {
            throw CommandFailure(message: "\(file) is an SQLite database: browsing record stores in the terminal UI is not built yet; use `keepsake db \(file) …`")
        }
        let options = JSONParseOptions(maxDepth: maxDepth)
        let document: JSONDocument
        do {
            document = try loadWithProgress(file, options: options)
        } catch {
            throw CommandFailure(message: error.description)
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(message: "the browser needs a terminal; use `keepsake get` or `keepsake validate` in scripts")
        }
        if file == "-" {
            // Keys come from the terminal, not from the pipe that held the document.
            let tty = open("/dev/tty", O_RDONLY)
            guard tty >= 0, dup2(tty, STDIN_FILENO) >= 0 else { throw CommandFailure(message: "cannot open /dev/tty for keys") }
            Glibc.close(tty)
        }
        let terminal = CursesTerminal()
        defer { terminal.close() }
        let size = terminal.size
        var state = BrowserState(
            document: document, sourceName: file == "-" ? "(standard input)" : file, hasFile: file != "-",
            registry: SampleModels.registry, modelName: model, width: size.width, height: size.height)
        state.colors = terminal.colors
        var grid = Grid(width: size.width, height: size.height)
        render(state, into: &grid)
        terminal.draw(grid)
        while true {
            guard let event = terminal.nextEvent(timeout: 200) else { continue }
            var pending = update(&state, event)
            while !pending.isEmpty {
                let effect = pending.removeFirst()
                switch effect {
                case .quit:
                    return
                case .copy(let text):
                    terminal.copyToClipboard(text)
                case .reload:
                    if let reloaded = try? JSONDocument(contentsOfFile: file, options: options) {
                        state = BrowserState(
                            document: reloaded, sourceName: file, hasFile: true, registry: SampleModels.registry,
                            modelName: model, width: state.width, height: state.height)
                        state.colors = terminal.colors
                    }
                case .save(let path, let force):
                    pending += update(&state, save(&state, to: path, force: force))
                }
            }
            render(state, into: &grid)
            terminal.draw(grid)
        }
    }

    /// Saves the document and says how it went, as an event for the browser.
    private func save(_ state: inout BrowserState, to path: String?, force: Bool) -> Event {
        var saving = state.document
        do {
            if let path { try saving.save(to: path, force: true) } else { try saving.save(force: force) }
        } catch {
            var changed = false
            if case .changedOnDisk = error { changed = true }
            return .saveFailed(message: error.description, changedOnDisk: changed)
        }
        state.adoptOrigin(saving.origin)
        return .saved(path: saving.origin?.path ?? path ?? file)
    }

    private func looksLikeSQLite(_ path: String) -> Bool {
        guard path != "-", let handle = fopen(path, "rb") else { return false }
        defer { fclose(handle) }
        var header = [UInt8](repeating: 0, count: 16)
        guard fread(&header, 1, 16, handle) == 16 else { return false }
        return String(decoding: header.prefix(15), as: UTF8.self) == "SQLite format 3"
    }

    /// Reads the file in chunks, showing a progress bar on standard error for large files, then parses.
    private func loadWithProgress(_ path: String, options: JSONParseOptions) throws(JSONFileError) -> JSONDocument {
        var info = stat()
        let large = path != "-" && stat(path, &info) == 0 && info.st_size > 16 << 20 && isatty(STDERR_FILENO) == 1
        guard large else { return try JSONDocument(contentsOfFile: path, options: options) }
        let total = Int(info.st_size)
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { Glibc.close(fd) }
        let storage = JSONBytes(uninitializedCount: total)
        var done = 0
        var lastShown = -1
        while done < total {
            let n = storage.withUnsafeMutableBase { read(fd, $0 + done, min(8 << 20, total - done)) }
            guard n > 0 else { throw .cannotRead(path: path, reason: n == 0 ? "the file shrank while it was read" : String(cString: strerror(errno))) }
            done += n
            let percent = done * 100 / total
            if percent != lastShown {
                lastShown = percent
                let bar = String(repeating: "█", count: percent / 4) + String(repeating: "░", count: 25 - percent / 4)
                let line = "\rloading \(path)  \(bar) \(percent)%"
                _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            }
        }
        _ = "\r\u{1B}[K".withCString { write(STDERR_FILENO, $0, strlen($0)) }
        do {
            var document = try JSONDocument(storage: storage, options: options)
            document.origin = try JSONFileReader.origin(path: path)
            return document
        } catch let error as JSONParseError {
            throw .invalidJSON(path: path, error)
        } catch let error as JSONFileError {
            throw error
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
    }
}
