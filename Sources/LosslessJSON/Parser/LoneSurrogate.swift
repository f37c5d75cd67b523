/// Half a character named by an escape: `\uD800`–`\uDFFF` that is not one half of a high–low pair.
/// A file may hold one (it is kept, byte for byte, and reads as U+FFFD), but a path or a value a
/// person types with one names no character, so the command line refuses it rather than write
/// U+FFFD in its place.
public enum LoneSurrogate {
    /// The byte offset of the first lone surrogate escape in `text`, if there is one.
    public static func firstEscape(in text: some Collection<UInt8>) -> Int? {
        let bytes = Array(text)
        func code(at index: Int) -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = code(at: index + 2) else {
                index += 2  // another escape, `\\` included
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                let pairs = index + 7 < bytes.count && bytes[index + 6] == UInt8(ascii: "\\") && bytes[index + 7] == UInt8(ascii: "u")
                guard pairs, let low = code(at: index + 8), (0xDC00...0xDFFF).contains(low) else { return index }
                index += 12
            case 0xDC00...0xDFFF:
                return index
            default:
                index += 6
            }
        }
        return nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
