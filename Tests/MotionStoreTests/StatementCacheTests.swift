import Foundation
import Testing

@testable import MotionSQLite

// MARK: - A connection's prepared statements by SQL text

@Suite("statement cache")
struct StatementCacheTests {
    @Test("FNV-1a over UTF-8: the published 64-bit value of \"a\" (0xaf63dc4c8601ec8c), folded to a non-negative Int")
    func hashIsFNV1a() {
        let published: UInt64 = 0xaf63_dc4c_8601_ec8c
        #expect(StatementCache.hash("a") == Int(truncatingIfNeeded: (published ^ (published >> 32)) & UInt64(Int.max)))
        #expect(StatementCache.hash("") == Int(truncatingIfNeeded: (0xcbf2_9ce4_8422_2325 ^ (0xcbf2_9ce4_8422_2325 >> 32)) & UInt64(Int.max)))
        #expect(StatementCache.hash("SELECT 1") != StatementCache.hash("SELECT 2"))
    }

    @Test(
        "300 statements through several growths and probe chains: each text finds its own statement, a text never added finds none, removeAll empties it"
    )
    func findsEveryStatement() throws {
        let db = try SQLiteDatabase(path: temporaryStorePath())
        var cache = StatementCache()
        let texts = (0..<300).map { "SELECT \($0) AS n" }
        var prepared: [SQLiteStatement] = []
        for text in texts {
            #expect(cache.statement(for: text) == nil)
            let statement = try SQLiteStatement(database: db, sql: text)
            cache.insert(statement, for: text)
            prepared.append(statement)
        }
        #expect(cache.count == 300)
        for (text, statement) in zip(texts, prepared) {
            #expect(cache.statement(for: text) === statement)
        }
        // Equal text from another string's storage finds the same statement.
        #expect(cache.statement(for: String("SELECT 17 AS n".utf8.map { Character(UnicodeScalar($0)) })) === prepared[17])
        #expect(cache.statement(for: "SELECT 300 AS n") == nil)
        #expect(cache.statement(for: "select 1 as n") == nil)
        cache.removeAll()
        #expect(cache.count == 0 && cache.statement(for: texts[0]) == nil)
    }

    @Test("a connection prepares a text once and hands back the same statement; another text gets its own, and both still run")
    func connectionReusesStatements() throws {
        let db = try SQLiteDatabase(path: temporaryStorePath())
        try db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
        let insert = "INSERT INTO t (k, v) VALUES (?, ?)"
        let first = try db.prepare(insert)
        #expect(try db.prepare(insert) === first)
        let select = try db.prepare("SELECT v FROM t WHERE k = ?")
        #expect(select !== first)
        for k in 0..<40 { try db.run(insert, k, "v\(k)") }
        #expect(try db.first("SELECT v FROM t WHERE k = ?", 39)?[0].string == "v39")
        #expect(try db.first("SELECT count(*) FROM t")?[0].int == 40)
    }
}
