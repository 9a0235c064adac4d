#!/usr/bin/env python3
"""A local, PokeAPI-shaped HTTP server over fixture files, with fault injection, for tests.

Python 3 standard library only. It serves what the PokeAPI static data set serves, from a
fixture directory laid out like Tests/PokedexKitTests/Fixtures:

    GET /api/v2/pokemon/{id}/   and  /api/v2/pokemon/{id}     <dir>/trimmed/{id}.json
                                                             or <dir>/trimmed/edge/{id}.json
    GET /api/v2/pokemon/{name}/ and  /api/v2/pokemon/{name}   the same, with the name mapped to
                                                             its id through the list file (names
                                                             are case-sensitive, as on the
                                                             static service)
    GET /api/v2/pokemon?limit=L&offset=O                     a page of <dir>/list/pokemon.json
                                                             (defaults: limit 20, offset 0) with
                                                             next/previous links
    GET /api/v2/{family}?limit=L&offset=O                    a page of <families>/list/{family}.json
                                                             for the other families, the same
                                                             way (404 when there is no such file)
    GET /api/v2/{family}/{id}/ and /api/v2/{family}/{id}     <families>/{family}/{id}.json, for
                                                             the families pokemon-species,
                                                             evolution-chain, type, ability
                                                             and move
                                                             (--families, by default the
                                                             repository's Data/pokeapi/all);
                                                             by name too, as the live service
                                                             answers (case-sensitive)
    GET /_stats                                              request counts as JSON (below)
    POST /_stats/reset                                       sets every count back to zero

Anything else, and any id without a fixture, is a 404 with the body "Not Found".

Every 200 of a Pokémon, another family's entry or a list page carries an ETag (a hash of its body), and the
Cache-Control that --cache-control gives, if any. A request whose If-None-Match names the
resource's ETag (or "*") gets 304 Not Modified, with the same ETag and Cache-Control and no body,
as the live service answers a client that revalidates what it cached. Faults come first: a
request that gets a fault gets it whatever its If-None-Match.

Usage:

    python3 Scripts/pokeapi-test-server.py Tests/PokedexKitTests/Fixtures [options]

The server binds 127.0.0.1 (port 0 unless --port is given), prints the port it got as the
first line of stdout, then serves until it is killed or its stdin reaches end-of-file (a test
harness holds a pipe to it; when the harness goes away, so does the server). Pass
--ignore-stdin to serve until killed, as when started in the background from a shell.

Options:

    --port N                 the port to bind (default 0: any free port)
    --learnsets              serve each Pokémon from <families>/pokemon/{id}.json, with its
                             moves, instead of the trimmed fixture
    --latency-ms MS          wait MS milliseconds before every response, faults included
    --absolute-links         list links as absolute http://host:port/... URLs (the live
                             service's form) instead of host-less paths (the static data set's)
    --cache-control VALUE    the Cache-Control of every 200 and 304 of a resource, such as
                             "max-age=60" (the live service sends "public, max-age=86400"),
                             "no-store" or "no-cache"; without it, none is sent

  Faults for given resources. IDS is a comma-separated list of ids, names and ranges
  (1-151); ":N" applies the fault to the first N requests of each resource only (default 1),
  ":*" to every request. A request counts for a Pokémon whether it names the id or the name.

    --not-found IDS          404 for every request of these Pokémon (no ":N")
    --status-429 IDS[:N]     429 Too Many Requests with a Retry-After header
    --retry-after VALUE      the Retry-After of a 429: seconds ("1", the default), or
                             "date+S" for an HTTP-date S seconds from now
    --status-500 IDS[:N]     500 Internal Server Error
    --status-503 IDS[:N]     503 Service Unavailable
    --slow IDS[:N]           wait --slow-ms (default 3000) before answering, to outlast a
                             client's timeout
    --truncate IDS[:N]       send a Content-Length larger than the body, half the body, then
                             close the connection
    --drop IDS[:N]           close the connection without sending a response
    --invalid-json IDS[:N]   answer 200 with a body that is not valid JSON
    --huge IDS[:N]           answer 200 with the resource's JSON padded to --huge-mb MB
                             (default 50) by a "padding" key, written 64 KiB at a time; with
                             --huge-chunked, without a Content-Length (chunked encoding)

  These name Pokémon only; the entries of the other families get random faults alone.

  When several faults name the same request, the first in the order above applies.

  Random faults, reproducible: the fate of the n-th request of a path depends only on the
  seed, the path and n, never on the order in which concurrent requests arrive.

    --fault-rate RATE        the fraction (0-1) of API responses that fail
    --fault-kinds KINDS      the comma-separated kinds a random fault picks from (default:
                             429,500,503,slow,truncate,drop,invalid-json)
    --seed N                 the seed of the random faults (default 0)

/_stats answers:

    {"total": 12,                                  every API request (not /_stats)
     "paths": {"/api/v2/pokemon/25/": 3, ...},     per request path, query included
     "pokemon": {"25": 3, ...},                    per Pokémon id, by id or by name
     "entries": {"pokemon-species/25": 1, ...},    per entry of another family, as the
                                                   path names it (id or name)
     "faults": {"500": 2, "drop": 1, ...},         per injected fault kind
     "statuses": {"200": 9, "304": 4, ...},        per status sent (drops have none)
     "hugeBytesSent": 0}                           the bytes of --huge bodies written before
                                                   the client hung up

Example: pikachu fails twice with 500, then succeeds; every response takes 5 ms.

    python3 Scripts/pokeapi-test-server.py Tests/PokedexKitTests/Fixtures \\
        --latency-ms 5 --status-500 25:2 --ignore-stdin &
"""

