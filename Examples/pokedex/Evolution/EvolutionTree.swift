import PokedexKit

/// An evolution chain as `pokedex evolution` shows it: each species by its display name, with
/// the ways to evolve into it in words.
///
/// A chain without branches reads as one line,
/// `Charmander → Charmeleon (level 16) → Charizard (level 36)`; a chain that branches reads
/// as a tree, one species a line:
///
/// ```
/// Eevee
/// ├─ Vaporeon (use Water Stone)
/// ├─ …
/// └─ Sylveon (level up with high affection knowing a Fairy-type move; or …)
/// ```
///
/// It encodes as the same tree, for `--json`.
struct EvolutionTree: Encodable {
    /// One species of the tree.
    struct Node: Encodable {
        /// The species' id.
        var id: Int
        /// The species' PokeAPI name, such as `mr-mime`.
        var species: String
        /// The species' name in the language asked, such as "Farfetch’d".
        var name: String
        /// Whether the species is a baby.
        var isBaby: Bool
        /// The ways to evolve into it, in words, any one of which suffices; none for the root.
        var conditions: [String]
        /// The species it evolves into.
        var evolvesTo: [Node]

        /// The species as the text shows it: its name, then its conditions in parentheses.
        var label: String {
            conditions.isEmpty ? name : "\(name) (\(conditions.joined(separator: "; or ")))"
        }
    }

    /// The chain's PokeAPI id.
    var chain: Int
    /// The first species, and through it the whole tree.
    var root: Node

    /// Builds the tree of a chain.
    ///
    /// - Parameters:
    ///   - chain: The chain.
    ///   - speciesName: A species' name by its id, in the language shown; its PokeAPI name
    ///     where `nil`.
    init(_ chain: EvolutionChain, speciesName: @escaping (Int) -> String?) {
        let wording = EvolutionWording(speciesName: speciesName)
        func node(_ step: EvolutionStep) -> Node {
            Node(
                id: step.speciesID, species: step.speciesName,
                name: speciesName(step.speciesID) ?? step.speciesName, isBaby: step.isBaby,
                conditions: wording.phrases(for: step.conditions),
                evolvesTo: step.evolvesTo.map(node))
        }
        self.chain = chain.id
        root = node(chain.root)
        if let item = chain.babyTriggerItem {
            root.conditions = ["hatched when a parent holds \(EvolutionWording.title(item))"]
        }
    }

    /// Whether no species of the tree evolves more than one way into different species.
    var isLine: Bool {
        var node = root
        while node.evolvesTo.count == 1, let next = node.evolvesTo.first { node = next }
        return node.evolvesTo.isEmpty
    }

    /// The tree as text, no line wider than `width`: one line (wrapped at its arrows) for a
    /// chain without branches, a tree for one with branches.
    ///
    /// - Parameter width: The widest line allowed.
    /// - Returns: The lines, joined by newlines.
    func text(width: Int = CommandSpec.helpWidth) -> String {
        if root.evolvesTo.isEmpty { return "\(root.label) does not evolve." }
        guard isLine else {
            return ([root.label] + branchLines(of: root, prefix: "", width: width))
                .joined(separator: "\n")
        }
        var labels: [String] = []
        var node: Node? = root
        while let current = node {
            labels.append(current.label)
            node = current.evolvesTo.first
        }
        var lines: [String] = []
        for (index, label) in labels.enumerated() {
            let part = index == 0 ? label : "→ " + label
            if let last = lines.last, last.displayWidth + 1 + part.displayWidth <= width {
                lines[lines.count - 1] = last + " " + part
            } else {
                let indent = lines.isEmpty ? "" : "  "
                lines += Self.wrap(part, first: indent, rest: indent + "  ", width: width)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of a node's branches, each under `prefix`.
    private func branchLines(of node: Node, prefix: String, width: Int) -> [String] {
        var lines: [String] = []
        for (index, child) in node.evolvesTo.enumerated() {
            let isLast = index == node.evolvesTo.count - 1
            let below = prefix + (isLast ? "   " : "│  ")
            lines += Self.wrap(
                child.label, first: prefix + (isLast ? "└─ " : "├─ "), rest: below + "  ",
                width: width)
            lines += branchLines(of: child, prefix: below, width: width)
        }
        return lines
    }

    /// `text` in lines of at most `width` columns (``DisplayWidth``): the first after `first`, the others
    /// after `rest`.
    private static func wrap(_ text: String, first: String, rest: String, width: Int) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        let lines = CommandSpec.wrap(words, width: width - rest.displayWidth)
        // The first line may be shorter than the others when `first` is the longer prefix.
        return lines.enumerated().map { ($0.offset == 0 ? first : rest) + $0.element }
    }
}
