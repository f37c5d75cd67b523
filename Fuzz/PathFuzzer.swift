// libFuzzer target: the path syntax (jq paths and JSON Pointers), from untrusted text.
//
// Any text either fails with a position inside it, or parses to a path whose jq and pointer
// spellings both parse back to the same path; and looking the path up in a document never crashes.
import LosslessJSON

let sample = try! JSONDocument(#"{"a": [1, {"b": null, "-": 2, "": 3, "x/y": 4, "~": 5}], "é": {"\u0301": 6}}"#)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let path: JSONPath
    do {
        path = try JSONPath(parsing: text)
    } catch {
        if error.position < 0 || error.position > text.unicodeScalars.count { fail("error position \(error.position) outside the text", text) }
        return 0
    }
    for spelling in [path.jq, path.pointer] {
        guard let again = try? JSONPath(parsing: spelling) else { fail("\(spelling) does not parse back", text) }
        // Pointer tokens are keys; they address array elements by their digits.
        if again.components.count != path.components.count { fail("\(spelling) parses to another path", text) }
    }
    if let node = sample.node(at: path), sample.path(of: node).components.count != path.components.count {
        fail("the node found has another depth", text)
    }
    return 0
}

func fail(_ message: String, _ text: String) -> Never {
    print("FUZZ FAILURE: \(message)\npath: \(text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined())")
    fatalError(message)
}
