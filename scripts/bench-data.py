#!/usr/bin/env python3
"""Data for scripts/bench, read from and written to the store as any other program would.

  bench-data.py paths DB KIND COUNT      print COUNT request paths of one search kind
  bench-data.py heavy-user DB ANSWERS ENTRIES
                                         add an account with that many answers and
                                         sweepstakes entries; print "uuid email"
  bench-data.py million-answers DB       a past question the first million users answered
                                         (once); print its id
  bench-data.py big-sweepstakes DB       a sweepstakes where each of the first million users
                                         holds ten entries (10M entries); print its id
  bench-data.py redrawn-sweepstakes DB   another one like it, for the draw the bench makes at
                                         every run; print its id
  bench-data.py paths DB entrant COUNT ID
                                         entrant searches on sweepstakes ID
  bench-data.py pending-requests DB COUNT
                                         at least COUNT pending deletion requests, as the
                                         app makes them; print how many are pending
  bench-data.py long-history DB ANSWERS  one account that answered that many days, with
                                         notes, a suspension and entries (made once per
                                         store and size); print its uuid

DB is a SQLite file or a postgres:// URL (psycopg); the SQL is written once for both.
"""
import datetime
import random
import sqlite3
import sys
import urllib.parse
import uuid as uuidlib

PAGE_SIZE = 25
# The big question and sweepstakes hold this many users, whatever the store's size.
MILLION = 1_000_000


class Store:
    """The store as another program opens it: a SQLite file or a PostgreSQL database."""

    def __init__(self, location):
        self.postgres = location.startswith(("postgres://", "postgresql://"))
        if self.postgres:
            import psycopg
            self.db = psycopg.connect(location)
        else:
            self.db = sqlite3.connect(location, timeout=30)
            self.db.execute("PRAGMA foreign_keys = ON")

    def sql(self, text):
        """psycopg's placeholders are %s: `?` outside quoted literals becomes one, and every % is doubled."""
        if not self.postgres:
            return text
        out, quoted = [], False
        for char in text:
            if char == "'":
                quoted = not quoted
            out.append("%s" if char == "?" and not quoted else "%%" if char == "%" else char)
        return "".join(out)

    def execute(self, text, params=()):
        return self.db.execute(self.sql(text), params)

    def executemany(self, text, rows):
        if self.postgres:
            with self.db.cursor() as cursor:
                cursor.executemany(self.sql(text), rows)
        else:
            self.db.executemany(text, rows)

    def __enter__(self):
        return self

    def __exit__(self, kind, *rest):
        # One transaction: commit, or roll back on an error (both drivers start one implicitly).
        (self.db.rollback if kind else self.db.commit)()
        return False


def two_digits(expression):
    """`expression` (an integer below 100) as two digits, in SQL both engines run."""
    return f"(CASE WHEN ({expression}) < 10 THEN '0' ELSE '' END || ({expression}))"


def search(text, **extra):
    return "/users?" + urllib.parse.urlencode({"q": text, **extra})


def sample(db, count):
    total = db.execute("SELECT MAX(id) FROM users").fetchone()[0]
    rng = random.Random(7)
    rows = []
    while len(rows) < count:
        row = db.execute("SELECT uuid, email, phone FROM users WHERE id >= ? ORDER BY id LIMIT 1", (rng.randint(1, total),)).fetchone()
        if row:
            rows.append(row)
    return rows


def typed_phone(e164):
    if e164.startswith("+1"):
        digits = e164[2:]
        return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
    return e164[:3] + " " + e164[3:]


def paths(db, kind, count, extra=None):
    if kind == "email":
        return [search(email.upper()) for _, email, _ in sample(db, count)]
    if kind == "phone":
        return [search(typed_phone(phone)) for _, _, phone in sample(db, count)]
    if kind == "uuid":
        return [search(uuid.replace("-", "").upper()) for uuid, _, _ in sample(db, count)]
    if kind == "user":
        return ["/users/" + uuid for uuid, _, _ in sample(db, count)]
    if kind == "prefix":
        # The first letters of real addresses: each lists a full page of matches.
        return [search(email[:4]) for _, email, _ in sample(db, count)]
    if kind == "page1000":
        # Page 1,000 of a one-letter prefix: the cursor is the last email of page 999.
        result = []
        for letter in "abcdefghijklmnopqrstuvwxyz":
            row = db.execute("SELECT email FROM users WHERE email >= ? AND email < ? ORDER BY email LIMIT 1 OFFSET ?",
                             (letter, chr(ord(letter) + 1), 999 * PAGE_SIZE - 1)).fetchone()
            has_page = db.execute("SELECT COUNT(*) FROM (SELECT 1 FROM users WHERE email > ? AND email < ? LIMIT 1) AS next",
                                  (row[0], chr(ord(letter) + 1))).fetchone()[0] if row else 0
            if row and has_page:
                result.append(search(letter, after=row[0], page=1000))
        return result
    if kind == "entrant":
        # Typed as people type them: an email in capitals, or a punctuated phone.
        rows = sample(db, count)
        return [f"/sweepstakes/{extra}?" + urllib.parse.urlencode({"q": email.upper() if n % 2 else typed_phone(phone)})
                for n, (_, email, phone) in enumerate(rows)]
    raise SystemExit(f"unknown kind {kind}")