import argparse
import email.utils
import hashlib
import json
import os
import random
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FAULT_KINDS = ["429", "500", "503", "slow", "truncate", "drop", "invalid-json"]
# Faults only given by id, never drawn at random.
NAMED_FAULT_KINDS = FAULT_KINDS + ["huge"]
POKEMON_PATH = re.compile(r"^/api/v2/pokemon/([^/]+)/?$")
LIST_PATH = re.compile(r"^/api/v2/(pokemon|pokemon-species|evolution-chain|type|ability|move)/?$")
FAMILY_PATH = re.compile(
    r"^/api/v2/(pokemon-species|evolution-chain|type|ability|move)/([^/]+)/?$")
DEFAULT_FAMILIES = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), os.pardir, "Data", "pokeapi", "all")


class FaultSpec:
    """The resources one fault option names, and for how many of their requests."""

    def __init__(self, text, names, allow_count=True):
        spec, _, count = text.partition(":")
        if count and not allow_count:
            raise argparse.ArgumentTypeError(f"{text!r}: this fault takes no ':N'")
        if count == "*" or not allow_count:
            self.count = None
        elif count:
            self.count = int(count)
        else:
            self.count = 1
        self.ids = set()
        for item in filter(None, spec.split(",")):
            low, dash, high = item.partition("-")
            if dash and low.isdigit() and high.isdigit():
                self.ids.update(range(int(low), int(high) + 1))
            elif item.isdigit():
                self.ids.add(int(item))
            elif item in names:
                self.ids.add(names[item])
            else:
                raise argparse.ArgumentTypeError(f"{item!r} is not an id, a range or a name")

    def applies(self, pokemon_id, nth):
        """Whether the nth request (1-based) of this Pokémon gets the fault."""
        if pokemon_id not in self.ids:
            return False
        return self.count is None or nth <= self.count


