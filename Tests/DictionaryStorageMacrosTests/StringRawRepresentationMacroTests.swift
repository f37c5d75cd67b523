import DictionaryStorageMacros
import MacroTesting
import Testing

@Suite(.macros(
    ["StringRawRepresentation": StringRawRepresentationMacro.self, "CustomName": MarkerMacro.self], record: .missing))
struct StringRawRepresentationMacroTests {
    @Test func expandsAnOpenEnumWithCustomNames() {
        assertMacro {
            """
            @StringRawRepresentation
            public enum Gender {
                case male, female
                @CustomName("non-binary") case nonBinary
                case unknown(String)
            }
            """
        } expansion: {
            """
            public enum Gender {
                case male, female
                case nonBinary
                case unknown(String)

                public var rawValue: String {
                    switch self {
                    case .male:
                        return "male"
                    case .female:
                        return "female"
                    case .nonBinary:
                        return "non-binary"
                    case .unknown(let value):
                        return value
                    }
                }

                public init?(rawValue: String) {
                    switch rawValue {
                    case "male":
                        self = .male
                    case "female":
                        self = .female
                    case "non-binary":
                        self = .nonBinary
                    default:
                        self = .unknown(rawValue)
                    }
                }

                public static var knownRawValues: [String] {
                    ["male", "female", "non-binary"]
                }
            }
            """
        }
    }

    @Test func expandsAClosedEnum() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Size {
                case small, large
            }
            """
        } expansion: {
            """
            enum Size {
                case small, large

                var rawValue: String {
                    switch self {
                    case .small:
                        return "small"
                    case .large:
                        return "large"
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "small":
                        self = .small
                    case "large":
                        self = .large
                    default:
                        return nil
                    }
                }

                static var knownRawValues: [String] {
                    ["small", "large"]
                }
            }
            """
        }
    }

    @Test func diagnosesTwoPayloadCasesWithAFixIt() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other(String)
            }
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other(String)
                     ┬────────────
                     ╰─ 🛑 only one case can keep unknown values; 'other' is a second case with a payload
                        ✏️ remove the payload from this case
            }
            """
        } fixes: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other
            }
            """
        } expansion: {
            """
            enum Kind {
                case a
                case unknown(String)
                case other

                var rawValue: String {
                    switch self {
                    case .a:
                        return "a"
                    case .other:
                        return "other"
                    case .unknown(let value):
                        return value
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "a":
                        self = .a
                    case "other":
                        self = .other
                    default:
                        self = .unknown(rawValue)
                    }
                }

                static var knownRawValues: [String] {
                    ["a", "other"]
                }
            }
            """
        }
    }

    @Test func diagnosesANonStringPayloadWithAFixIt() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(Int)
            }
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(Int)
                     ┬───────────
                     ╰─ 🛑 case 'unknown' must hold a single String to keep unknown values
                        ✏️ make the payload a String
            }
            """
        } fixes: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
            }
            """
        } expansion: {
            """
            enum Kind {
                case a
                case unknown(String)

                var rawValue: String {
                    switch self {
                    case .a:
                        return "a"
                    case .unknown(let value):
                        return value
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "a":
                        self = .a
                    default:
                        self = .unknown(rawValue)
                    }
                }

                static var knownRawValues: [String] {
                    ["a"]
                }
            }
            """
        }
    }

    @Test func diagnosesAStruct() {
        assertMacro {
            """
            @StringRawRepresentation
            struct NotAnEnum {}
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            struct NotAnEnum {}
            ┬─────
            ╰─ 🛑 @StringRawRepresentation applies to an enum, not a struct
            """
        }
    }

    @Test func twoCasesWithOneRawValue() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Size {
                case small
                @CustomName("small") case little
                case other(String)
            }
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            enum Size {
                case small
                @CustomName("small") case little
                                          ┬─────
                                          ╰─ 🛑 two cases have the raw value "small"
                case other(String)
            }
            """
        }
    }
}
