"""The Bookworm overlay (`assistant overlay bookworm`).

  overlay   the command: the Watch board after board, with --play the Attacker; the report
  watch     the Watch: follow the window, see a change, read once it keeps still, solve, draw
            (the crossword overlay's watch builds on it)
  attacker  --play: the best word clicked, then Attack, each click made safely
  board     a board seen: its result, the clicks of its best word, the line reported
  scene     what is drawn (pure): the best word's tiles outlined and numbered, the panel
"""
