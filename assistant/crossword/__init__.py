"""The crossword overlay (`assistant overlay wordfeud|scrabble|wwf`).

  overlay   the command: the Bookworm overlay's Watch (bookworm/watch.py) with the
            crossword game's parts
  scene     what is drawn (pure): the best move's tiles on their squares, the panel
"""
