#!/usr/bin/env python3
"""Makes PokedexOfflineData's bundle from the PokeAPI data in Data/pokeapi/all/.

    python3 Scripts/make-offline-data.py [--source DIR] [--output DIR]

The defaults are Data/pokeapi/all and Sources/PokedexOfflineData/Resources, beside this
script's repository. The output is one file per family with its entries in id order, plus
README.md with the source and licence. The output depends on the source files alone: running
it twice, anywhere, gives the same bytes, and a test checks that the committed bundle is what
it makes.

- evolution-chain.json, type.json, ability.json: JSON arrays of PokeAPI's own responses cut
  down to what PokedexKit's models read, which decode them as they decode the service's:
  other keys, resources' links but those the models read ids from, and evolution conditions
  that do not apply (`null`, `false`, `""`) are left out.
- pokemon.json and pokemon-species.json: `{"rows": [...]}`, each entry a row of values in a
  fixed order (documented in CompactPokemon.swift and CompactSpecies.swift, which read them),
  sprites relative to `sprite_base`. Of each species' English flavor texts only the last is
  kept (`latestFlavorText()`); the service and Data/pokeapi/all have them all.
- move.json: `{"rows": [...]}` as well (CompactMove.swift): names and effects in every
  language they exist in, and only the latest English flavor text, so that the bundle stays
  within 3 MB.
- learnset.json: one Pokémon's learnset a line, `{"id":N,"moves":[[version group, method,
  [move id or [move id, level], ...]], ...]}` (CompactLearnset.swift), a move by its id alone
  where its level is 0.
"""

import argparse
import json
import os
import sys

FAMILIES = ["pokemon", "pokemon-species", "evolution-chain", "type", "ability", "move", "learnset"]

SOURCE_NOTE = """\
Source: the PokeAPI static data set (repository PokeAPI/api-data, commit 9b351758,
2026-08-08), files `data/api/v2/<family>/<id>/index.json`. License: BSD-3-Clause, copyright
"PokéAPI contributors" — this notice stays next to any copy of these files.
"""


def named(resource):
    """A resource by its name only, or None."""
    return None if resource is None else {"name": resource["name"]}


def linked(resource):
    """A resource by its link only (the models read its id), or None."""
    return None if resource is None else {"url": resource["url"]}


def named_list(resources):
    return [named(r) for r in resources]


def localized(entries, text_key):
    """A localized list, the first text of each language kept."""
    seen = set()
    result = []
    for entry in entries:
        language = entry["language"]["name"]
        if language in seen:
            continue
        seen.add(language)
        result.append({text_key: entry[text_key], "language": {"name": language}})
    return result


SPRITE_BASE = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/"

STAT_NAMES = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]


def link_id(resource):
    """The id at the end of a resource's link, or None."""
    return None if resource is None else int(resource["url"].rstrip("/").split("/")[-1])


def sprite(url):
    """A sprite's URL relative to SPRITE_BASE where it starts with it, else whole."""
    if url is not None and url.startswith(SPRITE_BASE):
        return url[len(SPRITE_BASE) :]
    return url


def pokemon(entry):
    """A Pokémon as a row: see CompactPokemon.swift."""
    stats = {s["stat"]["name"]: s["base_stat"] for s in entry["stats"]}
    sprites = entry.get("sprites") or {}
    types = sorted(entry["types"], key=lambda t: t["slot"])
    abilities = sorted(entry.get("abilities", []), key=lambda a: a["slot"])
    return [
        entry["id"],
        entry["name"],
        [t["type"]["name"] for t in types],
        [stats[name] for name in STAT_NAMES],
        sprite(sprites.get("front_default")),
        sprite(sprites.get("front_shiny")),
        entry["height"],
        entry["weight"],
        entry.get("base_experience"),
        [[a["ability"]["name"], a["is_hidden"], a["slot"]] for a in abilities],
        link_id(entry.get("species")),
    ]


