// A second process for the live-query tests: it opens a PostgresStore on a database and
// commits one change, so that a test can see another process's commit reach its observers.
//
//   PostgresStoreWriter <unix socket path> <database> <record id>
//
// It marks the record a favorite, prints "committed <version>" and exits 0; on an error it
// prints the error to standard error and exits 1.

import Foundation
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage

let arguments = CommandLine.arguments
guard arguments.count == 4, let id = Int(arguments[3]) else {
    FileHandle.standardError.write(
        Data("usage: PostgresStoreWriter <socket> <database> <record id>\n".utf8))
    exit(2)
}
let configuration = PostgresConnection.Configuration(
    unixSocketPath: arguments[1], username: "postgres", password: nil, database: arguments[2])
do {
    let store = try await PostgresStore<ConformanceRecord>.open(
        configuration, options: PostgresStoreOptions(readerCount: 1))
    try await store.update(id: id) { $0.favorite = true }
    let version = try await store.fetchVersioned(id: id)?.version ?? 0
    try await store.close()
    print("committed \(version)")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
