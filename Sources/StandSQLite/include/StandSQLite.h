// StandSQLite has no API of its own: linking it gives GRDB SQLite 3.54.1 (SQLite.c).
#pragma once