def texts(entries, text_key):
    """A localized list as an object by language, the first text of each kept."""
    result = {}
    for entry in entries:
        result.setdefault(entry["language"]["name"], entry[text_key])
    return result


def species(entry):
    """A species as a row: see CompactSpecies.swift."""
    english = [e for e in entry["flavor_text_entries"] if e["language"]["name"] == "en"]
    return [
        entry["id"],
        entry["name"],
        entry["order"],
        texts(entry["names"], "name"),
        texts(entry["genera"], "genus"),
        [english[-1]["version"]["name"], english[-1]["flavor_text"]] if english else None,
        link_id(entry["generation"]),
        entry["is_legendary"],
        entry["is_mythical"],
        entry["is_baby"],
        None if entry["habitat"] is None else entry["habitat"]["name"],
        entry["color"]["name"],
        entry["capture_rate"],
        entry["gender_rate"],
        [g["name"] for g in entry["egg_groups"]],
        link_id(entry["evolution_chain"]),
        link_id(entry["evolves_from_species"]),
        [
            [link_id(v["pokemon"]), v["pokemon"]["name"], v["is_default"]]
            for v in entry["varieties"]
        ],
    ]


LINKED_DETAILS = {"party_species", "trade_species", "base_form", "evolved_form"}


def detail(entry):
    """One evolution detail: every condition that applies, nothing that does not."""
    result = {}
    for key in sorted(entry):
        value = entry[key]
        if value is None or value is False or value == "":
            continue
        if key == "is_default":
            continue  # true unless said otherwise; written below when false
        if isinstance(value, dict):
            value = linked(value) if key in LINKED_DETAILS else named(value)
        result[key] = value
    if entry.get("is_default") is False:
        result["is_default"] = False
    return result


def step(entry):
    return {
        "species": entry["species"],
        "is_baby": entry["is_baby"],
        "evolution_details": [detail(d) for d in entry["evolution_details"]],
        "evolves_to": [step(s) for s in entry["evolves_to"]],
    }


def chain(entry):
    return {
        "id": entry["id"],
        "baby_trigger_item": named(entry["baby_trigger_item"]),
        "chain": step(entry["chain"]),
    }


def type_(entry):
    relations = entry["damage_relations"]
    return {
        "id": entry["id"],
        "name": entry["name"],
        "names": localized(entry["names"], "name"),
        "generation": linked(entry["generation"]),
        "move_damage_class": named(entry["move_damage_class"]),
        "damage_relations": {key: named_list(relations[key]) for key in sorted(relations)},
    }


def ability(entry):
    english = [e for e in entry.get("effect_entries", []) if e["language"]["name"] == "en"]
    return {
        "id": entry["id"],
        "name": entry["name"],
        "names": localized(entry["names"], "name"),
        "generation": linked(entry["generation"]),
        "is_main_series": entry["is_main_series"],
        "effect_entries": [
            {
                "effect": e.get("effect"),
                "short_effect": e.get("short_effect"),
                "language": named(e["language"]),
            }
            for e in english[:1]
        ],
    }


def move(entry):
    """A move as a row: see CompactMove.swift."""
    english = [e for e in entry["flavor_text_entries"] if e["language"]["name"] == "en"]
    effects = {}
    for e in entry["effect_entries"]:
        effects.setdefault(e["language"]["name"], [e["effect"], e["short_effect"]])
    return [
        entry["id"],
        entry["name"],
        texts(entry["names"], "name"),
        entry["type"]["name"],
        entry["power"],
        entry["accuracy"],
        entry["pp"],
        entry["priority"],
        None if entry["damage_class"] is None else entry["damage_class"]["name"],
        entry["target"]["name"],
        entry["effect_chance"],
        link_id(entry["generation"]),
        effects,
        [english[-1]["version_group"]["name"], english[-1]["flavor_text"]] if english else None,
    ]


