import ModelBrowser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal backend without a terminal, for tests: it plays a script of events and records every
/// frame drawn (styled cells), every copy, and each suspend and resume.
public final class HeadlessTerminal: TerminalBackend {
    /// The size it reports; a `.resize` event in the script changes it.
    public private(set) var size: (width: Int, height: Int)
    /// Whether frames are drawn with colours.
    public let colors: Bool
    /// The events still to play.
    public private(set) var script: [Event]
    /// Every frame drawn, in order.
    public private(set) var frames: [Grid] = []
    /// Every text copied to the clipboard.
    public private(set) var copied: [String] = []
    /// How often the terminal was handed to another program.
    public private(set) var suspensions = 0
    /// Whether it is handed over now.
    public private(set) var isSuspended = false
    /// Whether `close()` was called.
    public private(set) var isClosed = false
    /// Whether the script ran out before the browser quit (the runtime was then made to quit).
    public private(set) var ranOut = false

    /// A terminal of a size that plays `script`. When the script runs out it sends Esc, Esc, then
    /// `:q!` and Enter — out of any mode, quit without saving — and sets `ranOut`.
    public init(width: Int = 80, height: Int = 24, colors: Bool = false, script: [Event]) {
        size = (width, height)
        self.colors = colors
        self.script = script
    }

    /// The next event of the script — after the runtime's news, when some waits (the script plays
    /// as fast as the runtime takes it; news of work under way comes as that work ends).
    public func nextEvent(timeout milliseconds: Int, wakingOn descriptor: Int32) -> Event? {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&request, 1, 0) > 0 { return nil }
        if script.isEmpty {
            ranOut = true
            script = [.key(.escape), .key(.escape), .key(.character(":")), .key(.character("q")), .key(.character("!")), .key(.enter)]
        }
        let event = script.removeFirst()
        if case .resize(let width, let height) = event { size = (width, height) }
        return event
    }

    public func draw(_ grid: Grid) { frames.append(grid) }
    public func copy(_ text: String) { copied.append(text) }
    /// A headless terminal has a clipboard: the `copied` list.
    public var clipboardNote: String? { nil }

    public func suspend() {
        suspensions += 1
        isSuspended = true
    }

    public func resume() { isSuspended = false }
    public func close() { isClosed = true }
}
