import LosslessJSON

extension YAMLDocument {
    /// The schema the document names, as editors read it: a `# yaml-language-server: $schema=…`
    /// comment line in the stream (the YAML language server's convention), else a `$schema` string
    /// at its root.
    public var schemaReference: String? {
        if let line = stream.modelineSchema { return line }
        guard let root, case .mapping = stream.nodes[resolved(root)].kind,
            let member = try? member("$schema", of: resolved(root)), case .string(let named)? = try? stream.value(of: member.value)
        else { return nil }
        return named
    }
}

extension YAMLStream {
    /// The URI of the first `# yaml-language-server: $schema=URI` comment line.
    var modelineSchema: String? {
        let marker = Array("yaml-language-server:".utf8)
        for start in lineStarts {
            var offset = start
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "#") else { continue }
            offset += 1
            while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
            guard bytes[offset...].starts(with: marker) else { continue }
            offset += marker.count
            while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
            let setting = Array("$schema=".utf8)
            guard bytes[offset...].starts(with: setting) else { continue }
            offset += setting.count
            let end = bytes[offset...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            return end > offset ? text(offset..<end) : nil
        }
        return nil
    }
}
