/// The tool's help text.
enum Usage {
    static let overview = """
        pokedex — Pokémon from PokeAPI in a local store, queried from the command line.

        Start here (works offline, from the bundled data):
          swift run pokedex sync
          swift run pokedex list --type fire --sort -attack

        Commands:
          sync       Fetch Pokémon into the store; only the ids it lacks.
                       --range A-B       ids to sync (default 1-151)
                       --base-url URL    a PokeAPI server (default: the bundled offline data)
                       --refresh         fetch stored Pokémon again, keeping favorites
          list       List stored Pokémon as a table, or JSON with --json.
                       --type T[,T…]     have every one of these types
                       --name TEXT       name contains TEXT (ignoring case and accents)
                       --min-attack N    also --min-hp, --min-defense, --min-speed
                       --favorites       favorites only
                       --sort KEY        id, name, attack, hp, defense, speed; -KEY descends
                       --limit N         at most N
          show       Show one Pokémon: pokedex show <id|name> [--json]
          favorite   Mark a favorite: pokedex favorite <id|name> [--off]
          stats      Count stored Pokémon by type [--json]

        Every command takes --store PATH (default: \(StoreLocation.defaultDescription)).
        sync, list, show and stats take --in-memory: the bundled data, in memory, no file.
        Writers wait up to --lock-timeout SECONDS (default 10) for another pokedex to finish.
        """

    static func hint(for command: String) -> String {
        switch command {
        case "sync":
            "usage: pokedex sync [--range A-B] [--base-url URL] [--refresh] [--store PATH | --in-memory]"
        case "list":
            "usage: pokedex list [--type T] [--name TEXT] [--min-attack N] [--favorites] [--sort KEY] [--limit N] [--json] [--store PATH | --in-memory]"
        case "show": "usage: pokedex show <id|name> [--json] [--store PATH | --in-memory]"
        case "favorite": "usage: pokedex favorite <id|name> [--off] [--store PATH]"
        case "stats": "usage: pokedex stats [--json] [--store PATH | --in-memory]"
        default: "run 'pokedex help' for the commands"
        }
    }
}
