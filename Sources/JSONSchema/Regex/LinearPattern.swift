/// A pattern without backreferences or lookaround — groups, alternation, every quantifier, the
/// anchors and `\b` — compiled to an automaton and run over the whole input at once (Thompson's
/// construction, simulated as Pike's VM does): time linear in the input's length, whatever the
/// pattern, where a backtracking engine takes exponential time on `(a|a)*b` or `(a+)+$`.
///
/// Only whether the pattern matches somewhere is asked (JSON Schema's `pattern`), so greediness
/// and captures change nothing. Patterns beyond this subset, or whose automaton would be larger
/// than `maxInstructions` (a counted repetition of a large group), have no `LinearPattern`.
struct LinearPattern: Sendable {
    enum Instruction: Sendable {
        /// Consumes one code point of the set.
        case scalar(SimplePattern.ScalarSet)
        /// Goes on at both places.
        case split(Int, Int)
        case jump(Int)
        /// `^`: only at the start of the input; `$`: only at its end.
        case atStart, atEnd
        /// `\b` (true) or `\B` (false).
        case wordBoundary(Bool)
        case match
    }

    let program: [Instruction]
    static let maxInstructions = 20_000

    /// The pattern's automaton, or `nil` when it uses anything beyond the subset (or is not valid).
    init?(_ source: String) {
        var parser = Parser(scalars: Array(source.unicodeScalars.map(\.value))[...])
        guard let node = parser.alternation(), parser.scalars.isEmpty else { return nil }
        var program: [Instruction] = []
        guard Self.emit(node, into: &program) else { return nil }
        program.append(.match)
        self.program = program
    }

    // MARK: Parsing

