import Foundation
import Testing

/// No public type of the package shares a name with a type that an app imports beside it.
///
/// A SwiftUI file that imports SwiftData and PokedexKit must be able to write `RecordQuery`,
/// `Condition` or `SortKey` unqualified, and `@Query` must still mean SwiftData's. The test
/// reads every top-level public declaration in `Sources/` (swift-format keeps them at the
/// start of a line) and checks it against the names those frameworks export.
@Suite("Public names")
struct PublicNamesTests {
    /// Type names exported by Foundation (FoundationEssentials and the Swift overlay),
    /// SwiftData, SwiftUI, Observation, Synchronization and the standard library, as their
    /// documentation lists them: the names most likely to meet ours in an app's file.
    static let reservedNames: Set<String> = [
        // Foundation
        "AttributedString", "Bundle", "Calendar", "CharacterSet", "ComparisonResult", "Data",
        "Date", "DateComponents", "DateInterval", "Decimal", "Dimension", "Expression",
        "FileHandle", "FileManager", "FormatStyle", "IndexPath", "IndexSet", "JSONDecoder",
        "JSONEncoder", "Locale", "Measurement", "Notification", "NotificationCenter",
        "Operation", "OperationQueue", "PersonNameComponents", "Pipe", "Predicate",
        "PredicateExpression", "Process", "ProcessInfo", "Progress", "PropertyListDecoder",
        "PropertyListEncoder", "RunLoop", "Scanner", "SortComparator", "SortDescriptor",
        "SortOrder", "Thread", "TimeZone", "Timer", "URL", "URLComponents", "URLQueryItem",
        "URLRequest", "URLResponse", "URLSession", "UUID", "Unit", "UserDefaults",
        // SwiftData
        "Attribute", "DataStore", "DataStoreConfiguration", "DefaultStore", "FetchDescriptor",
        "HistoryDescriptor", "MigrationStage", "Model", "ModelActor", "ModelConfiguration",
        "ModelContainer", "ModelContext", "ModelExecutor", "PersistentIdentifier",
        "PersistentModel", "Query", "Relationship", "Schema", "SchemaMigrationPlan",
        "SwiftDataError", "Transient", "Unique", "VersionedSchema",
        // SwiftUI
        "Alignment", "Animation", "App", "AppStorage", "Binding", "Bindable", "Button", "Color",
        "Edge", "Environment", "EnvironmentObject", "FetchRequest", "FetchedResults", "Font",
        "ForEach", "Form", "Group", "Image", "Label", "Layout", "Link", "List", "Menu",
        "Namespace", "Path", "Picker", "ProgressView", "Scene", "SceneStorage", "Section",
        "SectionedFetchRequest", "Shape", "State", "StateObject", "Table", "Text", "Toggle",
        "Transaction", "View", "Window", "WindowGroup",
        // Observation, Synchronization and the standard library
        "Atomic", "Duration", "Mutex", "Observable", "ObservationRegistrar", "Observations",
        "Regex", "Result",
    ]

    /// The top-level public types, protocols and type aliases declared under `Sources/`.
    static func publicTypeNames() throws -> [String: String] {
        var root = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path),
            root.pathComponents.count > 1
        {
            root.deleteLastPathComponent()
        }
        let sources = root.appending(path: "Sources")
        var names: [String: String] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for name in declaredNames(in: try String(contentsOf: file, encoding: .utf8)) {
                names[name] = file.lastPathComponent
            }
        }
        return names
    }

    /// The names of the top-level public types in one file's text.
    static func declaredNames(in text: String) -> [String] {
        let declaration = /^public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)/
            .anchorsMatchLineEndings()
        return text.matches(of: declaration).map { String($0.output.1) }
    }

    @Test("no public type shadows a Foundation, SwiftData, SwiftUI or Observation type")
    func noShadowing() throws {
        let names = try Self.publicTypeNames()
        // The scan must see the package's API, or the check below proves nothing.
        for expected in [
            "RecordQuery", "Condition", "SortKey", "InMemoryStore", "JSONFileStore",
            "StoreAccessMode",
            "Pokemon",
        ] {
            #expect(names[expected] != nil, "\(expected) was not found in Sources/")
        }
        #expect(names.count > 40)
        let clashes = names.filter { Self.reservedNames.contains($0.key) }
        #expect(clashes.isEmpty, "public names that shadow a framework's: \(clashes)")
    }

    @Test("the scan finds top-level public types and would flag a clash")
    func catchesAClash() {
        let text = """
            /// A query.
            public struct Query<Model>: Sendable {
                public struct Inner {}
            }
            public final class Schema {}
            public protocol Store {}
            struct Internal {}
            """
        let names = Self.declaredNames(in: text)
        #expect(names == ["Query", "Schema", "Store"])
        #expect(names.filter(Self.reservedNames.contains) == ["Query", "Schema"])
    }
}
