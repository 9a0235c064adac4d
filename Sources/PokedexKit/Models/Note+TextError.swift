import Foundation

extension Note {
    /// A note's text that cannot be kept: empty once trimmed, or longer than
    /// ``Note/maximumTextLength``; it says what is wrong and which note or Pokémon it was for.
    ///
    /// ```swift
    /// do {
    ///     _ = try await pokedex.addNote("   ", pokemonID: 25)
    /// } catch let error as Note.TextError where error.code == .empty {
    ///     print(error)   // the text of a note on Pokémon #25 is empty (spaces and line
    ///                    // breaks alone are not kept)
    /// }
    /// ```
    ///
    /// Like the package's other errors, it is a structure with a ``Code``, so that a later
    /// version can add one: switch on ``code``, with a `default`.
    public struct TextError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with a note's text.
        public enum Code: String, Hashable, Sendable {
            /// Nothing but spaces and line breaks.
            case empty
            /// More than ``Note/maximumTextLength`` characters, once trimmed.
            case tooLong
        }

        /// What went wrong, for a `switch` or a comparison.
        public let code: Code
        /// The id of the Pokémon the note is about.
        public let pokemonID: Int
        /// The id of the note whose text was to change; `nil` for a new note.
        public let noteID: String?
        /// The number of characters of the trimmed text.
        public let length: Int

        /// A text that is empty once trimmed: ``Code/empty``.
        ///
        /// - Parameters:
        ///   - pokemonID: The id of the Pokémon the note is about.
        ///   - noteID: The id of the note being changed, or `nil` for a new note.
        /// - Returns: An error with code ``Code/empty``.
        public static func empty(pokemonID: Int, noteID: String? = nil) -> TextError {
            TextError(code: .empty, pokemonID: pokemonID, noteID: noteID, length: 0)
        }

        /// A text longer than ``Note/maximumTextLength`` once trimmed: ``Code/tooLong``.
        ///
        /// - Parameters:
        ///   - length: The number of characters of the trimmed text.
        ///   - pokemonID: The id of the Pokémon the note is about.
        ///   - noteID: The id of the note being changed, or `nil` for a new note.
        /// - Returns: An error with code ``Code/tooLong``.
        public static func tooLong(
            _ length: Int, pokemonID: Int, noteID: String? = nil
        ) -> TextError {
            TextError(code: .tooLong, pokemonID: pokemonID, noteID: noteID, length: length)
        }

        /// What is wrong and where, on one line: `the text of note 1F3E… on Pokémon #25 has
        /// 2014 characters; at most 2000 are kept`.
        public var description: String {
            let note = noteID.map { "note \($0)" } ?? "a note"
            let subject = "the text of \(note) on Pokémon #\(pokemonID)"
            switch code {
            case .empty:
                return "\(subject) is empty (spaces and line breaks alone are not kept)"
            case .tooLong:
                return
                    "\(subject) has \(length) characters; at most \(Note.maximumTextLength) "
                    + "are kept"
            }
        }
    }

    /// A note's text as it is kept: trimmed of surrounding spaces and line breaks, checked to
    /// be neither empty nor longer than ``maximumTextLength``.
    ///
    /// ```swift
    /// try Note.checkedText("  Shiny!\n", pokemonID: 25)   // "Shiny!"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text the user gave.
    ///   - pokemonID: The id of the Pokémon the note is about, for the error.
    ///   - noteID: The id of the note being changed, or `nil` for a new note, for the error.
    /// - Returns: The trimmed text.
    /// - Throws: ``TextError`` with ``TextError/Code/empty`` or ``TextError/Code/tooLong``.
    /// - Complexity: O(*n*) in the length of the text.
    public static func checkedText(
        _ text: String, pokemonID: Int, noteID: String? = nil
    ) throws(TextError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty(pokemonID: pokemonID, noteID: noteID) }
        guard trimmed.count <= maximumTextLength else {
            throw .tooLong(trimmed.count, pokemonID: pokemonID, noteID: noteID)
        }
        return trimmed
    }
}
