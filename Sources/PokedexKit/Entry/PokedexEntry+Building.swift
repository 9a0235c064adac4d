extension PokedexEntry {
    /// Gathers an entry from the parts a Pokédex holds.
    ///
    /// ```swift
    /// let entry = PokedexEntry(
    ///     pokemon: charizard, species: try BundledPokeAPI.species(id: 6),
    ///     evolution: try BundledPokeAPI.evolutionChain(id: 2),
    ///     relatedSpecies: try [4, 5, 6].map(BundledPokeAPI.species(id:)),
    ///     abilities: [blaze, solarPower], types: [fire, flying])
    /// ```
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon's record.
    ///   - species: Its species, or `nil` when not known: the entry then has no genus,
    ///     description, generation or forms, and is named by the record's name.
    ///   - evolution: The species' evolution chain, or `nil` when not known.
    ///   - relatedSpecies: Species whose English names the entry keeps for showing the chain
    ///     (the chain's, usually); the species itself need not be among them.
    ///   - abilities: The details of the Pokémon's abilities; one it lists that is missing
    ///     here is kept by its PokeAPI name, without an effect.
    ///   - types: The details of the Pokémon's types, whose damage relations give the
    ///     matchups; a type missing here counts as neutral (1×) to every attacker.
    ///   - favorite: Whether the user marked it as a favorite (a ``Favorite`` refers to
    ///     it); the record's legacy ``Pokemon/favorite`` flag is not read.
    ///   - notes: The user's notes about it, the oldest first.
    ///   - language: The language of the names, genus, description and abilities, each
    ///     falling back as ``PokedexLanguage/fallbacks`` says; English by default.
    public init(
        pokemon: Pokemon, species: PokemonSpecies?, evolution: EvolutionChain?,
        relatedSpecies: [PokemonSpecies] = [], abilities: [PokemonAbility],
        types: [PokemonTypeDetails], favorite: Bool = false, notes: [Note] = [],
        language: PokedexLanguage = .english
    ) {
        var untranslated: [String] = []
        func pick(_ text: TranslatedText?, _ key: String) -> String? {
            if let text, text.isFallback, !untranslated.contains(key) { untranslated.append(key) }
            return text?.text
        }
        let abilityDetails = Dictionary(
            abilities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let chainIDs = Set(evolution?.speciesIDs ?? [])
        let displayName = species.map { pick($0.name(in: language), "display_name") }
        let genus = species.flatMap { pick($0.genus(in: language), "genus") }
        let flavorText = species?.latestFlavorText(in: language)
        if let flavorText,
            PokedexLanguage(rawValue: flavorText.language).baseCode
                != language.baseCode
        {
            untranslated.append("flavor_text")
        }
        let entryAbilities = pokemon.abilities.map { name in
            let details = abilityDetails[name]
            return Ability(
                name: name,
                displayName: details.flatMap { pick($0.name(in: language), "ability_name") }
                    ?? name,
                isHidden: name == pokemon.hiddenAbility,
                effect: details.flatMap { Self.abilityEffect($0, in: language, pick: pick) })
        }
        var names: [Int: String] = [:]
        for related in relatedSpecies + (species.map { [$0] } ?? [])
        where chainIDs.contains(related.id) {
            names[related.id] =
                pick(related.name(in: language), "species_names") ?? related.displayName
        }
        self.init(
            id: pokemon.id,
            name: pokemon.name,
            displayName: displayName.flatMap { $0 } ?? species?.name ?? pokemon.name,
            speciesID: pokemon.speciesID ?? species?.id,
            genus: genus,
            types: pokemon.types,
            height: pokemon.height,
            weight: pokemon.weight,
            flavorText: flavorText.map { Description(text: $0.text, version: $0.version) },
            generation: species?.generation,
            isLegendary: species?.isLegendary ?? false,
            isMythical: species?.isMythical ?? false,
            isBaby: species?.isBaby ?? false,
            abilities: entryAbilities,
            stats: Stat.allCases.map { BaseStat(stat: $0, value: pokemon[keyPath: $0.keyPath]) },
            matchups: TypeMatchups(defending: pokemon.types, chart: TypeChart(types)),
            evolution: evolution,
            speciesNames: names,
            forms: (species?.varieties ?? []).filter { $0.pokemonID != pokemon.id },
            favorite: favorite,
            notes: notes,
            translation: Translation(language: language, untranslated: untranslated))
    }

    /// An ability's effect in a language: its short effect, or where the data has none in
    /// the language but has the games' description in it, that; otherwise the short effect's
    /// fallback, recorded by `pick`.
    private static func abilityEffect(
        _ ability: PokemonAbility, in language: PokedexLanguage,
        pick: (TranslatedText?, String) -> String?
    ) -> String? {
        let short = ability.shortEffect(in: language)
        if short?.isFallback ?? true, let described = ability.flavorText(in: language),
            !described.isFallback
        {
            return described.text
        }
        return pick(short, "ability_effect")
    }
}
