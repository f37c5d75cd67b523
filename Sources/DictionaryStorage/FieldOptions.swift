import LosslessJSON

/// How a field's value is read and written: its strategy and whether reading is lenient.
public struct FieldOptions: Sendable, Hashable {
    /// The format of dates, data and other values with more than one spelling.
    public var strategy: ValueStrategy?
    /// Accept near-miss values: `"yes"`/`"no"`/`"1"`/`"0"`/`1`/`0` as Bool, `"42"` as Int, `42` as String.
    public var lenient: Bool

    /// Creates options.
    public init(strategy: ValueStrategy? = nil, lenient: Bool = false) {
        self.strategy = strategy
        self.lenient = lenient
    }

    /// Strict reading, default strategies.
    public static let standard = FieldOptions()
}

/// The spellings of values JSON has no type for.
public enum ValueStrategy: String, Sendable, Hashable, CaseIterable {
    /// `2023-06-16T21:18:53Z` (reads fractional seconds and offsets, `+01:00` or `+0100`, too).
    case iso8601
    /// `2023-06-16T21:18:53.123Z`.
    case iso8601WithFractionalSeconds
    /// RFC 3339: ISO 8601 that also accepts a space or lower-case `t`/`z`; written like `iso8601`.
    case rfc3339
    /// `Fri, 16 Jun 2023 21:18:53 +0000`.
    case rfc2822
    /// `2023-06-16` (UTC midnight).
    case yearMonthDay
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970
    /// A number of seconds since 2001-01-01T00:00:00Z, Foundation's reference date (what
    /// `JSONEncoder`'s default `.deferredToDate` writes).
    case deferredToDate
    /// Base64 text (for `Data`).
    case base64
}
