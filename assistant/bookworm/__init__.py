"""The Bookworm overlay (`assistant overlay bookworm`).

  overlay   the command: follow the window, see a change, read, solve, draw (the Watch, which
            the crossword overlay's watch builds on)
  board     a board seen: its result, the clicks of its best word, the line reported
  scene     what is drawn (pure): the best word's tiles outlined and numbered, the panel
  attacker  --play: the best word clicked, then Attack, each click made safely
"""
