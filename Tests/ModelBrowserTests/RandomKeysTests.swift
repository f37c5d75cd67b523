import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Random keys")
struct RandomKeysTests {
    @Test("100,000 random keys over the samples: no crash, every save parses and changes only edited bytes",
          arguments: ["people.json", "usages.json", "post.json", "screen.json", "students.json"])
    func randomKeys(sample name: String) throws {
        var rng = SplitMix(state: 20261122)
        var state = try browser(name)
        let alphabet: [Key] = keys("jjjkkhlJKgG ee/n<Enter><Enter><Enter>a1<Enter>dyrxv<Esc>uu<C-r>D?q:w<C-s>x") + [
            .character("\""), .character("{"), .character("}"), .character("0"), .character("é"), .character("山"),
            .pageDown, .pageUp, .control("d"), .control("u"), .backspace, .delete, .left, .right, .home, .end,
        ]
        var savedBytes = state.document.bytes.array
        let count = 100_000 / 5
        for step in 0..<count {
            if step % 997 == 0 {
                _ = update(&state, .resize(width: Int.random(in: 20...120, using: &rng), height: Int.random(in: 5...50, using: &rng)))
            }
            let key = alphabet.randomElement(using: &rng)!
            let effects = update(&state, .key(key))
            for effect in effects {
                switch effect {
                case .save:
                    let bytes = state.document.bytes.array
                    #expect((try? JSONDocument(bytes: bytes)) != nil, "step \(step): saved bytes do not parse")
                    // Undoing every change since the last save gives the last saved bytes exactly.
                    var check = state.document
                    let savedDepth = state.savedDepth ?? -1
                    if savedDepth >= 0, savedDepth <= state.undoStack.count {
                        for change in state.undoStack[savedDepth...].reversed() {
                            for splice in change.reversed() { try check.apply(splice.inverse) }
                        }
                        #expect(check.bytes.array == savedBytes, "step \(step): bytes outside the edits changed")
                    }
                    _ = update(&state, .saved(path: name))
                    savedBytes = bytes
                case .quit:
                    state.mode = .normal
                default:
                    break
                }
            }
            var grid = Grid(width: state.width, height: state.height)
            render(state, into: &grid)
        }
        #expect(state.cursor >= 0 && state.cursor < state.rowCount)
    }
}
