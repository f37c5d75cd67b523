// libFuzzer target: random JSON through the sample models.
//
// Every document is checked against every registered model (the findings must not crash), read
// through typed getters, and edited through a setter: the keys the model does not know, and the
// values of the fields not set, must come back untouched.
import DictionaryStorage
import LosslessJSON
import SampleModels

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? JSONDocument(bytes: bytes, options: JSONParseOptions(maxDepth: 64)) else { return 0 }
    for schema in SampleModels.registry.schemas {
        _ = schema.findings(in: document)
    }
    guard case .object(let object) = document.rootValue else { return 0 }

    var person = Person(object)
    _ = (person.name, person.age, person.gender, person.email, person.createdAt, person.score)
    person.score = 7
    check(person.storage, against: object, changed: ["score"])
    if person.score != 7 { fail("a set value does not read back", bytes) }

    var usages = UsageList(object)
    let read = usages.usages
    usages.usages = read
    // Writing back what was read keeps every variant, known or not, and every unknown key inside.
    if usages.storage["usages"] != object["usages"], object["usages"].map(isArrayOfObjects) == true {
        fail("usages changed by writing back what was read", bytes)
    }
    check(usages.storage, against: object, changed: ["usages"])
    return 0

    /// Every member whose key was not set is still there, in its place (duplicates included). Keys
    /// match exactly (DictionaryStorage reads other spellings only for lenient fields, and these
    /// are not): `SCORE` or `sco_re` beside `score` is an unknown field, kept as it was.
    func check(_ storage: JSONObject, against original: JSONObject, changed: Set<String>) {
        let kept = storage.members.filter { !changed.contains($0.key) }
        let before = original.members.filter { !changed.contains($0.key) }
        if kept.map(\.key) != before.map(\.key) || kept.map(\.value) != before.map(\.value) {
            fail("members that were not set changed", bytes)
        }
    }
}

func isArrayOfObjects(_ value: JSONValue) -> Bool {
    guard case .array(let elements) = value else { return false }
    return elements.allSatisfy { if case .object = $0 { true } else { false } }
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ndocument: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
    fatalError(message)
}
