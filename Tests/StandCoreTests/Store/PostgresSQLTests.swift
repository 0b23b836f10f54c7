import Testing
@testable import StandCore

/// The console's SQL, written once with `?`, as PostgreSQL takes it.
@Suite struct PostgresSQLTests {
    @Test func questionMarksBecomeNumberedPlaceholdersInOrder() {
        #expect(PostgresSQL.numbered("SELECT * FROM users WHERE id = ? AND email = ?") == "SELECT * FROM users WHERE id = $1 AND email = $2")
        #expect(PostgresSQL.numbered("SELECT ?1, ?2, ?1") == "SELECT $1, $2, $1")
    }

    @Test func questionMarksInLiteralsNamesAndCommentsAreLeftAlone() {
        let sql = """
            SELECT 'why?', "odd?name", 'it''s ?' -- really?
            FROM t /* what? */ WHERE a = ? AND b = $tag$ ? $tag$
            """
        #expect(PostgresSQL.numbered(sql) == """
            SELECT 'why?', "odd?name", 'it''s ?' -- really?
            FROM t /* what? */ WHERE a = $1 AND b = $tag$ ? $tag$
            """)
    }

    @Test func aScriptSplitsIntoStatementsButNotInsideBodiesOrLiterals() {
        let script = """
            CREATE TABLE t (a TEXT DEFAULT 'x;y');
            -- a comment; with a semicolon
            CREATE FUNCTION f() RETURNS trigger AS $$
            BEGIN
                UPDATE t SET a = 'z'; RETURN NEW;
            END;
            $$ LANGUAGE plpgsql;
            ;
            """
        let statements = PostgresSQL.statements(script)
        #expect(statements.count == 2)
        #expect(statements[0] == "CREATE TABLE t (a TEXT DEFAULT 'x;y')")
        #expect(statements[1].hasPrefix("-- a comment; with a semicolon\nCREATE FUNCTION f()"))
        #expect(statements[1].hasSuffix("$$ LANGUAGE plpgsql"))
    }

    @Test func aURLNamesTheServerWithoutItsPassword() throws {
        let location = try PostgresLocation("postgres://stand:secret@127.0.0.1:5433/stand")
        #expect(location.displayName == "postgres://stand@127.0.0.1:5433/stand")
        let socket = try PostgresLocation("postgresql://stand@/stand?host=/tmp/run")
        #expect(socket.displayName == "postgres://stand@[/tmp/run]:5432/stand")
        #expect(throws: StoreError.self) { try PostgresLocation("mysql://x@y/z") }
    }

    /// libpq's sslmode values; a name-check that could not be made is refused, never skipped.
    @Test func aURLsTLSSettingsAreReadAsLibpqReadsThem() throws {
        func tls(_ query: String) throws -> String {
            let tls = try PostgresLocation("postgres://stand@db.example.com/stand\(query)").configuration.tls
            return tls.isEnforced ? "require" : tls.isAllowed ? "prefer" : "disable"
        }
        #expect(try tls("") == "disable")
        #expect(try tls("?sslmode=allow") == "disable")
        #expect(try tls("?sslmode=prefer") == "prefer")
        #expect(try tls("?sslmode=require") == "require")
        #expect(try tls("?sslmode=verify-ca") == "require")
        #expect(try tls("?sslmode=verify-full&sslrootcert=system") == "require")
        let refusals = [
            ("postgres://stand@10.0.0.5/stand?sslmode=verify-full", "not an IP address"),
            ("postgres://stand@db.example.com/stand?sslmode=always", "not one of disable"),
            ("postgres://stand@db.example.com/stand?sslmode=verify-ca&sslrootcert=/nonexistent/root.crt", "no PEM certificate"),
        ]
        for (url, reason) in refusals {
            #expect { try PostgresLocation(url) } throws: { "\($0)".contains(reason) }
        }
        // Over a socket there is no TLS to ask for (libpq ignores sslmode there too).
        #expect(try PostgresLocation("postgres://stand@/stand?host=/tmp/run&sslmode=verify-full").configuration.tls.isAllowed == false)
    }

    /// Which table a statement writes, for the commit's observers (the session cache).
    @Test func aStatementNamesTheTableItWrites() {
        #expect(PostgresSession.written("INSERT INTO staff_sessions (id, staff_id) VALUES ($1, $2)") == .table("staff_sessions"))
        #expect(PostgresSession.written("insert into \"Staff\"(id) values ($1)") == .table("staff"))
        #expect(PostgresSession.written("\n  UPDATE console_settings SET value = $1") == .table("console_settings"))
        #expect(PostgresSession.written("DELETE FROM staff WHERE id = $1") == .table("staff"))
        #expect(PostgresSession.written("SELECT pg_advisory_xact_lock(1)") == .nothing)
        #expect(PostgresSession.written("COMMIT") == .nothing)
        #expect(PostgresSession.written("WITH gone AS (DELETE FROM staff RETURNING id) SELECT 1") == .unknown)
        #expect(PostgresSession.written("CREATE TABLE t (n integer)") == .unknown)
    }
}