def heavy_user(db, answers, entries):
    """An account that stood every day for years and entered often (the deletion benchmark)."""
    user_uuid = str(uuidlib.uuid4())
    email = f"heavy.{user_uuid[:8]}@bench.example"
    phone = "+1999" + str(random.randint(1000000, 9999999))
    with db:
        db.execute("""INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                      VALUES (?, ?, ?, 'x', '1980-01-01', '07:00', '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')""",
                   (user_uuid, email, phone))
        user_id = db.execute("SELECT id FROM users WHERE uuid = ?", (user_uuid,)).fetchone()[0]
        # Questions on old dates (one answer per question per user); reused across heavy users.
        for day in range(answers):
            runs_on = f"20{10 + day // 360:02d}-{day % 360 // 30 + 1:02d}-{day % 30 + 1:02d}"
            db.execute("""INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                          VALUES ('Benchmark question', ?, '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')
                          ON CONFLICT DO NOTHING""", (runs_on,))
            question = db.execute("SELECT id FROM daily_questions WHERE runs_on = ?", (runs_on,)).fetchone()[0]
            db.execute("INSERT INTO question_choices (question_id, position, text) VALUES (?, 0, 'Yes'), (?, 1, 'No') ON CONFLICT DO NOTHING",
                       (question, question))
            db.execute("INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, ?, ?, ?)",
                       (question, user_id, day % 2, runs_on + " 09:00:00.000"))
        sweepstakes = db.execute("SELECT id FROM sweepstakes WHERE status = 'open' ORDER BY id LIMIT 1").fetchone()[0]
        db.executemany("""INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                          VALUES (?, ?, 1, 'daily_stand', '2026-11-01 00:00:00.000')""", [(sweepstakes, user_id)] * entries)
    return user_uuid, email


def long_history(db, answers):
    """An account with a long history for the user page, its timeline and its data
    export: one answer a day for `answers` days (questions from 1700 on, shared by
    such accounts), 200 entries, 50 notes, a lifted suspension. Made once."""
    email = f"history.{answers}@bench.example"
    row = db.execute("SELECT uuid FROM users WHERE email = ?", (email,)).fetchone()
    if row:
        return row[0]
    user_uuid = str(uuidlib.uuid4())
    start = datetime.date(1700, 1, 1)
    days = [(start + datetime.timedelta(days=day)).isoformat() for day in range(answers)]
    with db:
        db.execute("""INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                      VALUES (?, ?, ?, 'x', '1980-01-01', '07:00', '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')""",
                   (user_uuid, email, "+1998" + str(answers).rjust(7, "0")))
        user_id = db.execute("SELECT id FROM users WHERE uuid = ?", (user_uuid,)).fetchone()[0]
        db.executemany("""INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                          VALUES ('What did you have for breakfast on ' || ? || '?', ?, '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')
                          ON CONFLICT DO NOTHING""",
                       [(day, day) for day in days])
        db.execute("""INSERT INTO question_choices (question_id, position, text)
                      SELECT id, 0, 'Toast' FROM daily_questions WHERE runs_on < '1974-01-01' ON CONFLICT DO NOTHING""")
        db.execute("""INSERT INTO question_choices (question_id, position, text)
                      SELECT id, 1, 'Nothing' FROM daily_questions WHERE runs_on < '1974-01-01' ON CONFLICT DO NOTHING""")
        db.execute("""INSERT INTO answers (question_id, user_id, choice_position, answered_at)
                      SELECT id, ?, id % 2, runs_on || ' 07:30:00.000' FROM daily_questions WHERE runs_on >= '1700-01-01' AND runs_on < ?""",
                   (user_id, days[-1] + "~"))
        sweepstakes = db.execute("SELECT id FROM sweepstakes WHERE status = 'open' ORDER BY id LIMIT 1").fetchone()[0]
        db.executemany("""INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                          VALUES (?, ?, 1, 'daily_stand', '2026-11-01 00:00:00.000')""", [(sweepstakes, user_id)] * 200)
        db.executemany("INSERT INTO account_notes (user_id, body, created_at) VALUES (?, ?, ?)",
                       [(user_id, f"Note {n}: called about the streak", f"2020-01-{n % 28 + 1:02d} 10:00:00.000") for n in range(50)])
        db.execute("""INSERT INTO account_suspensions (user_id, starts_at, ends_at, reason, lifted_at, lift_reason)
                      VALUES (?, '2021-01-01 00:00:00.000', NULL, 'Review', '2021-01-02 00:00:00.000', 'Cleared')""", (user_id,))
    return user_uuid


