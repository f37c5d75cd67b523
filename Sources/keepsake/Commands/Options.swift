import ArgumentParser
import LosslessJSON
import RecordStore

/// The parsing option of every command that reads JSON: one declaration, one default.
struct ParsingOptions: ParsableArguments {
    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int = JSONParseOptions.default.maxDepth

    /// The parse options these make.
    var parseOptions: JSONParseOptions { JSONParseOptions(maxDepth: maxDepth) }
}

/// `--table`, `--column` and `--key`: JSON in a column of any SQLite table.
struct TableOptions: ParsableArguments {
    @Option(help: "For any SQLite database: the table holding JSON to browse.")
    var table: String?

    @Option(help: "With --table: the column holding JSON text.")
    var column: String?

    @Option(help: "With --table: the column identifying rows.")
    var key: String = "id"
}

extension FieldCondition: ExpressibleByArgument {
    /// A condition from the command line (`.age>=18`); see `init(parsing:)`.
    public init?(argument: String) {
        guard let condition = try? FieldCondition(parsing: argument) else { return nil }
        self = condition
    }
}
