#!/usr/bin/env python3
"""Copies the moves and the Pokémon's learnsets from a PokeAPI data set into Data/pokeapi/all.

    python3 Scripts/copy-pokeapi-moves.py SOURCE [--target DIR]

SOURCE is a directory laid out as Data/pokeapi/all is (`move/<id>.json`, `list/move.json`,
`pokemon/<id>.json` with `moves`). It writes, in PokeAPI's shape and minified:

- `move/<id>.json`: each move with the fields `Move` reads — `id`, `name`, `names`,
  `accuracy`, `power`, `pp`, `priority`, `type`, `damage_class`, `target`, `effect_chance`,
  `effect_entries`, `flavor_text_entries` and `generation` — each resource by its name, or by
  its link where the model reads an id from it;
- `list/move.json`: the list resource, as it is;
- the `moves` of each `pokemon/<id>.json`, with the fields `FetchedPokemon` reads: the move's
  link, and of each detail `level_learned_at`, `move_learn_method` and `version_group` by
  name. The other fields of the Pokémon's file are kept as they are.
"""

import argparse
import json
import os
import shutil


def named(resource):
    return None if resource is None else {"name": resource["name"]}


def linked(resource):
    return None if resource is None else {"url": resource["url"]}


def move(entry):
    return {
        "id": entry["id"],
        "name": entry["name"],
        "names": [{"name": n["name"], "language": named(n["language"])} for n in entry["names"]],
        "accuracy": entry["accuracy"],
        "power": entry["power"],
        "pp": entry["pp"],
        "priority": entry["priority"],
        "type": named(entry["type"]),
        "damage_class": named(entry["damage_class"]),
        "target": named(entry["target"]),
        "effect_chance": entry["effect_chance"],
        "effect_entries": [
            {
                "effect": e["effect"],
                "short_effect": e["short_effect"],
                "language": named(e["language"]),
            }
            for e in entry["effect_entries"]
        ],
        "flavor_text_entries": [
            {
                "flavor_text": e["flavor_text"],
                "language": named(e["language"]),
                "version_group": named(e["version_group"]),
            }
            for e in entry["flavor_text_entries"]
        ],
        "generation": linked(entry["generation"]),
    }


def learned(entry):
    return {
        "move": linked(entry["move"]),
        "version_group_details": [
            {
                "level_learned_at": d["level_learned_at"],
                "move_learn_method": named(d["move_learn_method"]),
                "version_group": named(d["version_group"]),
            }
            for d in entry["version_group_details"]
        ],
    }


def write(path, value):
    with open(path, "w", encoding="utf-8") as file:
        json.dump(value, file, ensure_ascii=False, separators=(",", ":"))
        file.write("\n")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--target", default=os.path.join(root, "Data", "pokeapi", "all"))
    arguments = parser.parse_args()
    source, target = arguments.source, arguments.target
    os.makedirs(os.path.join(target, "move"), exist_ok=True)
    for name in sorted(os.listdir(os.path.join(source, "move"))):
        with open(os.path.join(source, "move", name), encoding="utf-8") as file:
            write(os.path.join(target, "move", name), move(json.load(file)))
    shutil.copyfile(
        os.path.join(source, "list", "move.json"), os.path.join(target, "list", "move.json"))
    for name in sorted(os.listdir(os.path.join(target, "pokemon"))):
        with open(os.path.join(source, "pokemon", name), encoding="utf-8") as file:
            moves = json.load(file).get("moves", [])
        path = os.path.join(target, "pokemon", name)
        with open(path, encoding="utf-8") as file:
            entry = json.load(file)
        entry["moves"] = [learned(m) for m in moves]
        write(path, entry)


if __name__ == "__main__":
    main()
