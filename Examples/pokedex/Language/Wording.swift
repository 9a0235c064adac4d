import Foundation
import InternalSupport
import PokedexKit
import PokedexOfflineData

/// How a command words its output: the language of `--lang`, the tool's own phrases in it,
/// the data's texts in it, and the type names from the bundled type data.
///
/// Where the data has a text only in another language (English, usually), ``text(_:_:)``
/// returns that one and records what it was; ``FallbackNote`` prints one line about those on
/// standard error when the command is done.
struct Wording: Sendable {
    /// The language asked.
    let language: PokedexLanguage

    /// Words in English: what the tool printed before it had `--lang`.
    static let english = Wording(language: .english)

    /// The phrase in the language, its values in place.
    func callAsFunction(_ phrase: Phrase, _ values: String...) -> String {
        phrase.text(in: language, values: values)
    }

    /// A text of the data, recording a fallback to another language.
    ///
    /// - Parameters:
    ///   - text: The text as the model's lookup found it.
    ///   - what: What it is, for the note: `flavor text`, `move effects`.
    /// - Returns: The text, or `nil` when the data has none.
    func text(_ text: TranslatedText?, _ what: String) -> String? {
        if let text, text.isFallback { FallbackNote.record(what, language: language) }
        return text?.text
    }

    /// A type's name in the language, from the bundled type data; its PokeAPI name
    /// capitalized where the data has none.
    func typeName(_ type: PokemonType) -> String {
        Self.typeNames[type].flatMap { TranslatedText.lookUp(language, in: $0)?.text }
            ?? type.rawValue.capitalized
    }

    /// A move's damage class in the language: `physical`, `物理`.
    func damageClass(_ name: String) -> String {
        Phrase.damageClass(name).map { self($0) } ?? name
    }

    /// A learn method in the language, first letter in upper case: `Level up`.
    func method(_ method: MoveLearnMethod) -> String {
        Phrase.method(method).map { self($0) } ?? method.displayName.capitalizedFirst
    }

    /// Every type's names by language, from the bundled data; empty when it cannot be read.
    static let typeNames: [PokemonType: [String: String]] = {
        let types = (try? BundledPokeAPI.allTypes()) ?? []
        return Dictionary(types.map { ($0.name, $0.names) }, uniquingKeysWith: { $1 })
    }()

    /// The languages the bundled data names things in (its types' names): what `--lang`
    /// takes.
    static let dataLanguages: [PokedexLanguage] = {
        let languages = Set(typeNames.values.flatMap { TranslatedText.languages(of: $0) })
        return languages.isEmpty ? Phrase.languages : languages.sorted()
    }()

    /// The language of the environment: `LC_ALL`, then `LANG`, the first set and not empty,
    /// read by ``PokedexLanguage/init(identifier:)``; English when neither is set, for `C`
    /// and `POSIX`, and for a language the data does not have (which is read from the
    /// bundle only then, so that an English run does not read it).
    static func environmentLanguage(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> PokedexLanguage {
        for name in ["LC_ALL", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let language = PokedexLanguage(identifier: value)
            guard language != .english else { return .english }
            return dataLanguages.contains(language) ? language : .english
        }
        return .english
    }

    /// Reads `--lang`'s value: a PokeAPI language name or a POSIX locale, that the data has.
    ///
    /// - Throws: ``InvalidValue`` listing the languages the data has.
    static func language(parsing text: String) throws(InvalidValue) -> PokedexLanguage {
        let language = PokedexLanguage(identifier: text)
        guard dataLanguages.contains(language) else {
            throw InvalidValue(
                "expects a language the data has ("
                    + dataLanguages.map(\.rawValue).joined(separator: ", ")
                    + ", or a locale such as ja_JP.UTF-8), not '\(text)'")
        }
        return language
    }
}

/// The texts shown in English (or another fallback) because the data has none in the
/// language asked: one line about them on standard error, once a run.
enum FallbackNote {
    /// What fell back, in the order first met, and the language asked.
    private static let recorded = Mutex<(kinds: [String], language: PokedexLanguage?)>(([], nil))

    /// Records that a kind of text fell back.
    static func record(_ kind: String, language: PokedexLanguage) {
        recorded.withLock { state in
            if !state.kinds.contains(kind) { state.kinds.append(kind) }
            state.language = language
        }
    }

    /// The note, or `nil` when nothing fell back; what it said is forgotten, so that it is
    /// said once.
    static func take() -> String? {
        recorded.withLock { state -> String? in
            defer { state = ([], nil) }
            guard let language = state.language, !state.kinds.isEmpty else { return nil }
            return "note: shown in English where the data has no '\(language)' text: "
                + state.kinds.joined(separator: ", ") + "."
        }
    }
}
