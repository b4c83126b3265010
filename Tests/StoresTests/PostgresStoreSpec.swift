import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// What only the PostgreSQL store has: many stores in one database, and the server's tables,
/// which something other than this program may have written.
@Suite(
    "PostgreSQL store",
    // A server is needed: CI starts one; elsewhere `Tests/postgres-server start FOLDER` prints the
    // URL to set.
    .enabled(if: DurableVariant.postgresURL != nil, "set APPCORE_TEST_POSTGRES to a PostgreSQL server's URL to run"))
struct PostgresStoreSpec {
    let url = DurableVariant.postgresURL ?? ""
    let name = "spec-\(UUID().uuidString)"

    /// Runs SQL on the test server, as another program might.
    private func sql(_ statement: String, url: String? = nil) throws {
        try PostgresConnection(PostgresLocation(url: url ?? self.url)).execute(statement)
    }

    @Test func storesOfDifferentNamesInOneDatabaseAreKeptApart() throws {
        let kitchen = try createPostgresStore(url: url, name: name + "-kitchen", initial: Ledger())
        let garden = try createPostgresStore(url: url + "&store=\(name)-garden", initial: Ledger())
        try kitchen.change(.append("milk"))
        try garden.change(.append("seeds"))
        #expect(
            try createPostgresStore(url: url, name: name + "-kitchen", initial: Ledger()).state().entries == ["milk"])
        #expect(
            try createPostgresStore(url: url, name: name + "-garden", initial: Ledger()).state().entries == ["seeds"])
    }

    @Test func aDamagedChangeIsRefusedByName() throws {
        let store = try createPostgresStore(url: url, name: name, initial: Ledger())
        try store.change(.append("milk"))
        try store.change(.append("eggs"))
        // One bit of the last change's bytes flipped, behind the store's back.
        try sql(
            """
            UPDATE appcore_changes SET batch = set_byte(batch, 6, get_byte(batch, 6) # 1)
            WHERE store = '\(name)' AND sequence = 2
            """)
        #expect {
            _ = try createPostgresStore(url: url, name: name, initial: Ledger())
        } throws: { error in
            "\(error)".contains("change 2 is damaged") && "\(error)".contains("store \(name)")
        }
    }

    /// The first integer `query` returns on the test server.
    private func integer(_ query: String, url: String? = nil) throws -> Int64? {
        try PostgresConnection(PostgresLocation(url: url ?? self.url)).integer(query)
    }

    @Test func aMissingNewestChangeIsRefusedAndItsNumberIsNeverUsedAgain() throws {
        let store = try createPostgresStore(url: url, name: name, initial: Ledger())
        try store.change(.append("milk"))
        try store.change(.append("eggs"))
        try sql("DELETE FROM appcore_changes WHERE store = '\(name)' AND sequence = 2")

        #expect {
            _ = try createPostgresStore(url: url, name: name, initial: Ledger())
        } throws: { error in
            "\(error)".contains("change 2 is damaged or missing") && "\(error)".contains("store \(name)")
        }
        #expect(throws: StoreError.self) {
            try createPostgresStore(url: url, name: name, initial: Ledger()).change(.append("bread"))
        }
        #expect(try integer("SELECT max(sequence) FROM appcore_changes WHERE store = '\(name)'") == 1)
    }

    /// Tables made before the store's row held its last change's number: the first writer adds
    /// the column, the store reads as it did, and its changes from then on are counted.
    @Test func aStoreOfTablesWithoutTheLastChangesNumberOpensAndIsCountedFromItsNextChange() throws {
        let schema = "before_\(UUID().uuidString.prefix(8).lowercased())"
        try sql("CREATE SCHEMA \(schema)")
        defer { try? sql("DROP SCHEMA \(schema) CASCADE") }
        let inSchema = url + "&options=-csearch_path%3D\(schema)"
        let earlier = try createPostgresStore(url: inSchema, name: name, initial: Ledger())
        try earlier.change(.append("milk"))
        try earlier.change(.append("eggs"))
        // As an earlier version left them: the same rows, and no column for the number.
        try sql("ALTER TABLE \(schema).appcore_stores DROP COLUMN last_sequence")
        try sql("DELETE FROM \(schema).appcore_changes WHERE sequence = 2")

        // Not known, so not checked, as before: the store opens.
        let store = try createPostgresStore(url: inSchema, name: name, initial: Ledger())
        #expect(try store.state().entries == ["milk"])
        try store.change(.append("bread"))
        let reopened = try createPostgresStore(url: inSchema, name: name, initial: Ledger())
        #expect(try reopened.state().entries == ["milk", "bread"])
        try sql("DELETE FROM \(schema).appcore_changes WHERE sequence = 2")
        #expect {
            _ = try createPostgresStore(url: inSchema, name: name, initial: Ledger())
        } throws: { error in
            "\(error)".contains("change 2 is damaged or missing")
        }
    }

    @Test func tablesOfTheSameNamesMadeBySomethingElseAreRefused() throws {
        let schema = "foreign_\(UUID().uuidString.prefix(8).lowercased())"
        try sql("CREATE SCHEMA \(schema); CREATE TABLE \(schema).appcore_stores (name text, notes text)")
        defer { try? sql("DROP SCHEMA \(schema) CASCADE") }
        let foreign = url + "&options=-csearch_path%3D\(schema)"
        #expect {
            _ = try createPostgresStore(url: foreign, name: name, initial: Ledger())
        } throws: { error in
            "\(error)".contains("not the ones this program makes")
        }
    }

    @Test func aStoreOfANewerVersionIsRefused() throws {
        try createPostgresStore(url: url, name: name, initial: Ledger()).change(.append("milk"))
        try sql("UPDATE appcore_stores SET version = 7 WHERE name = '\(name)'")
        #expect {
            _ = try createPostgresStore(url: url, name: name, initial: Ledger())
        } throws: { error in
            guard case StoreError.newerFormat = error else { return false }
            return true
        }
    }

    @Test func aMessageOfLibpqThatQuotesThePasswordIsClearedOfIt() {
        // libpq quotes a password it cannot read back ("invalid percent-encoded token").
        let url = "postgresql://postgres:Ses%zzame@/postgres?store=x"
        #expect {
            _ = try createPostgresStore(url: url, initial: Ledger())
        } throws: { error in
            !"\(error)".contains("zzame") && "\(error)".contains("postgresql://postgres@/postgres")
        }
    }

    @Test func anAddressThatIsNotAURLIsRefusedWithoutItsPassword() {
        #expect {
            _ = try createPostgresStore(url: "host=db password=Sesame-0pen", initial: Ledger())
        } throws: { error in
            !"\(error)".contains("Sesame") && "\(error)".contains("postgresql://")
        }
        #expect(
            PostgresLocation.redacted("postgresql://alice:Sesame@db/x?password=Open&store=a")
                == "postgresql://alice@db/x?store=a")
    }
}
