// The text forms of a filter's parts — sort keys such as `-attack`, lists of types such as
// `water,flying` — defined once, so that every front end that takes them as text (the
// `pokedex` command line, the PostgreSQL example service's query items) accepts exactly the
// same words and refuses the rest with the same explanation.

import Foundation

extension PokemonFilter {
    /// The stats that text names, in the order it lists them: hp, attack, defense and speed.
    ///
    /// Each has a sort key of its name (``PokemonSort/textKeys``), and front ends name their
    /// thresholds after it: `pokedex list --min-attack 80`, `GET /pokemon?min-attack=80`.
    public static let textStats: [Stat] = [.hp, .attack, .defense, .speed]

    /// Text that is not the text form it was given as: what was refused, and what is
    /// accepted.
    ///
    /// ```swift
    /// do {
    ///     let sort = try PokemonSort(parsing: "weight")
    /// } catch let error as PokemonFilter.TextError where error.code == .unknownSortKey {
    ///     print(error)   // expects id, name, hp, attack, defense or speed (add - to
    ///                    // descend), not 'weight'
    /// }
    /// ```
    ///
    /// The ``description`` is a predicate, so that a front end can say it of whatever took
    /// the text: `--sort expects …`, `sort expects …`. Like the package's other errors, it is
    /// a structure with a ``Code``, so that a later version can add one: switch on ``code``,
    /// with a `default`.
    public struct TextError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The error's code and the text refused.
        let storage: Storage

        /// The details of each code, as the factories of the same names take them.
        enum Storage: Hashable, Sendable {
            case unknownSortKey(String)
            case unknownType(String)
            /// A name where one type was asked for (``PokemonType/init(parsing:)``).
            case unknownTypeName(String)
            case emptyTypeList(String)
        }

        /// Makes an error of these details.
        init(_ storage: Storage) {
            self.storage = storage
        }

        /// What went wrong, for a `switch` or a comparison.
        public var code: Code {
            switch storage {
            case .unknownSortKey: .unknownSortKey
            case .unknownType, .unknownTypeName: .unknownType
            case .emptyTypeList: .emptyTypeList
            }
        }

        /// The text refused: the whole sort key, such as `weight`, for
        /// ``Code/unknownSortKey``; the one name in a list of types that is no type, such as
        /// `plasma`, for ``Code/unknownType``; the whole list for ``Code/emptyTypeList``.
        public var refused: String {
            switch storage {
            case .unknownSortKey(let text), .unknownType(let text), .unknownTypeName(let text),
                .emptyTypeList(let text):
                text
            }
        }

        /// What is accepted, in words: for a sort key,
        /// `id, name, hp, attack, defense or speed (add - to descend)`; for a list of types,
        /// `one or more of normal, fighting, … or fairy, separated by commas`.
        public var accepted: String {
            switch storage {
            case .unknownSortKey:
                PokemonFilter.alternatives(PokemonSort.textKeys) + " (add - to descend)"
            case .unknownTypeName:
                "one of " + PokemonFilter.alternatives(PokemonType.known.map(\.rawValue))
            case .unknownType, .emptyTypeList:
                "one or more of " + PokemonFilter.alternatives(PokemonType.known.map(\.rawValue))
                    + ", separated by commas"
            }
        }

        /// The refusal as a predicate: `expects <accepted>, not '<refused>'`.
        public var description: String {
            "expects \(accepted), not '\(refused)'"
        }

        /// A sort key that is none of ``PokemonSort/textKeys``: ``Code/unknownSortKey``.
        ///
        /// - Parameter text: The text given as a sort key (``refused``).
        /// - Returns: An error with code ``Code/unknownSortKey``.
        public static func unknownSortKey(_ text: String) -> TextError {
            TextError(.unknownSortKey(text))
        }

        /// A name in a list of types that is none of ``PokemonType/known``:
        /// ``Code/unknownType``.
        ///
        /// - Parameter name: The name, lowercased and trimmed (``refused``).
        /// - Returns: An error with code ``Code/unknownType``.
        public static func unknownType(_ name: String) -> TextError {
            TextError(.unknownType(name))
        }

