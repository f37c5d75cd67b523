// libFuzzer target: the JSON Schema compiler and validator on untrusted schemas and instances.
//
// The input is a schema and an instance separated by a zero byte. Compiling must either succeed
// or throw; validating must answer, in both modes, the same verdict, and an invalid one with its
// errors or what it could not decide.
import JSONSchema
import LosslessJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemas(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let schemaText = String(decoding: bytes[..<split], as: UTF8.self)
    let instanceBytes = split < bytes.count ? Array(bytes[(split + 1)...]) : Array("null".utf8)
    guard let instance = try? JSONDocument(bytes: instanceBytes, options: JSONParseOptions(maxDepth: 64)) else { return 0 }
    guard let schema = try? JSONSchema(text: schemaText) else { return 0 }
    let valid = schema.isValid(instance)
    let report = schema.validate(instance)
    // Valid exactly when nothing is wrong and nothing is undecided (a pattern the engine gave up
    // on, a limit, an unresolvable reference); invalid with no error only when something is undecided.
    if valid != report.isValid || report.isValid != (report.errors.isEmpty && report.undecided.isEmpty) {
        print("FUZZ FAILURE: isValid says \(valid) but validate found \(report.errors.count) errors\nschema: \(schemaText)\ninstance: \(String(decoding: instanceBytes, as: UTF8.self))")
        fatalError("verdicts differ")
    }
    return 0
}
