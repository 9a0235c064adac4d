import JSONFileStorage
import ModelStorage
import SQLiteStorage
import Testing

/// The options of every backend are one `StoreOptions` with the backend's extras: the calls
/// users write read as before, each option has its backend's default, and code over any
/// backend's options sets what they share.
@Suite("Store options")
struct StoreOptionsTests {
    @Test("each backend's options keep their spellings and defaults")
    func spellingsAndDefaults() {
        let json = JSONFileStoreOptions()
        #expect(json.mode == .readWrite && json.lockTimeout == .zero && !json.createsDirectories)
        #expect(json.compactionThreshold == 1 << 20 && !json.sortsKeys)
        #expect(json.maximumFileSize == JSONFileExtras.defaultMaximumFileSize)

        let sqlite = SQLiteStoreOptions(mode: .readOnly)
        #expect(sqlite.mode == .readOnly && sqlite.lockTimeout == .seconds(5))
        #expect(sqlite.readerCount == 2 && sqlite.observationInterval == .milliseconds(100))
        #expect(!sqlite.createsDirectories)

        #expect(JSONFileStoreOptions.readOnly.mode == .readOnly)
        #expect(SQLiteStoreOptions.readWrite.lockTimeout == .seconds(5))
        let waiting = JSONFileStoreOptions(lockTimeout: .seconds(2), createsDirectories: true)
        #expect(waiting.lockTimeout == .seconds(2) && waiting.createsDirectories)
    }

    @Test("an option set through the options or through their extras is the same option")
    func extrasReadAsTheOptionsOwn() {
        var options = SQLiteStoreOptions.readWrite
        options.observationInterval = .milliseconds(5)
        options.readerCount = 4
        options.lockTimeout = .seconds(1)
        #expect(options.extras.observationInterval == .milliseconds(5))
        #expect(options.readerCount == 4 && options.lockTimeout == .seconds(1))
        options.extras.observationInterval = .seconds(1)
        #expect(options.observationInterval == .seconds(1))
    }

    @Test("code over any backend's options sets what they share")
    func genericOverBackends() {
        func forReading<Extras: LockWaitingExtras>(_ options: StoreOptions<Extras>)
            -> StoreOptions<Extras>
        {
            var options = options
            options.mode = .readOnly
            options.lockTimeout = .seconds(10)
            return options
        }
        let json = forReading(JSONFileStoreOptions(sortsKeys: true))
        let sqlite = forReading(SQLiteStoreOptions(readerCount: 3))
        #expect(json.mode == .readOnly && json.lockTimeout == .seconds(10) && json.sortsKeys)
        #expect(sqlite.mode == .readOnly && sqlite.lockTimeout == .seconds(10))
        #expect(sqlite.readerCount == 3)
    }
}