def learnset(entry):
    """A Pokémon's learnset, one line: see CompactLearnset.swift."""
    groups = {}
    for learned in entry.get("moves", []):
        move_id = link_id(learned["move"])
        for d in learned["version_group_details"]:
            method = d["move_learn_method"]["name"]
            key = (d["version_group"]["name"], method)
            level = d["level_learned_at"]
            groups.setdefault(key, []).append(move_id if level == 0 else [move_id, level])
    return {"id": entry["id"], "moves": [[vg, m, rows] for (vg, m), rows in groups.items()]}


COMPACTORS = {
    "pokemon": pokemon,
    "pokemon-species": species,
    "evolution-chain": chain,
    "type": type_,
    "ability": ability,
    "move": move,
    "learnset": learnset,
}

# The family whose files each family's entries are made from.
SOURCES = {"learnset": "pokemon"}


def load(source, family):
    folder = os.path.join(source, family)
    ids = sorted(int(name[:-5]) for name in os.listdir(folder) if name.endswith(".json"))
    entries = []
    for entry_id in ids:
        with open(os.path.join(folder, f"{entry_id}.json"), encoding="utf-8") as file:
            entries.append(json.load(file))
    return entries


def encoded(family, entries):
    """One entry a line, so that a change to the data reads as a diff of lines: a JSON array
    of entries, or for the families of rows an object whose `rows` are the entries."""
    lines = ",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries)
    if family == "pokemon":
        return ('{"sprite_base":"' + SPRITE_BASE + '","rows":[\n' + lines + "\n]}\n").encode()
    if family in ("pokemon-species", "move"):
        return ('{"rows":[\n' + lines + "\n]}\n").encode()
    return ("[\n" + lines + "\n]\n").encode("utf-8")


def readme(counts, sizes):
    rows = "\n".join(
        f"| `{family}.json` | {counts[family]:,} | {sizes[family]:,} |" for family in FAMILIES
    )
    return f"""\
# Bundled PokeAPI data

Made by `Scripts/make-offline-data.py` from `Data/pokeapi/all/`; do not edit: run the script
(a test checks that these files are what it makes).

| file | entries | bytes |
| --- | --- | --- |
{rows}

Entries are in id order, from real PokeAPI responses (`GET /api/v2/<family>/<id>/`):

- `evolution-chain.json`, `type.json` and `ability.json` are JSON arrays of the responses cut
  down to what PokedexKit's models read, which decode them as they decode the service's.
  Left out: every other key, resources' links but those the models read ids from, and
  evolution conditions that do not apply (`null`, `false`, `""`).
- `pokemon.json` and `pokemon-species.json` hold `rows`, each entry's values in a fixed
  order (`CompactPokemon.swift` and `CompactSpecies.swift` in PokedexOfflineData read them),
  sprites relative to `sprite_base`. Of each species' English flavor texts only the last is
  kept.
- `move.json` holds `rows` too (`CompactMove.swift`): names and effects in every language
  they exist in, and of the flavor texts only the latest English one.
- `learnset.json` is each Pokémon's `moves`, one Pokémon a line (`CompactLearnset.swift`):
  `[version group, method, [move id, or [move id, level] where the level is not 0, …]]`.

The whole responses are in `Data/pokeapi/all/` at the repository's root.

{SOURCE_NOTE}"""


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=os.path.join(root, "Data", "pokeapi", "all"))
    parser.add_argument(
        "--output", default=os.path.join(root, "Sources", "PokedexOfflineData", "Resources")
    )
    arguments = parser.parse_args()
    os.makedirs(arguments.output, exist_ok=True)
    counts, sizes = {}, {}
    for family in FAMILIES:
        source_family = SOURCES.get(family, family)
        entries = [COMPACTORS[family](e) for e in load(arguments.source, source_family)]
        data = encoded(family, entries)
        with open(os.path.join(arguments.output, f"{family}.json"), "wb") as file:
            file.write(data)
        counts[family], sizes[family] = len(entries), len(data)
    with open(os.path.join(arguments.output, "README.md"), "wb") as file:
        file.write(readme(counts, sizes).encode("utf-8"))
    total = sum(sizes.values())
    print(f"{arguments.output}: {total:,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
