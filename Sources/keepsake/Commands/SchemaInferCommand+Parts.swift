import Foundation
import LosslessJSON
import SchemaInference

extension InferCommand {
    /// A file whose parts would be smaller than this is read on one thread: starting a second costs
    /// more than it saves. `KEEPSAKE_INFER_PART_SIZE` sets another (the tests split small files).
    static let partedFileSize = ProcessInfo.processInfo.environment["KEEPSAKE_INFER_PART_SIZE"].flatMap { Int($0) } ?? 8 << 20

    /// One part's inference, done on a thread of its own: only that thread touches it until every
    /// part is done, and only then is it read (hence unchecked).
    final class PartInference: @unchecked Sendable {
        let inferrer = SchemaInferrer()
        /// Lines in the part (the last line's number).
        var lines = 0
        /// The first invalid line (its number within the part) and why.
        var invalid: (line: Int, error: JSONParseError)?
        var readError: JSONFileError?
    }

    /// Infers from each line of a regular file in a part per core, each on a thread of its own,
    /// then merges the parts in the file's order: the same schema as one pass, its members perhaps in another order. `false` when the
    /// file is not one to split (standard input, a pipe, a small file), for the caller to read it
    /// in one pass.
    func inferLinesInParts(of file: String, options: JSONParseOptions, into inferrer: SchemaInferrer) throws -> Bool {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // A file that cannot be split or read is read in one pass, which says why it cannot.
        guard cores > 1, let parts = try? JSONLines.parts(ofFile: file, count: cores), parts.count > 1,
            parts[0].count >= Self.partedFileSize
        else { return false }
        let results = parts.map { _ in PartInference() }
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let result = results[index]
            do throws(JSONFileError) {
                try JSONLines.forEachLine(ofFile: file, part: parts[index]) { bytes, number in
                    result.lines = number
                    guard result.invalid == nil, !JSONLines.isBlank(bytes, first: index == 0 && number == 1) else { return }
                    do throws(JSONParseError) {
                        try result.inferrer.add(parsing: bytes, options: options)
                    } catch {
                        result.invalid = (number, error)
                    }
                }
            } catch {
                result.readError = error
            }
        }
        var linesBefore = 0
        for result in results {
            if let error = result.readError { throw CommandFailure(message: error.description, code: 2) }
            if let (line, error) = result.invalid {
                throw CommandFailure(message: "\(shownInMessage(file)):\(linesBefore + line):\(error.column): error: \(error.message); no schema written", code: 2)
            }
            linesBefore += result.lines
            inferrer.merge(result.inferrer)
        }
        return true
    }
}
