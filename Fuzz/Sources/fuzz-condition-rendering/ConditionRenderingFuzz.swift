import Foundation
import FuzzSupport
import PokedexKit

@testable import KeyPathQuery

/// Feeds the renderers conditions built from fuzz bytes: a byte program (``ConditionProgram``),
/// or, for input starting with `{`, a condition decoded from JSON as an app would decode a
/// saved or received one.
///
/// Properties, for every condition:
/// - rendering, compiling and encoding throw nothing but `QueryError` (or `EncodingError`
///   wrapping one), and refuse a condition nested past the limit;
/// - the `NSPredicate` format holds no `%` but `%K` and `%@`, no quote, and one argument per
///   placeholder; the SQL holds one binding per `?`;
/// - the format and the SQL are the same as for the same tree holding plain values: values
///   travel only as arguments and bindings;
/// - a condition encodes, and decodes back equal.
@main
enum ConditionRenderingFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    /// Pokémon to evaluate conditions on: four from the fixtures, and one with every optional
    /// attribute `nil` and every collection empty.
    static let pokemon: [Pokemon] = {
        let ids = [1, 25, 132, 151]
        var pokemon = ids.compactMap { id -> Pokemon? in
            guard let data = try? FuzzFixtures.data("trimmed/\(id).json") else { return nil }
            return (try? JSONDecoder().decode(FetchedPokemon.self, from: data)).map(Pokemon.init)
        }
        if var blank = pokemon.first {
            blank.id = 0
            blank.name = ""
            blank.types = []
            blank.abilities = []
            blank.sprite = nil
            blank.shiny = nil
            blank.baseExperience = nil
            pokemon.append(blank)
        }
        return pokemon
    }()

    /// Conditions an app would write, with the fixtures' own names, abilities, types and
    /// stats, as JSON; and byte programs cut from the fixtures' bytes.
    static func seeds() throws -> [String: Data] {
        var seeds: [String: Data] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for record in pokemon.prefix(4) {
            var conditions: [Condition<Pokemon>] = [
                \.name == record.name,
                .hasPrefix(\.name, String(record.name.prefix(3)), options: .caseInsensitive),
                .contains(\.types, record.types.first ?? .normal) && \.attack >= record.attack,
                .anyElement(\.abilities, where: .hasSuffix(\.self, record.abilities.last ?? "")),
                !(\.baseExperience == nil) || .between(\.speed, record.speed...record.speed + 10),
                .in(\.id, [record.id, record.id + 1]) && .like(\.name, "*\(record.name.suffix(2))"),
                .containsAll(\.types, of: record.types) || .count(\.abilities, .greater, 2),
                \.sprite == record.sprite && .matches(\.name, "[a-z]+"),
                .equals(\.name, record.name.uppercased(), options: .caseInsensitive)
                    || .in(\.name, [record.name, "MEW"], options: [.caseInsensitive]),
            ]
            if let search = try? TextSearch(record.name + " " + (record.abilities.first ?? "")) {
                conditions.append(.search([\.name, \.abilities], for: search))
            }
            for (index, condition) in conditions.enumerated() {
                seeds["json-\(record.id)-\(index).json"] = try encoder.encode(condition)
            }
            let bytes = try FuzzFixtures.data("trimmed/\(record.id).json")
            for start in stride(from: 0, to: min(bytes.count, 1_024), by: 256) {
                seeds["program-\(record.id)-\(start).bin"] = bytes.dropFirst(start).prefix(96)
            }
        }
        return seeds
    }

    static func run(_ input: Data) {
        if input.first == UInt8(ascii: "{") {
            let decoded: Condition<Pokemon>
            do {
                decoded = try JSONDecoder().decode(Condition<Pokemon>.self, from: input)
            } catch is DecodingError {
                return
            } catch {
                fatalError("decoding threw something other than a DecodingError: \(error)")
            }
            // A long regular expression leaks in Foundation on Linux each time it compiles (see
            // Fuzz/lsan.supp): left out, so the run measures this package.
            guard !hasLongPattern(decoded.node) else { return }
            _ = check(decoded)
            return
        }
        var program = ConditionProgram(input, benign: false)
        let condition = program.condition()
        var benignProgram = ConditionProgram(input, benign: true)
        let benign = benignProgram.condition()
        // What is left of the input names one more Pokémon to evaluate on: hostile text in
        // the records, not only in the operands.
        let (format, sql) = check(condition, also: program.subject())
        compareShapes(format, sql, of: condition, with: benign)
    }

    /// The longest regular expression the target compiles, in UTF-16 units: longer ones leak
    /// in Foundation on Linux (its stack buffer holds 256).
    static let longestPattern = 200

    /// Whether a tree holds a `matches` whose pattern is longer than ``longestPattern``.
    static func hasLongPattern(_ node: ConditionNode) -> Bool {
        switch node {
        case .text(_, .matches, let pattern, _): pattern.utf16.count > longestPattern
        case .quantified(_, _, let element): hasLongPattern(element)
        case .not(let inner): hasLongPattern(inner)
        case .and(let nodes), .or(let nodes): nodes.contains(where: hasLongPattern)
        default: false
        }
    }

    /// Renders, compiles, evaluates and encodes one condition; returns its renderings.
    static func check(
        _ condition: Condition<Pokemon>, also subject: Pokemon? = nil
    ) -> (PredicateFormat?, SQLFragment?) {
        let format = render { () throws(QueryError) in try condition.predicateFormat() }
        if let format {
            let placeholders = format.format.components(separatedBy: "%").count - 1
            let keys = format.format.components(separatedBy: "%K").count - 1
            let values = format.format.components(separatedBy: "%@").count - 1
            require(placeholders == keys + values, "a bare % in \(format.format)")
            require(keys + values == format.arguments.count, "arguments of \(format.format)")
            require(!format.format.contains("\"") && !format.format.contains("'"), "a quote")
        }
        let sql = render { () throws(QueryError) in try condition.sqlExpression() }
        if let sql {
            let placeholders = sql.sql.filter { $0 == "?" }.count
            require(placeholders == sql.bindings.count, "bindings of \(sql.sql)")
        }
        let postgreSQL = render { () throws(QueryError) in
            try condition.sqlExpression(options: SQLOptions(dialect: .postgreSQL))
        }
        if let postgreSQL {
            // `$1`, `$2`, … in order, one per binding, and no `?` left unnumbered.
            let numbers = postgreSQL.sql.split(separator: "$", omittingEmptySubsequences: false)
                .dropFirst().map { Int($0.prefix(while: \.isNumber)) }
            require(
                numbers == (0..<postgreSQL.bindings.count).map { $0 + 1 },
                "placeholders of \(postgreSQL.sql)")
            require(!postgreSQL.sql.contains("?"), "an unnumbered placeholder")
        }
        let compiled = render { () throws(QueryError) in try condition.compiled() }
        if let compiled {
            for record in pokemon { _ = compiled(record) }
            if let subject { _ = compiled(subject) }
        }
        let rendered = format != nil || sql != nil || postgreSQL != nil || compiled != nil
        do {
            let data = try JSONEncoder().encode(condition)
            let decoded = try JSONDecoder().decode(Condition<Pokemon>.self, from: data)
            require(decoded == condition, "\(condition) decodes back as \(decoded)")
        } catch let error as EncodingError {
            // Refused by KeyPathQuery (unmapped, too deep), or by JSONEncoder, which nests at
            // most 512 levels: each level of a condition takes two or three.
            guard case .invalidValue(_, let context) = error else {
                fatalError("encoding threw \(error)")
            }
            if context.underlyingError is QueryError {
                require(!rendered || compiled != nil, "a condition compiles but does not encode")
            }
        } catch {
            fatalError("an encoded condition does not decode: \(error)")
        }
        return (format, sql)
    }

    /// Runs a renderer: its result, or `nil` when it refuses the condition.
    static func render<Result>(_ body: () throws(QueryError) -> Result) -> Result? {
        do {
            return try body()
        } catch {
            require(!error.description.isEmpty, "an empty description")
            return nil
        }
    }

    /// The format and the SQL of a condition are those of the same tree with plain values.
    static func compareShapes(
        _ format: PredicateFormat?, _ sql: SQLFragment?, of condition: Condition<Pokemon>,
        with benign: Condition<Pokemon>
    ) {
        let benignFormat = render { () throws(QueryError) in try benign.predicateFormat() }
        if let format {
            require(
                benignFormat?.format == format.format,
                "the format changed with the values: \(format) for \(condition), but "
                    + "\(String(describing: benignFormat)) for \(benign)")
        }
        let benignSQL = render { () throws(QueryError) in try benign.sqlExpression() }
        if let sql {
            require(
                benignSQL?.sql == sql.sql,
                "the SQL changed with the values: \(sql) for \(condition), but "
                    + "\(String(describing: benignSQL)) for \(benign)")
        }
        if benignFormat == nil { require(format == nil, "only the plain tree was refused") }
        if benignSQL == nil { require(sql == nil, "only the plain tree was refused") }
    }
}