class Catalogue:
    """The fixture files and the list resource."""

    def __init__(self, directory, families, learnsets=False):
        self.directory = directory
        self.families = families
        self.learnsets = learnsets
        self.family_names = {}
        self.family_names_lock = threading.Lock()
        self.family_lists = {}
        with open(os.path.join(directory, "list", "pokemon.json"), "rb") as file:
            self.results = json.load(file)["results"]
        self.names = {}
        for result in self.results:
            last = result["url"].rstrip("/").rsplit("/", 1)[-1]
            if last.isdigit():
                self.names[result["name"]] = int(last)

    def list_results(self, family):
        """The results of a family's list, or None when there is no list file."""
        if family == "pokemon":
            return self.results
        with self.family_names_lock:
            if family not in self.family_lists:
                path = os.path.join(self.families, "list", f"{family}.json")
                results = None
                if os.path.isfile(path):
                    with open(path, "rb") as file:
                        results = json.load(file)["results"]
                self.family_lists[family] = results
            return self.family_lists[family]

    def pokemon_id(self, key):
        """The id a path segment names, or None."""
        if key.isdigit():
            return int(key)
        return self.names.get(key)

    def pokemon_body(self, pokemon_id):
        """The bytes of a fixture, or None when there is none."""
        folders = ((self.families, "pokemon"),) if self.learnsets else ()
        folders += ((self.directory, "trimmed"), (self.directory, "trimmed", "edge"))
        for folder in folders:
            path = os.path.join(*folder, f"{pokemon_id}.json")
            if os.path.isfile(path):
                with open(path, "rb") as file:
                    return file.read()
        return None

    def entry_id(self, family, key):
        """The id a path segment names in a family, or None; names are read from the family's
        files on the first request by name."""
        if key.isdigit():
            return int(key)
        with self.family_names_lock:
            if family not in self.family_names:
                names = {}
                folder = os.path.join(self.families, family)
                for file_name in os.listdir(folder) if os.path.isdir(folder) else []:
                    stem = file_name[: -len(".json")]
                    if file_name.endswith(".json") and stem.isdigit():
                        with open(os.path.join(folder, file_name), "rb") as file:
                            name = json.load(file).get("name")
                        if isinstance(name, str):
                            names[name] = int(stem)
                self.family_names[family] = names
            return self.family_names[family].get(key)

    def entry_body(self, entry):
        """The bytes of another family's entry (a FAMILY_PATH match), or None."""
        entry_id = self.entry_id(entry.group(1), entry.group(2))
        if entry_id is None:
            return None
        path = os.path.join(self.families, entry.group(1), f"{entry_id}.json")
        if os.path.isfile(path):
            with open(path, "rb") as file:
                return file.read()
        return None


