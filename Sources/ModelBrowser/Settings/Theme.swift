/// A colour a terminal draws: its default, one of the 16 ANSI colours, or one of the 256 of the
/// extended palette (with a 16-colour stand-in for terminals that have no more).
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground.
    case standard
    /// An ANSI colour, 0–15 (black, red, green, yellow, blue, magenta, cyan, white, then bright).
    case ansi(Int)
    /// A 256-colour palette entry, and the ANSI colour used where only 16 exist.
    case palette(Int, fallback: Int)

    /// The ANSI names, in number order.
    public static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Reads `"cyan"`, `"bright-red"`, `"default"` or a palette number 0–255.
    public init?(setting: String) {
        if setting == "default" {
            self = .standard
        } else if let index = Self.ansiNames.firstIndex(of: setting) {
            self = .ansi(index)
        } else if setting.hasPrefix("bright-"), let index = Self.ansiNames.firstIndex(of: String(setting.dropFirst(7))) {
            self = .ansi(index + 8)
        } else {
            return nil
        }
    }

    /// A palette number 0–255 (its fallback the nearest of the basic eight, roughly).
    public init?(palette number: Int) {
        guard (0...255).contains(number) else { return nil }
        self = number < 16 ? .ansi(number) : .palette(number, fallback: Self.nearestANSI(number))
    }

    /// How a setting writes it.
    public var settingText: String {
        switch self {
        case .standard: "\"default\""
        case .ansi(let n): n < 8 ? "\"\(Self.ansiNames[n])\"" : "\"bright-\(Self.ansiNames[n - 8])\""
        case .palette(let n, _): "\(n)"
        }
    }

    /// The colour number for a terminal with `colors` colours (-1: the terminal's default).
    public func number(forTerminalWith colors: Int) -> Int {
        switch self {
        case .standard: -1
        case .ansi(let n): colors >= 16 ? n : n % 8
        case .palette(let n, let fallback): colors >= 256 ? n : fallback
        }
    }

    /// The basic colour closest to a palette entry (its 6×6×6 cube or grey ramp position).
    static func nearestANSI(_ number: Int) -> Int {
        if number >= 232 { return number < 244 ? 0 : 7 }
        let cube = number - 16
        let (r, g, b) = (cube / 36, (cube / 6) % 6, cube % 6)
        return (r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0)
    }
}

/// The colour of each role the browser draws.
public struct Theme: Hashable, Sendable {
    /// The theme's name.
    public var name: String
    /// The colour of each role (a role not listed is drawn in the terminal's default).
    public var colors: [Style.Role: TerminalColor]

    /// A theme.
    public init(name: String, colors: [Style.Role: TerminalColor]) {
        self.name = name
        self.colors = colors
    }

    /// The colour of a role.
    public func color(of role: Style.Role) -> TerminalColor { colors[role] ?? .standard }

    /// The eight-colour theme every terminal can draw.
    public static let standard = Theme(name: "default", colors: [
        .key: .ansi(6), .string: .ansi(2), .number: .ansi(5), .bool: .ansi(3), .null: .ansi(1), .type: .ansi(4),
        .kept: .ansi(3), .warning: .ansi(1), .title: .ansi(4),
    ])

    /// Muted 256-colour tones for dark backgrounds (gruvbox-like).
    public static let warm = Theme(name: "warm", colors: [
        .key: .palette(109, fallback: 6), .string: .palette(142, fallback: 2), .number: .palette(175, fallback: 5),
        .bool: .palette(214, fallback: 3), .null: .palette(167, fallback: 1), .type: .palette(66, fallback: 4),
        .kept: .palette(208, fallback: 3), .warning: .palette(203, fallback: 1), .title: .palette(66, fallback: 4),
        .dim: .palette(245, fallback: 7),
    ])

    /// Colours that read on a light background.
    public static let light = Theme(name: "light", colors: [
        .key: .palette(25, fallback: 4), .string: .palette(28, fallback: 2), .number: .palette(90, fallback: 5),
        .bool: .palette(130, fallback: 3), .null: .palette(124, fallback: 1), .type: .palette(60, fallback: 4),
        .kept: .palette(166, fallback: 3), .warning: .palette(160, fallback: 1), .title: .palette(25, fallback: 4),
        .dim: .palette(242, fallback: 0),
    ])

    /// The built-in themes.
    public static let all: [Theme] = [.standard, .warm, .light]

    /// The role names settings use, for each role.
    public static let roleNames: [Style.Role: String] = [
        .normal: "normal", .key: "key", .string: "string", .number: "number", .bool: "bool", .null: "null", .type: "type",
        .kept: "kept", .warning: "warning", .title: "title", .status: "status", .hint: "hint", .marker: "marker",
        .selection: "selection", .dim: "dim",
    ]
}
