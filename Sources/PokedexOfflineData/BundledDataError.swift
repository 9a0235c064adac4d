import PokedexKit

/// An error reading the bundled data.
///
/// Every error has a ``code`` that says what went wrong, its details as properties, and a
/// ``description`` that reads as one sentence:
///
/// ```swift
/// do {
///     let data = try BundledPokeAPI.data(forPokemon: id)
/// } catch let error as BundledDataError where error.code == .notBundled {
///     print(error)   // Pokémon 1026 is not in the bundled data.
/// }
/// ```
///
/// `BundledDataError` is a structure, not an enumeration, so that a later version can add a
/// ``Code`` without breaking a client's `switch`: switch on ``code``, with a `default`.
public struct BundledDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error's code and details, one case per ``Code``.
    let storage: Storage

    /// Makes an error of these details.
    init(_ storage: Storage) {
        self.storage = storage
    }

    /// The details of each code, as the factories of the same names take them.
    enum Storage: Hashable, Sendable {
        case notBundled(id: Int, family: Family)
        case missingResource(String)
    }

    /// What went wrong, for a `switch` or a comparison.
    public var code: Code {
        switch storage {
        case .notBundled: .notBundled
        case .missingResource: .missingResource
        }
    }

    /// The Pokémon id asked for, for ``Code/notBundled`` in the Pokémon family (`PokeAPIFamily.pokemon`).
    public var pokemonID: Int? {
        guard case .notBundled(let id, .pokemon) = storage else { return nil }
        return id
    }

    /// The id asked for, for ``Code/notBundled`` in any family.
    public var entryID: Int? {
        guard case .notBundled(let id, _) = storage else { return nil }
        return id
    }

    /// The family of the id asked for, for ``Code/notBundled``.
    public var family: Family? {
        guard case .notBundled(_, let family) = storage else { return nil }
        return family
    }

    /// The path of the missing file in the resource bundle, for ``Code/missingResource``.
    public var resourcePath: String? {
        guard case .missingResource(let path) = storage else { return nil }
        return path
    }

    /// The Pokémon id is not among the bundled ones: ``Code/notBundled``.
    ///
    /// - Parameter id: The id asked for (``pokemonID``).
    /// - Returns: An error with code ``Code/notBundled`` naming the id.
    public static func notBundled(id: Int) -> BundledDataError {
        BundledDataError(.notBundled(id: id, family: .pokemon))
    }

    /// The id is not among a family's bundled ones: ``Code/notBundled``.
    ///
    /// - Parameters:
    ///   - id: The id asked for (``entryID``).
    ///   - family: The family asked for (``family``).
    /// - Returns: An error with code ``Code/notBundled`` naming the id and the family.
    public static func notBundled(id: Int, family: Family) -> BundledDataError {
        BundledDataError(.notBundled(id: id, family: family))
    }

    /// A file is missing from the resource bundle (a broken build): ``Code/missingResource``.
    ///
    /// - Parameter path: The file's path in the bundle (``resourcePath``).
    /// - Returns: An error with code ``Code/missingResource`` naming the file's path in the bundle.
    public static func missingResource(_ path: String) -> BundledDataError {
        BundledDataError(.missingResource(path))
    }

    /// The error in a sentence.
    public var description: String {
        switch storage {
        case .notBundled(let id, let family):
            "\(family.displayName) \(id) is not in the bundled data."
        case .missingResource(let path):
            "The bundled resource \(path) is missing from PokedexOfflineData's bundle."
        }
    }
}

extension BundledDataError {
    /// A family of the bundled data: PokedexKit's `PokeAPIFamily`, named as PokeAPI names its
    /// resources (`BundledDataError.Family.species` is `"pokemon-species"`).
    public typealias Family = PokeAPIFamily
}

extension BundledDataError {
    /// What went wrong, as a value to compare or switch on.
    ///
    /// Codes are static members, so a later version can add one without breaking a client:
    /// a `switch` over codes has a `default`. A code matches a ``BundledDataError`` in a
    /// `catch` or a `case`: `catch BundledDataError.Code.notBundled { … }`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Which code this is.
        let kind: Kind

        /// Makes the code of this kind.
        init(_ kind: Kind) {
            self.kind = kind
        }

        /// The codes there are; one per static member.
        enum Kind: String, CaseIterable, Sendable {
            case notBundled, missingResource
        }

        /// The code's name, such as `notBundled`.
        public var description: String { kind.rawValue }

        /// The id is not among the bundled ones: ``BundledDataError/notBundled(id:)``.
        public static let notBundled = Code(.notBundled)

        /// A file is missing from the resource bundle:
        /// ``BundledDataError/missingResource(_:)``.
        public static let missingResource = Code(.missingResource)

        /// Whether `error` is a ``BundledDataError`` with this code, so that a code can be a
        /// pattern: `catch BundledDataError.Code.notBundled { … }`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: `true` when `error` is a ``BundledDataError`` whose
        ///   ``BundledDataError/code`` is `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? BundledDataError)?.code == code
        }
    }
}