class Stats:
    """Request counts, guarded by one lock (requests arrive on many threads)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.total = 0
            self.paths = {}
            self.pokemon = {}
            self.entries = {}
            self.faults = {}
            self.statuses = {}
            self.huge_bytes_sent = 0

    def count_request(self, path, pokemon_id, entry=None):
        """Counts a request; returns how many requests its path and its Pokémon have had."""
        with self.lock:
            self.total += 1
            self.paths[path] = self.paths.get(path, 0) + 1
            if entry is not None:
                key = f"{entry.group(1)}/{entry.group(2)}"
                self.entries[key] = self.entries.get(key, 0) + 1
            nth_of_pokemon = None
            if pokemon_id is not None:
                key = str(pokemon_id)
                self.pokemon[key] = self.pokemon.get(key, 0) + 1
                nth_of_pokemon = self.pokemon[key]
            return self.paths[path], nth_of_pokemon

    def count(self, table, key):
        with self.lock:
            table[key] = table.get(key, 0) + 1

    def add_huge_bytes(self, count):
        with self.lock:
            self.huge_bytes_sent += count

    def snapshot(self):
        with self.lock:
            return {
                "total": self.total,
                "paths": dict(self.paths),
                "pokemon": dict(self.pokemon),
                "entries": dict(self.entries),
                "faults": dict(self.faults),
                "statuses": dict(self.statuses),
                "hugeBytesSent": self.huge_bytes_sent,
            }


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # A client that hangs up (a timeout, a cancelled request) is routine here.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the live service
    server_version = "pokeapi-test-server"
    # Headers and body go out in separate writes: with Nagle's algorithm on, the body waits
    # for the client's delayed ACK of the headers, adding ~40 ms to every response on a
    # reused connection (and --latency-ms 20 would really be 60).
    disable_nagle_algorithm = True

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # quiet: tests read stdout for the port only

    # -- Routing ---------------------------------------------------------------------------

    def do_GET(self):
        split = urlsplit(self.path)
        if split.path == "/_stats":
            self.send_body(200, json.dumps(self.server.stats.snapshot()).encode(), count=False)
            return
        match = POKEMON_PATH.match(split.path) or FAMILY_PATH.match(split.path)
        is_pokemon = match is not None and match.re is POKEMON_PATH
        pokemon_id = self.server.catalogue.pokemon_id(match.group(1)) if is_pokemon else None
        entry = match if match is not None and not is_pokemon else None
        nth_of_path, nth_of_pokemon = self.server.stats.count_request(
            self.path, pokemon_id, entry)
        options = self.server.options
        if options.latency_ms:
            time.sleep(options.latency_ms / 1000)

        fault = self.fault_for(pokemon_id, nth_of_pokemon, nth_of_path, entry is not None)
        if fault == "404":
            self.send_body(404, b"Not Found", content_type="text/plain")
        elif fault:
            self.server.stats.count(self.server.stats.faults, fault)
            self.send_fault(fault, match, split)
        elif entry:
            self.send_entry(entry)
        elif match:
            self.send_pokemon(pokemon_id)
        elif LIST_PATH.match(split.path):
            self.send_list(split)
        else:
            self.send_body(404, b"Not Found", content_type="text/plain")

    def do_POST(self):
        if urlsplit(self.path).path == "/_stats/reset":
            self.server.stats.reset()
            self.send_body(200, b"{}", count=False)
        else:
            self.send_body(404, b"Not Found", content_type="text/plain", count=False)

    # -- Faults ----------------------------------------------------------------------------

    def fault_for(self, pokemon_id, nth_of_pokemon, nth_of_path, is_entry):
        """The fault this request gets, or None."""
        options = self.server.options
        if pokemon_id is not None:
            if any(spec.applies(pokemon_id, 1) for spec in options.not_found):
                return "404"
            for kind, specs in options.faults:
                if any(spec.applies(pokemon_id, nth_of_pokemon) for spec in specs):
                    return kind
        if options.fault_rate > 0 and (
            pokemon_id is not None or is_entry or self.is_list_request()
        ):
            # A generator of its own per (seed, path, n): the same request always meets the
            # same fate, whatever the order in which concurrent requests arrive.
            fate = random.Random(f"{options.seed}:{self.path}:{nth_of_path}")
            if fate.random() < options.fault_rate:
                return fate.choice(options.fault_kinds)
        return None

    def is_list_request(self):
        return LIST_PATH.match(urlsplit(self.path).path) is not None

    def send_fault(self, fault, match, split):
        path = split.path
        if fault == "429":
            self.send_body(
                429,
                f"Too Many Requests: fault injected for {path}".encode(),
                content_type="text/plain",
                headers={"Retry-After": self.retry_after()},
            )
        elif fault in ("500", "503"):
            reason = "Internal Server Error" if fault == "500" else "Service Unavailable"
            self.send_body(
                int(fault), f"{reason}: fault injected for {path}".encode(),
                content_type="text/plain",
            )
        elif fault == "slow":
            time.sleep(self.server.options.slow_ms / 1000)
            self.send_normal(match, split)
        elif fault == "truncate":
            body = self.normal_body(match, split)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.server.stats.count(self.server.stats.statuses, "200")
            self.wfile.write(body[: len(body) // 2])
            self.hang_up()
        elif fault == "drop":
            self.hang_up()
        elif fault == "invalid-json":
            self.send_body(200, b'{"id": 0, "name": <html>this is not JSON</html>')
        elif fault == "huge":
            self.send_huge(self.normal_body(match, split))

    def send_huge(self, body):
        """The resource's JSON padded to --huge-mb MB, valid JSON, written 64 KiB at a time."""
        options = self.server.options
        size = int(options.huge_mb * 1024 * 1024)
        head = b'{"padding":"'
        tail = b'",' + body.lstrip()[1:]
        padding = max(0, size - len(head) - len(tail))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if options.huge_chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(head) + padding + len(tail)))
        self.end_headers()
        self.server.stats.count(self.server.stats.statuses, "200")
        sent = 0

        def write(data):
            nonlocal sent
            if options.huge_chunked:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            else:
                self.wfile.write(data)
            sent += len(data)

        block = b"x" * 65536
        try:
            write(head)
            while padding > 0:
                write(block[:padding])
                padding -= min(padding, len(block))
            write(tail)
            if options.huge_chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client stopped reading: what this tests
        finally:
            self.server.stats.add_huge_bytes(sent)

    def retry_after(self):
        value = self.server.options.retry_after
        if value.startswith("date+"):
            return email.utils.formatdate(time.time() + float(value[5:]), usegmt=True)
        return value

    def hang_up(self):
        """Closes the connection at once, without a (complete) response."""
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    # -- Resources -------------------------------------------------------------------------

    def send_normal(self, match, split):
        if match and match.re is FAMILY_PATH:
            self.send_entry(match)
        elif match:
            pokemon_id = self.server.catalogue.pokemon_id(match.group(1))
            self.send_pokemon(pokemon_id)
        else:
            self.send_list(split)

    def normal_body(self, match, split):
        """The body a faulty response cuts short: the resource's own, or a stand-in."""
        if match and match.re is FAMILY_PATH:
            body = self.server.catalogue.entry_body(match)
            return body if body is not None else b'{"detail": "Not found."}'
        if match:
            pokemon_id = self.server.catalogue.pokemon_id(match.group(1))
            body = self.server.catalogue.pokemon_body(pokemon_id) if pokemon_id else None
            if body is not None:
                return body
            return b'{"detail": "Not found."}'
        status, body = self.list_page(split)
        return body

    def send_pokemon(self, pokemon_id):
        body = self.server.catalogue.pokemon_body(pokemon_id) if pokemon_id else None
        if body is None:
            self.send_body(404, b"Not Found", content_type="text/plain")
        else:
            self.send_resource(body)

    def send_entry(self, entry):
        body = self.server.catalogue.entry_body(entry)
        if body is None:
            self.send_body(404, b"Not Found", content_type="text/plain")
        else:
            self.send_resource(body)

    def send_list(self, split):
        status, body = self.list_page(split)
        if status == 200:
            self.send_resource(body)
        else:
            self.send_body(status, body)

    def send_resource(self, body):
        """A 200 with the body, its ETag and the Cache-Control asked for; or a 304 without the
        body when the request's If-None-Match names that ETag."""
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        headers = {"ETag": etag}
        if self.server.options.cache_control:
            headers["Cache-Control"] = self.server.options.cache_control
        if not self.matches(etag, self.headers.get("If-None-Match")):
            self.send_body(200, body, headers=headers)
            return
        self.send_response(304)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.server.stats.count(self.server.stats.statuses, "304")

    @staticmethod
    def matches(etag, if_none_match):
        """Whether an If-None-Match names an ETag: weak comparison (RFC 9110, 13.1.2)."""
        if not if_none_match:
            return False
        if if_none_match.strip() == "*":
            return True
        def opaque(tag):
            tag = tag.strip()
            return tag[2:] if tag.startswith("W/") else tag
        return any(opaque(tag) == opaque(etag) for tag in if_none_match.split(","))

    def list_page(self, split):
        """The status and body of a list page; the family is the path's."""
        family = LIST_PATH.match(split.path).group(1)
        results = self.server.catalogue.list_results(family)
        if results is None:
            return 404, b"Not Found"
        fields = parse_qs(split.query)
        try:
            limit = int(fields.get("limit", ["20"])[0])
            offset = int(fields.get("offset", ["0"])[0])
        except ValueError:
            return 400, b'{"detail": "limit and offset must be integers."}'
        if limit < 0 or offset < 0:
            return 400, b'{"detail": "limit and offset must not be negative."}'
        count = len(results)
        prefix = ""
        if self.server.options.absolute_links:
            prefix = "http://" + self.headers.get("Host", self.server.authority)

        def link(new_offset):
            return f"{prefix}/api/v2/{family}?offset={new_offset}&limit={limit}"

        # Evolution chains' list has links alone, no names.
        page = [
            dict(entry, url=prefix + entry["url"]) for entry in results[offset : offset + limit]
        ]
        document = {
            "count": count,
            "next": link(offset + limit) if limit > 0 and offset + limit < count else None,
            "previous": link(max(0, offset - limit)) if offset > 0 and limit > 0 else None,
            "results": page,
        }
        return 200, json.dumps(document).encode()

    def send_body(self, status, body, content_type="application/json", headers=None, count=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        # Counted before the body goes out: a client that has read the body and then asks for
        # /_stats must find this response counted (counting after the write raced that).
        if count:
            self.server.stats.count(self.server.stats.statuses, str(status))
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (a timeout) before the body


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description="A PokeAPI-shaped test server with fault injection.",
        epilog="See the top of this file for the endpoints and the /_stats format.",
    )
    parser.add_argument("directory", help="the fixture directory (trimmed/, list/)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--families", default=DEFAULT_FAMILIES,
        help="the directory of the other families' entries (<family>/<id>.json)")
    parser.add_argument(
        "--learnsets", action="store_true",
        help="serve each Pokémon from <families>/pokemon/<id>.json, with its moves")
    parser.add_argument("--latency-ms", type=float, default=0)
    parser.add_argument("--absolute-links", action="store_true")
    parser.add_argument("--cache-control", default=None)
    parser.add_argument("--ignore-stdin", action="store_true")
    parser.add_argument("--retry-after", default="1")
    parser.add_argument("--slow-ms", type=float, default=3000)
    parser.add_argument("--fault-rate", type=float, default=0)
    parser.add_argument("--fault-kinds", default=",".join(FAULT_KINDS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--huge-mb", type=float, default=50)
    parser.add_argument("--huge-chunked", action="store_true")
    parser.add_argument("--not-found", action="append", default=[])
    for kind in NAMED_FAULT_KINDS:
        option = "--status-" + kind if kind.isdigit() else "--" + kind
        parser.add_argument(option, dest="fault_" + kind, action="append", default=[])
    options = parser.parse_args(argv)

    catalogue = Catalogue(options.directory, options.families, options.learnsets)
    try:
        options.not_found = [
            FaultSpec(text, catalogue.names, allow_count=False) for text in options.not_found
        ]
        options.faults = [
            (kind, [FaultSpec(text, catalogue.names) for text in getattr(options, "fault_" + kind)])
            for kind in NAMED_FAULT_KINDS
        ]
    except (argparse.ArgumentTypeError, ValueError) as error:
        parser.error(str(error))
    options.fault_kinds = [kind for kind in options.fault_kinds.split(",") if kind]
    unknown = set(options.fault_kinds) - set(FAULT_KINDS)
    if unknown or not options.fault_kinds:
        parser.error(f"--fault-kinds takes some of {','.join(FAULT_KINDS)}")
    if not 0 <= options.fault_rate <= 1:
        parser.error("--fault-rate takes a fraction between 0 and 1")
    return options, catalogue


def main(argv):
    options, catalogue = parse_arguments(argv)
    server = Server(("127.0.0.1", options.port), Handler)
    server.options = options
    server.catalogue = catalogue
    server.stats = Stats()
    port = server.server_address[1]
    server.authority = f"127.0.0.1:{port}"
    print(port, flush=True)

    if not options.ignore_stdin:

        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            server.shutdown()

        threading.Thread(target=watch_stdin, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main(sys.argv[1:])
