"""The files the program reads and writes (the vision, the solvers and the practice games
read through these).

  user      files the user named (read or written whole, every fault one line), and caches
  shipped   the files the package ships (lexicons/, templates/glyphs/)
  folders   the per-user folders (cache, data), each with an override
  wordlist  word lists loaded, compiled once and cached per user (and their anagram index)
"""
