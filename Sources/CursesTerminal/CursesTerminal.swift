import CNcurses
import CTerminalRestore
import ModelBrowser
import ModelBrowserRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The ncurses terminal backend, and the only ncurses code: sets the terminal up, turns keys and
/// mouse into events, and draws grids (only the cells that changed since the last frame). A fatal
/// signal gives the terminal back before the program dies.
public final class CursesTerminal: TerminalBackend {
    private var previous: Grid?
    /// Whether colours are drawn (off under NO_COLOR or without colour support).
    public let colors: Bool
    private var pairs: [Style.Role: Int32] = [:]

    /// Takes over the terminal: locale, raw mode (so ^S and ^C reach the program), keypad, mouse,
    /// and the theme's colours (its 256-colour entries where the terminal has them, else their
    /// 16-colour stand-ins).
    public init(theme: Theme = .standard) {
        setlocale(LC_ALL, "")
        keepsake_install_fatal_signal_handlers()
        initscr()
        raw()
        noecho()
        nonl()
        keypad(keepsake_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(keepsake_all_mouse_events(), nil)
        mouseinterval(0)
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        colors = !noColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
            let available = Int(keepsake_colors())
            for (index, role) in Style.Role.allCases.enumerated() {
                let number = theme.color(of: role).number(forTerminalWith: available)
                init_pair(Int16(index + 1), Int16(number), -1)
                pairs[role] = Int32(index + 1)
            }
        }
    }

    /// Gives the terminal back.
    public func close() {
        endwin()
        keepsake_remove_fatal_signal_handlers()
    }

    /// Hands the terminal to another program: ncurses' modes are saved and the screen left.
    public func suspend() {
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back; the next frame is drawn whole, and a size changed meanwhile comes as
    /// the next event.
    public func resume() {
        reset_prog_mode()
        previous = nil
        refresh()
    }

    /// The terminal size in cells.
    public var size: (width: Int, height: Int) { (Int(keepsake_cols()), Int(keepsake_lines())) }

    /// Waits up to `milliseconds` (negative: forever) for an event, or until `descriptor` (the
    /// runtime's inbox) is readable. Keys ncurses has already read ahead come first; the wait is a
    /// `poll` of standard input and the inbox together. A size change is noticed even when ncurses
    /// has not seen the signal for it (some hosts do not deliver SIGWINCH to it): the wait looks
    /// at the size at least once a second.
    public func nextEvent(timeout milliseconds: Int, wakingOn descriptor: Int32) -> Event? {
        let clock = ContinuousClock()
        let deadline = milliseconds < 0 ? nil : clock.now + .milliseconds(milliseconds)
        while true {
            if let resize = checkResize() { return resize }
            if let event = readKey(waiting: 0) { return event }
            let left = deadline.map { max(0, Int(($0 - clock.now).components.seconds * 1000) + Int(($0 - clock.now).components.attoseconds / 1_000_000_000_000_000)) }
            if left == 0 { return nil }
            var waits = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&waits, 2, Int32(min(left ?? 1000, 1000)))
            if ready > 0, waits[1].revents != 0 { return nil }
            // A key, a signal (SIGWINCH: the resize is read next) or a second gone by: look again.
        }
    }

    /// The key ncurses has (waiting up to `milliseconds` for one), decoded; nil when none came.
    private func readKey(waiting milliseconds: Int32) -> Event? {
        timeout(milliseconds)
        var character: wint_t = 0
        let result = get_wch(&character)
        if result == ERR { return nil }
        if result == keepsake_key_code_yes() {
            switch Int32(character) {
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_DC: return .key(.delete)
            case KEY_ENTER: return .key(.enter)
            case KEY_RESIZE:
                previous = nil
                return .resize(width: Int(keepsake_cols()), height: Int(keepsake_lines()))
            case KEY_MOUSE:
                var event = MEVENT()
                guard getmouse(&event) == OK else { return nil }
                if event.bstate & keepsake_button4_pressed() != 0 { return .scroll(-3) }
                if event.bstate & keepsake_button5_pressed() != 0 { return .scroll(3) }
                if event.bstate & keepsake_button1_clicked() != 0 { return .click(row: Int(event.y)) }
                return nil
            case KEY_F0 + 1...KEY_F0 + 12: return .key(.function(Int(Int32(character) - KEY_F0)))
            default: return nil
            }
        }
        switch character {
        case 13, 10: return .key(.enter)
        case 27: return .key(.escape)
        case 127, 8: return .key(.backspace)
        case 9: return .key(.tab)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(96 + character)))))
        default:
            guard let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    private func checkResize() -> Event? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard keepsake_window_size(&rows, &columns) == 0, rows > 0, columns > 0,
            rows != keepsake_lines() || columns != keepsake_cols()
        else { return nil }
        resizeterm(rows, columns)
        previous = nil
        return .resize(width: Int(columns), height: Int(rows))
    }

    /// Draws a frame: only the cells that differ from the previous one are sent.
    public func draw(_ grid: Grid) {
        let full = previous.map { $0.width != grid.width || $0.height != grid.height } ?? true
        if full { erase() }
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                let cell = grid[x, y]
                if !full, let previous, previous[x, y] == cell {
                    x += 1
                    continue
                }
                guard let character = cell.character else {
                    x += 1
                    continue
                }
                attrset(attributes(cell.style))
                var wide = character.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
                mvaddnwstr(Int32(y), Int32(x), &wide, Int32(wide.count - 1))
                x += 1
            }
        }
        attrset(Int32(truncatingIfNeeded: keepsake_a_normal()))
        refresh()
        previous = grid
    }

    private func attributes(_ style: Style) -> Int32 {
        var value = Int32(truncatingIfNeeded: keepsake_a_normal())
        if style.bold { value |= Int32(truncatingIfNeeded: keepsake_a_bold()) }
        if style.reverse { value |= Int32(truncatingIfNeeded: keepsake_a_reverse()) }
        if colors, let pair = pairs[style.role] { value |= keepsake_color_pair(pair) }
        return value
    }

    /// Terminals known to ignore OSC 52, from their environment.
    public var clipboardNote: String? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if variable("TERM") == "linux" { return "the Linux console has no clipboard" }
        if variable("VTE_VERSION") != nil { return "GNOME Terminal and other VTE terminals ignore OSC 52 copies" }
        if variable("TERM_PROGRAM") == "Apple_Terminal" { return "Terminal.app ignores OSC 52 copies" }
        return nil
    }

    /// Sends an OSC 52 sequence putting text on the terminal's clipboard.
    public func copy(_ text: String) {
        let encoded = base64(Array(text.utf8))
        let sequence = "\u{1B}]52;c;\(encoded)\u{07}"
        _ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    private func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[((b1 & 15) << 2) | (b2 >> 6)] : "=")
            out.append(i + 2 < bytes.count ? alphabet[b2 & 63] : "=")
            i += 3
        }
        return out
    }
}
