"""The history: what each game accepted and rejected, and the rounds played (SQLite).

  store     the store: one SQLite file, its schema, the evidence on each word, every fault
  user      the user's store: where it lives (brought over from before 0.2 first), its bans
  upgrade   the store of versions before 0.2 brought over from their data folder

`assistant history` (the command that shows it) is assistant/history.py.
"""
