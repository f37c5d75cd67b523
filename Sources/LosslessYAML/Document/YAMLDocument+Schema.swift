import LosslessJSON

extension YAMLDocument {
    /// The schema the document names, as editors read it: a `# yaml-language-server: $schema=…`
    /// comment line in the stream (the YAML language server's convention), else a `$schema` string
    /// at its root.
    public var schemaReference: String? {
        if let line = YAMLFile.schemaLine(in: stream.bytes) { return line }
        guard let root, case .mapping = stream.nodes[resolved(root)].kind,
            let member = try? member("$schema", of: resolved(root)), case .string(let named)? = try? stream.value(of: member.value)
        else { return nil }
        return named
    }
}

extension YAMLFile {
    /// The URI of the first `# yaml-language-server: $schema=URI` comment line of a text.
    public static func schemaLine(in bytes: [UInt8]) -> String? {
        let marker = Array("yaml-language-server:".utf8)
        let setting = Array("$schema=".utf8)
        var offset = 0
        while offset < bytes.count {
            let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            var at = offset
            while at < lineEnd, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
            if at < lineEnd, bytes[at] == UInt8(ascii: "#") {
                at += 1
                while at < lineEnd, bytes[at] == 0x20 { at += 1 }
                if bytes[at..<lineEnd].starts(with: marker) {
                    at += marker.count
                    while at < lineEnd, bytes[at] == 0x20 { at += 1 }
                    if bytes[at..<lineEnd].starts(with: setting) {
                        at += setting.count
                        let end = bytes[at..<lineEnd].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } ?? lineEnd
                        return end > at ? String(decoding: bytes[at..<end], as: UTF8.self) : nil
                    }
                }
            }
            offset = lineEnd + 1
        }
        return nil
    }

    /// The schema line of the file at `path`, or nil (none, standard input, or unreadable: the
    /// load that follows says why).
    public static func schemaLine(atPath path: String) -> String? {
        guard path != "-", let (storage, _) = try? JSONFileReader.read(path: path) else { return nil }
        return schemaLine(in: Array(storage.buffer))
    }
}
