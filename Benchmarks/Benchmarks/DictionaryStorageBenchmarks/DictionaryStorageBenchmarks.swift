import Benchmark
import DictionaryStorage
import Foundation
import LosslessJSON

/// A 20-field dictionary-backed model.
@DictionaryStorage
struct Record {
    var id: Int = 0
    var name: String = ""
    var email: String?
    var age: Int = 0
    var score: Double = 0
    var active: Bool = false
    var city: String = ""
    var country: String = ""
    var zip: String = ""
    var street: String = ""
    var phone: String?
    var company: String = ""
    var title: String = ""
    var level: Int = 0
    var rating: Double = 0
    var verified: Bool = false
    var tags: [String] = []
    var notes: String?
    var balance: Int = 0
    var updated: String = ""
}

/// The same record as a plain Codable struct, for JSONDecoder.
struct CodableRecord: Codable {
    var id: Int
    var name: String
    var email: String?
    var age: Int
    var score: Double
    var active: Bool
    var city: String
    var country: String
    var zip: String
    var street: String
    var phone: String?
    var company: String
    var title: String
    var level: Int
    var rating: Double
    var verified: Bool
    var tags: [String]
    var notes: String?
    var balance: Int
    var updated: String
}

func recordJSON(_ i: Int) -> String {
    """
    {"id": \(i), "name": "Person \(i)", "email": "p\(i)@example.com", "age": \(20 + i % 50), "score": \(Double(i % 100) / 4), \
    "active": \(i % 2 == 0), "city": "Springfield", "country": "US", "zip": "\(10000 + i % 9000)", "street": "\(i) Main St", \
    "phone": null, "company": "Acme", "title": "Engineer", "level": \(i % 7), "rating": \(Double(i % 50) / 10), \
    "verified": \(i % 3 == 0), "tags": ["a", "b"], "notes": "n", "balance": \(i * 13), "updated": "2024-01-0\(1 + i % 9)", \
    "unknownExtra": {"kept": true}}
    """
}

func sum(_ r: Record) -> Int {
    var total = r.id &+ r.age &+ r.level &+ r.balance &+ Int(r.score) &+ Int(r.rating)
    total &+= r.name.utf8.count &+ (r.email?.utf8.count ?? 0) &+ r.city.utf8.count &+ r.country.utf8.count
    total &+= r.zip.utf8.count &+ r.street.utf8.count &+ (r.phone?.utf8.count ?? 0) &+ r.company.utf8.count
    total &+= r.title.utf8.count &+ r.tags.count &+ (r.notes?.utf8.count ?? 0) &+ r.updated.utf8.count
    total &+= (r.active ? 1 : 0) &+ (r.verified ? 1 : 0)
    return total
}

func sum(_ r: CodableRecord) -> Int {
    var total = r.id &+ r.age &+ r.level &+ r.balance &+ Int(r.score) &+ Int(r.rating)
    total &+= r.name.utf8.count &+ (r.email?.utf8.count ?? 0) &+ r.city.utf8.count &+ r.country.utf8.count
    total &+= r.zip.utf8.count &+ r.street.utf8.count &+ (r.phone?.utf8.count ?? 0) &+ r.company.utf8.count
    total &+= r.title.utf8.count &+ r.tags.count &+ (r.notes?.utf8.count ?? 0) &+ r.updated.utf8.count
    total &+= (r.active ? 1 : 0) &+ (r.verified ? 1 : 0)
    return total
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .nanoseconds, maxDuration: .seconds(4))

    let single = Record(try! JSONValue(parsing: recordJSON(7)).objectValue!)
    Benchmark("typed getter, 20-field model, first field (Int)", configuration: .init(scalingFactor: .mega)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(single.id) }
    }
    Benchmark("typed getter, 20-field model, last field (String)", configuration: .init(scalingFactor: .mega)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(single.updated) }
    }
    Benchmark("typed getter, 20-field model, missing optional", configuration: .init(scalingFactor: .mega)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(single.phone) }
    }

    let count = 100_000
    let bytes = Array(("[" + (0..<count).map(recordJSON).joined(separator: ",\n") + "]").utf8)
    let data = Data(bytes)
    Benchmark(
        "100k models: parse + read every field (Keepsake)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let document = try JSONDocument(bytes: bytes)
            var total = 0
            for element in document.children(document.root) {
                guard case .object(let object) = document.value(element) else { continue }
                total &+= sum(Record(object))
            }
            blackHole(total)
        }
    }
    Benchmark(
        "100k models: JSONDecoder into Codable structs",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let records = try JSONDecoder().decode([CodableRecord].self, from: data)
            var total = 0
            for record in records { total &+= sum(record) }
            blackHole(total)
        }
    }
}
