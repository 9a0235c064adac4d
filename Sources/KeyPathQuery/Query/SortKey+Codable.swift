extension SortKey: Codable where Model: Queryable {
    enum CodingKeys: String, CodingKey {
        case attribute, direction, options, nils
    }

    /// Decodes a sort key, looking its attribute name up in the model's
    /// ``Queryable/queryAttributes``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorruptedError` naming the attribute when the model has no
    ///   attribute of that name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .attribute)
        let keyPath: AttributeKeyPath
        do {
            keyPath = try AttributeIndex.of(Model.self).keyPath(named: name)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .attribute, in: container, debugDescription: error.description)
        }
        self.init(
            keyPath,
            try container.decode(Direction.self, forKey: .direction),
            options: try container.decodeIfPresent(TextOptions.self, forKey: .options) ?? [],
            nils: try container.decodeIfPresent(NilPlacement.self, forKey: .nils))
    }

    /// Encodes the sort key with its attribute name.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` when the key path has no attribute name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let name: String
        do {
            name = try ConditionCoding.name(of: keyPath)
        } catch {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.attribute],
                    debugDescription: error.description, underlyingError: error))
        }
        try container.encode(name, forKey: .attribute)
        try container.encode(direction, forKey: .direction)
        if !options.isEmpty { try container.encode(options, forKey: .options) }
        try container.encodeIfPresent(nilPlacement, forKey: .nils)
    }
}
