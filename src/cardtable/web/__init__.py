"""The web table: a FastAPI server where people and agents play every game in the
browser, with every table kept in a database (SQLite by default, PostgreSQL by URL)."""