        /// A list of types that names none, such as `""` or `","`: ``Code/emptyTypeList``.
        ///
        /// - Parameter text: The list given (``refused``).
        /// - Returns: An error with code ``Code/emptyTypeList``.
        public static func emptyTypeList(_ text: String) -> TextError {
            TextError(.emptyTypeList(text))
        }
    }

    /// Words as a list in a sentence: `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension PokemonSort {
    /// The keys that name a sort in text, each ascending; a leading `-` descends: `id`,
    /// `name`, then the name of each of ``PokemonFilter/textStats``.
    public static let textKeys: [String] =
        ["id", "name"] + PokemonFilter.textStats.map(\.rawValue)

    /// Creates the sort that a text key names: one of ``textKeys``, such as `name`, or with a
    /// leading `-` to descend, such as `-attack`.
    ///
    /// ```swift
    /// try PokemonSort(parsing: "-attack")   // .stat(.attack, .descending)
    /// try PokemonSort(parsing: "name")      // .name(.ascending)
    /// ```
    ///
    /// - Parameter text: The key, matched exactly (case included).
    /// - Throws: ``PokemonFilter/TextError`` with code
    ///   ``PokemonFilter/TextError/Code/unknownSortKey``, listing the keys, when `text` is none
    ///   of them.
    public init(parsing text: String) throws(PokemonFilter.TextError) {
        let descending = text.hasPrefix("-")
        let key = descending ? String(text.dropFirst()) : text
        let direction: SortKey<Pokemon>.Direction = descending ? .descending : .ascending
        switch key {
        case "id": self = .id(direction)
        case "name": self = .name(direction)
        default:
            guard let stat = PokemonFilter.textStats.first(where: { $0.rawValue == key }) else {
                throw .unknownSortKey(text)
            }
            self = .stat(stat, direction)
        }
    }
}

extension PokemonType {
    /// Parses a list of the 18 ``known`` types separated by commas, such as `fire` or
    /// `water,flying`, ignoring case and the spaces around each name.
    ///
    /// ```swift
    /// try PokemonType.list(parsing: "Water, flying")   // [.water, .flying]
    /// try PokemonType.list(parsing: "plasma")          // throws: … not 'plasma'
    /// ```
    ///
    /// - Parameter text: The list.
    /// - Returns: The types, in the order given; at least one.
    /// - Throws: ``PokemonFilter/TextError``, listing the known types, with code
    ///   ``PokemonFilter/TextError/Code/unknownType`` naming the first name that is none of
    ///   them, or ``PokemonFilter/TextError/Code/emptyTypeList`` when the text names no type.
    public static func list(parsing text: String) throws(PokemonFilter.TextError) -> [PokemonType] {
        var types: [PokemonType] = []
        for name in text.split(separator: ",") {
            guard let type = known(named: name) else {
                throw .unknownType(name.lowercased().trimmingCharacters(in: .whitespaces))
            }
            types.append(type)
        }
        guard !types.isEmpty else {
            throw .emptyTypeList(text)
        }
        return types
    }

    /// Parses the name of one of the 18 ``known`` types, ignoring case and the spaces around
    /// it: what `pokedex list --weak-to` and `GET /pokemon?weak-to=` read.
    ///
    /// ```swift
    /// try PokemonType(parsing: " Rock")   // .rock
    /// try PokemonType(parsing: "rok")     // throws: expects one of normal, … not 'rok'
    /// ```
    ///
    /// - Parameter text: The name.
    /// - Throws: ``PokemonFilter/TextError`` with code
    ///   ``PokemonFilter/TextError/Code/unknownType``, listing the known types, when `text`
    ///   names none of them.
    public init(parsing text: String) throws(PokemonFilter.TextError) {
        guard let type = Self.known(named: text[...]) else {
            throw PokemonFilter.TextError(.unknownTypeName(text))
        }
        self = type
    }

    /// The known type a name gives, ignoring case and the spaces around it; `nil` for none.
    private static func known(named name: Substring) -> PokemonType? {
        let type = PokemonType(rawValue: name.lowercased().trimmingCharacters(in: .whitespaces))
        return type.isKnown ? type : nil
    }
}

extension PokemonFilter.TextError {
    /// What went wrong, as a value to compare or switch on.
    ///
    /// Codes are static members, so a later version can add one without breaking a client:
    /// a `switch` over codes has a `default`. A code matches a ``PokemonFilter/TextError`` in
    /// a `catch` or a `case`: `catch PokemonFilter.TextError.Code.unknownType { … }`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Which code this is.
        let kind: Kind

        /// Makes the code of this kind.
        init(_ kind: Kind) {
            self.kind = kind
        }

        /// The codes there are; one per static member.
        enum Kind: String, CaseIterable, Sendable {
            case unknownSortKey, unknownType, emptyTypeList
        }

        /// The code's name, such as `unknownSortKey`.
        public var description: String { kind.rawValue }

        /// A sort key that is none of the keys:
        /// ``PokemonFilter/TextError/unknownSortKey(_:)``.
        public static let unknownSortKey = Code(.unknownSortKey)

        /// A name in a list of types that is no known type:
        /// ``PokemonFilter/TextError/unknownType(_:)``.
        public static let unknownType = Code(.unknownType)

        /// A list of types that names none: ``PokemonFilter/TextError/emptyTypeList(_:)``.
        public static let emptyTypeList = Code(.emptyTypeList)

        /// Whether `error` is a ``PokemonFilter/TextError`` with this code, so that a code can
        /// be a pattern: `catch PokemonFilter.TextError.Code.unknownType { … }`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: `true` when `error` is a ``PokemonFilter/TextError`` whose
        ///   ``PokemonFilter/TextError/code`` is `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PokemonFilter.TextError)?.code == code
        }
    }
}
