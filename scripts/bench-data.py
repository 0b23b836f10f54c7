#!/usr/bin/env python3
"""Data for scripts/bench, read from and written to the store as any other program would.

  bench-data.py paths DB KIND COUNT      print COUNT request paths of one search kind
  bench-data.py heavy-user DB ANSWERS ENTRIES
                                         add an account with that many answers and
                                         sweepstakes entries; print "uuid email"
  bench-data.py million-answers DB       a past question every user answered (once);
                                         print its id
  bench-data.py big-sweepstakes DB       an ended sweepstakes where every user holds ten
                                         entries (1M entrants, 10M entries); print its id
  bench-data.py paths DB entrant COUNT ID
                                         entrant searches on sweepstakes ID
  bench-data.py long-history DB ANSWERS  one account that answered that many days, with
                                         notes, a suspension and entries (made once per
                                         store and size); print its uuid
"""
import datetime
import random
import sqlite3
import sys
import urllib.parse
import uuid as uuidlib

PAGE_SIZE = 25


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
            has_page = db.execute("SELECT COUNT(*) FROM (SELECT 1 FROM users WHERE email > ? AND email < ? LIMIT 1)",
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
            db.execute("""INSERT OR IGNORE INTO daily_questions (text, runs_on, created_at, updated_at)
                          VALUES ('Benchmark question', ?, '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')""", (runs_on,))
            question = db.execute("SELECT id FROM daily_questions WHERE runs_on = ?", (runs_on,)).fetchone()[0]
            db.execute("INSERT OR IGNORE INTO question_choices (question_id, position, text) VALUES (?, 0, 'Yes'), (?, 1, 'No')", (question, question))
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
        db.executemany("""INSERT OR IGNORE INTO daily_questions (text, runs_on, created_at, updated_at)
                          VALUES ('What did you have for breakfast on ' || ? || '?', ?, '2015-01-01 00:00:00.000', '2015-01-01 00:00:00.000')""",
                       [(day, day) for day in days])
        db.execute("""INSERT OR IGNORE INTO question_choices (question_id, position, text)
                      SELECT id, 0, 'Toast' FROM daily_questions WHERE runs_on < '1974-01-01'""")
        db.execute("""INSERT OR IGNORE INTO question_choices (question_id, position, text)
                      SELECT id, 1, 'Nothing' FROM daily_questions WHERE runs_on < '1974-01-01'""")
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
    """One answer per user (a million on the bench store) to a question of 2009-06-15,
    spread over the day's hours, written like the app writes them: the triggers keep
    the tallies. Made once; later runs reuse it."""
    runs_on = "2009-06-15"
    with db:
        db.execute("""INSERT OR IGNORE INTO daily_questions (text, runs_on, created_at, updated_at)
                      VALUES ('Which would you keep: phone, wallet or keys?', ?, '2009-01-01 00:00:00.000', '2009-01-01 00:00:00.000')""", (runs_on,))
        question = db.execute("SELECT id FROM daily_questions WHERE runs_on = ?", (runs_on,)).fetchone()[0]
        db.execute("""INSERT OR IGNORE INTO question_choices (question_id, position, text)
                      VALUES (?, 0, 'Phone'), (?, 1, 'Wallet'), (?, 2, 'Keys')""", (question, question, question))
        db.execute("""INSERT OR IGNORE INTO answers (question_id, user_id, choice_position, answered_at)
                      SELECT ?, id, (id * 7) % 3, ? || printf(' %02d:%02d:00.000', (id * 13) % 24, id % 60) FROM users""",
                   (question, runs_on))
    return question


def big_sweepstakes(db):
    """Ten entries per user, written in one statement like an import would, the
    triggers keeping entrants and totals. Made once; later runs reuse it."""
    name = "Bench: every user, ten entries"
    row = db.execute("SELECT id FROM sweepstakes WHERE name = ?", (name,)).fetchone()
    if row:
        return row[0]
    with db:
        db.execute("""INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, winner_count, created_at)
                      VALUES (?, 'A car', '2025-01-01', '2025-01-31', 'open', 10, '2024-12-01 00:00:00.000')""", (name,))
        sweepstakes = db.execute("SELECT id FROM sweepstakes WHERE name = ?", (name,)).fetchone()[0]
        db.execute("""INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                      SELECT ?, u.id, 1, CASE WHEN k.n = 9 THEN 'streak_bonus' ELSE 'daily_stand' END,
                             '2025-01-' || printf('%02d', 1 + (u.id + k.n) % 31) || ' 12:00:00.000'
                      FROM users u CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
                                               UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) k""",
                   (sweepstakes,))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sweepstakes


def main():
    command, path = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(path, timeout=30)
    db.execute("PRAGMA foreign_keys = ON")
    if command == "paths":
        print("\n".join(paths(db, sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)))
    elif command == "big-sweepstakes":
        print(big_sweepstakes(db))
    elif command == "million-answers":
        print(million_answers(db))
    elif command == "heavy-user":
        print(*heavy_user(db, int(sys.argv[3]), int(sys.argv[4])))
    elif command == "long-history":
        print(long_history(db, int(sys.argv[3])))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