    indirect enum Node {
        case set(SimplePattern.ScalarSet)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, minimum: Int, maximum: Int)
        case atStart, atEnd
        case wordBoundary(Bool)
    }

    struct Parser {
        var scalars: ArraySlice<UInt32>
        /// How deep groups nest (parsing recurses on them; the bound keeps it off the stack's edge).
        var depth = 0

        mutating func alternation() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard scalars.first == 0x7C else { break }  // |
                scalars = scalars.dropFirst()
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        mutating func sequence() -> Node? {
            var items: [Node] = []
            while let c = scalars.first, c != 0x7C, c != 0x29 {  // | )
                scalars = scalars.dropFirst()
                var atom: Node
                switch c {
                case 0x5E: items.append(.atStart); continue  // ^
                case 0x24: items.append(.atEnd); continue  // $
                case 0x28:  // (
                    if scalars.first == 0x3F {  // (?: only: lookaround and named groups are ICU's
                        guard scalars.dropFirst().first == 0x3A else { return nil }
                        scalars = scalars.dropFirst(2)
                    }
                    depth += 1
                    guard depth <= 100, let inner = alternation(), scalars.first == 0x29 else { return nil }
                    depth -= 1
                    scalars = scalars.dropFirst()
                    atom = inner
                case 0x2E: atom = .set(.dot)
                case 0x5B:
                    if scalars.first == 0x5E, scalars.dropFirst().first == 0x5D {  // [^] is anything
                        scalars = scalars.dropFirst(2)
                        atom = .set(SimplePattern.ScalarSet(ranges: [], negated: true))
                    } else if scalars.first == 0x5D {  // [] is nothing
                        scalars = scalars.dropFirst()
                        atom = .set(SimplePattern.ScalarSet(ranges: []))
                    } else {
                        guard let set = SimplePattern.parseClass(&scalars) else { return nil }
                        atom = .set(set)
                    }
                case 0x5C:
                    if scalars.first == 0x62 || scalars.first == 0x42 {  // \b \B
                        items.append(.wordBoundary(scalars.first == 0x62))
                        scalars = scalars.dropFirst()
                        continue
                    }
                    guard let set = SimplePattern.parseEscape(&scalars, inClass: false) else { return nil }
                    atom = .set(set)
                case 0x2A, 0x2B, 0x3F, 0x7B, 0x7D, 0x5D: return nil  // a quantifier with nothing before it, a lone } or ]
                default: atom = .set(SimplePattern.ScalarSet(ranges: [c...c]))
                }
                guard let quantified = quantifier(on: atom) else { return nil }
                items.append(quantified)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func quantifier(on atom: Node) -> Node? {
            guard let c = scalars.first else { return atom }
            var bounds: (Int, Int)
            switch c {
            case 0x2A: bounds = (0, Int.max); scalars = scalars.dropFirst()
            case 0x2B: bounds = (1, Int.max); scalars = scalars.dropFirst()
            case 0x3F: bounds = (0, 1); scalars = scalars.dropFirst()
            case 0x7B:
                guard let braces = SimplePattern.parseBraces(&scalars) else { return nil }
                bounds = braces
            default: return atom
            }
            if scalars.first == 0x3F { scalars = scalars.dropFirst() }  // lazy: the same answer
            if let next = scalars.first, [0x2A, 0x2B, 0x3F, 0x7B].contains(next) { return nil }  // a quantifier quantified
            return .repeated(atom, minimum: bounds.0, maximum: bounds.1)
        }
    }

    // MARK: Compiling

    /// Appends a node's instructions; false when the program grows past `maxInstructions`.
    private static func emit(_ node: Node, into program: inout [Instruction]) -> Bool {
        guard program.count < maxInstructions else { return false }
        switch node {
        case .set(let set): program.append(.scalar(set))
        case .atStart: program.append(.atStart)
        case .atEnd: program.append(.atEnd)
        case .wordBoundary(let positive): program.append(.wordBoundary(positive))
        case .sequence(let items):
            for item in items { guard emit(item, into: &program) else { return false } }
        case .alternatives(let branches):
            // split L1, next; L1: branch; jump end; next: split … ; the last branch falls through.
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    guard emit(branch, into: &program) else { return false }
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    guard emit(branch, into: &program) else { return false }
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let minimum, let maximum):
            for _ in 0..<minimum { guard emit(inner, into: &program) else { return false } }
            if maximum == Int.max {
                // L: split body, end; body; jump L
                let loop = program.count
                program.append(.split(loop + 1, 0))
                guard emit(inner, into: &program) else { return false }
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            } else if maximum > minimum {
                // Each optional copy: split body, end-of-all.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    guard emit(inner, into: &program) else { return false }
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            }
        }
        return program.count < maxInstructions
    }

    // MARK: Matching

    /// Whether the pattern matches anywhere in `input`: every thread advanced one code point at a
    /// time, each instruction at most once per position.
    func matches<Input: ScalarInput>(_ input: Input) -> Bool {
        let count = input.count
        var current: [Int] = []
        var next: [Int] = []
        // The position each instruction was last added at (dedupes threads in one step).
        var addedAt = [Int](repeating: -1, count: program.count)
        var pending: [Int] = []
        func isWord(_ position: Int) -> Bool {
            position >= 0 && position < count && SimplePattern.ScalarSet.word.contains(input[position])
        }
        /// Adds a thread at `pc` for `position`, following jumps, splits and assertions; true when it reaches a match.
        func add(_ pc: Int, at position: Int, to list: inout [Int]) -> Bool {
            pending.append(pc)
            while let pc = pending.popLast() {
                guard addedAt[pc] != position else { continue }
                addedAt[pc] = position
                switch program[pc] {
                case .match:
                    pending.removeAll()
                    return true
                case .jump(let target): pending.append(target)
                case .split(let first, let second):
                    pending.append(second)
                    pending.append(first)
                case .atStart: if position == 0 { pending.append(pc + 1) }
                case .atEnd: if position == count { pending.append(pc + 1) }
                case .wordBoundary(let positive):
                    if (isWord(position - 1) != isWord(position)) == positive { pending.append(pc + 1) }
                case .scalar: list.append(pc)
                }
            }
            return false
        }
        for position in 0...count {
            // A new thread at every position: the pattern is not anchored (`^` is an assertion).
            if add(0, at: position, to: &current) { return true }
            guard position < count else { break }
            let scalar = input[position]
            next.removeAll(keepingCapacity: true)
            for pc in current {
                if case .scalar(let set) = program[pc], set.contains(scalar), add(pc + 1, at: position + 1, to: &next) { return true }
            }
            swap(&current, &next)
        }
        return false
    }
}
