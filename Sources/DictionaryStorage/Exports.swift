/// A model's expansion and public signatures name LosslessJSON's types (`JSONObject`, `JSONValue`,
/// `JSONPath`), so a file that imports only `DictionaryStorage` — as the seed's examples do —
/// sees them too.
@_exported import LosslessJSON
