/// A PokeAPI resource with a name in each language: a species, a type, an ability.
///
/// ```swift
/// charizard.localizedName()            // "Charizard"
/// fire.localizedName("fr")             // "Feu"
/// ```
public protocol LocalizedNameProviding {
    /// The resource's name by language's PokeAPI name (`"en"`, `"ja-hrkt"`, `"fr"`, …).
    var names: [String: String] { get }
}

extension LocalizedNameProviding {
    /// The resource's name in a language.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The name, or `nil` when the service has none in that language.
    public func localizedName(_ language: String = "en") -> String? {
        names[language]
    }
}

extension PokemonSpecies: LocalizedNameProviding {
    /// The species' English name, or its PokeAPI name when the service has none:
    /// `"Mr. Mime"` for `mr-mime`.
    public var displayName: String { localizedName() ?? name }
}

extension PokemonTypeDetails: LocalizedNameProviding {
    /// The type's English name, or its PokeAPI name when the service has none: `"Fire"`.
    public var displayName: String { localizedName() ?? name.rawValue }
}

extension PokemonAbility: LocalizedNameProviding {
    /// The ability's English name, or its PokeAPI name when the service has none:
    /// `"Solar Power"` for `solar-power`.
    public var displayName: String { localizedName() ?? name }
}
