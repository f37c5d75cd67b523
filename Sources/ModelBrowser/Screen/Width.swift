import LosslessJSON

/// The number of terminal columns a character takes: 0 for combining marks and other zero-width
/// scalars, 2 for East Asian wide and fullwidth characters and emoji presentations, else 1.
///
/// Every width in the browser goes through this function (never `String.count`). It works per
/// grapheme cluster: a flag, a ZWJ sequence or a character with VS16 is one glyph of width 2.
public func displayWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1 {
        // Emoji sequences (ZWJ, flags, keycaps, VS16) render as one wide glyph.
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional indicators: a flag
    }
    return scalarWidth(first)
}

/// The columns a string takes.
public func displayWidth(_ text: String) -> Int {
    var total = 0
    for character in text { total += displayWidth(character) }
    return total
}

/// The width of one scalar.
func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0 { return 0 }
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }  // drawn escaped before this is asked
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    for range in wideRanges where range.contains(value) { return 2 }
    return 1
}

/// East Asian Wide and Fullwidth ranges (Unicode 15 EastAsianWidth.txt, W and F, merged).
let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x187F7, 0x18800...0x18CD5, 0x1B000...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
    0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
    0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
]

/// Text safe to draw: `TerminalText.escaped`, the escaping every line keepsake prints goes through
/// (controls, DEL, C1 and invisible or reordering characters as `\u001b`-style escapes; `\n`, `\t`,
/// `\r` escaped).
public func escapedForDisplay(_ text: String) -> String { TerminalText.escaped(text) }