def million_answers(db):
    """One answer from each of the first million users to a question of 2009-06-15,
    spread over the day's hours, written like the app writes them: the triggers keep
    the tallies. Made once; later runs reuse it."""
    runs_on = "2009-06-15"
    with db:
        db.execute("""INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                      VALUES ('Which would you keep: phone, wallet or keys?', ?, '2009-01-01 00:00:00.000', '2009-01-01 00:00:00.000')
                      ON CONFLICT DO NOTHING""", (runs_on,))
        question = db.execute("SELECT id FROM daily_questions WHERE runs_on = ?", (runs_on,)).fetchone()[0]
        db.execute("""INSERT INTO question_choices (question_id, position, text)
                      VALUES (?, 0, 'Phone'), (?, 1, 'Wallet'), (?, 2, 'Keys') ON CONFLICT DO NOTHING""", (question, question, question))
        db.execute(f"""INSERT INTO answers (question_id, user_id, choice_position, answered_at)
                      SELECT ?, id, (id * 7) % 3, ? || ' ' || {two_digits("(id * 13) % 24")} || ':' || {two_digits("id % 60")} || ':00.000'
                      FROM users WHERE id <= ? ON CONFLICT DO NOTHING""",
                   (question, runs_on, MILLION))
    return question


def big_sweepstakes(db, name="Bench: a million entrants, ten entries each"):
    """Ten entries for each of the first million users, written in one statement
    like an import would, the triggers keeping entrants and totals. Made once;
    later runs reuse it."""
    row = db.execute("SELECT id FROM sweepstakes WHERE name = ?", (name,)).fetchone()
    if row:
        return row[0]
    with db:
        db.execute("""INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, winner_count, created_at)
                      VALUES (?, 'A car', '2025-01-01', '2025-01-31', 'open', 10, '2024-12-01 00:00:00.000')""", (name,))
        sweepstakes = db.execute("SELECT id FROM sweepstakes WHERE name = ?", (name,)).fetchone()[0]
        db.execute(f"""INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                      SELECT ?, u.id, 1, CASE WHEN k.n = 9 THEN 'streak_bonus' ELSE 'daily_stand' END,
                             '2025-01-' || {two_digits("1 + (u.id + k.n) % 31")} || ' 12:00:00.000'
                      FROM users u CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
                                               UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) k
                      WHERE u.id <= ?""",
                   (sweepstakes, MILLION))
    if not db.postgres:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sweepstakes


def pending_requests(db, count):
    """Pending deletion requests from the app until there are `count`: the queue
    support works through, so the list's first page is a full page (a store with
    a handful measured a short page). One per account, spread over the accounts
    and over the last weeks (one every 7 hours)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    with db:
        pending = db.execute("SELECT COUNT(*) FROM deletion_requests WHERE status = 'pending'").fetchone()[0]
        if pending < count:
            users = db.execute("""SELECT id, uuid FROM users u WHERE id % 997 = 0
                                    AND NOT EXISTS (SELECT 1 FROM deletion_requests r WHERE r.user_id = u.id AND r.status = 'pending')
                                  ORDER BY id LIMIT ?""", (count - pending,)).fetchall()
            db.executemany("INSERT INTO deletion_requests (user_id, user_uuid, source, status, created_at) VALUES (?, ?, 'app', 'pending', ?)",
                           [(user_id, uuid, (now - datetime.timedelta(hours=7 * index + 1)).strftime("%Y-%m-%d %H:%M:%S.000"))
                            for index, (user_id, uuid) in enumerate(users)])
        return db.execute("SELECT COUNT(*) FROM deletion_requests WHERE status = 'pending'").fetchone()[0]


def main():
    command, path = sys.argv[1], sys.argv[2]
    db = Store(path)
    if command == "paths":
        print("\n".join(paths(db, sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)))
    elif command == "big-sweepstakes":
        print(big_sweepstakes(db))
    elif command == "redrawn-sweepstakes":
        print(big_sweepstakes(db, "Bench: redrawn at every run, a million entrants"))
    elif command == "million-answers":
        print(million_answers(db))
    elif command == "heavy-user":
        print(*heavy_user(db, int(sys.argv[3]), int(sys.argv[4])))
    elif command == "pending-requests":
        print(pending_requests(db, int(sys.argv[3])))
    elif command == "long-history":
        print(long_history(db, int(sys.argv[3])))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
