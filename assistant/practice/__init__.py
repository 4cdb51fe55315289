"""Practice games: real Tk windows that look and play like the games, for demos and for testing
the live player end to end against a game that takes real mouse input.

  wordament_game   Practice Wordament's rules and state, pure: tiles, boards, drag paths,
                   verdicts, scores, the window's geometry and the results record
  wordament        the Tk window (`assistant practice wordament`)
  bookworm_rules   Practice Bookworm's rules and state, pure: tiles, damage, picking, refills
  bookworm         its layout, the play and the results file, plain Python
  bookworm_window  the Tk window (`assistant practice bookworm`), drawn by bookworm_draw

Each game judges and scores with its own small tables, never with the solver, so a test of the
live player against it does not check the code against itself.
"""
